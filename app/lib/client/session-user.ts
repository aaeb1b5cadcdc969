// The signed-in user as the browser keeps it (stored locally under
// `sessionUser`): id, email, username, loginTime. The server session stays the authority;
// this copy lets tabs notice each other's sign-in and sign-out.
import { SESSION_USER_STORAGE_KEY } from "~/lib/constants";

export type SessionUser = {
  id: number;
  email: string;
  username: string;
  /** ISO time of the sign-in. */
  loginTime: string;
};

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null; // storage disabled (private mode, policies)
  }
}

/**
 * The stored copy exactly as kept (JSON text), or null when nothing is stored. The session
 * check sends this, not readSessionUser's reading of it: a copy with a wrong-typed field is
 * still a stored user, and the server tells the browser to clear it.
 */
export function readStoredSessionData(): string | null {
  try {
    const raw = storage()?.getItem(SESSION_USER_STORAGE_KEY);
    return raw ? raw : null;
  } catch {
    return null;
  }
}

export function readSessionUser(): SessionUser | null {
  const raw = storage()?.getItem(SESSION_USER_STORAGE_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<SessionUser>;
    if (typeof value.id !== "number" || typeof value.email !== "string" || typeof value.username !== "string") return null;
    return { id: value.id, email: value.email, username: value.username, loginTime: String(value.loginTime ?? "") };
  } catch {
    return null;
  }
}

export function storeSessionUser(user: { id: number; email: string; username: string }, loginTime?: string): SessionUser {
  const value: SessionUser = {
    id: user.id,
    email: user.email,
    username: user.username,
    loginTime: loginTime ?? new Date().toISOString(),
  };
  try {
    storage()?.setItem(SESSION_USER_STORAGE_KEY, JSON.stringify(value));
  } catch {
    // quota or policy: the server session still works
  }
  return value;
}

export function clearSessionUser(): void {
  try {
    storage()?.removeItem(SESSION_USER_STORAGE_KEY);
  } catch {
    // ignore
  }
}
