// The client side of the reset cooldown (one request per 60 seconds), kept in
// localStorage so a reload does not reset it, and in memory when storage is unavailable.
const KEY = "passwordResetRequestedAt";
let inMemory: number | null = null;

export function readResetRequestedAt(): number | null {
  try {
    const raw = window.localStorage.getItem(KEY);
    const value = raw === null ? NaN : Number(raw);
    return Number.isFinite(value) ? value : inMemory;
  } catch {
    return inMemory;
  }
}

export function rememberResetRequest(at: number): void {
  inMemory = at;
  try {
    window.localStorage.setItem(KEY, String(at));
  } catch {
    // storage disabled: the in-memory value still applies to this page
  }
}
