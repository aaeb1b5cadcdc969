// Insurance reminders: a check when the server starts and every hour after, once per
// process. The rules (30-day window, one reminder per expiry) live in the notification model.
import { sendInsuranceReminders } from "~/models/notification.server";

export const INSURANCE_CHECK_INTERVAL = 60 * 60 * 1000;

// On globalThis so a development rebuild, which re-evaluates this module, does not start a second timer.
const STARTED = Symbol.for("carsocial.insuranceReminders");
type Holder = { [STARTED]?: ReturnType<typeof setInterval> };

async function check() {
  try {
    const sent = await sendInsuranceReminders();
    if (sent > 0) console.info(`Insurance reminders sent: ${sent}`);
  } catch (error) {
    console.error("Insurance reminder check failed", error);
  }
}

/** Runs a check now and then hourly. Calling it again does nothing. */
export function startInsuranceReminders(): void {
  const holder = globalThis as Holder;
  if (holder[STARTED]) return;
  const timer = setInterval(check, INSURANCE_CHECK_INTERVAL);
  // The timer must never keep the process alive on its own.
  timer.unref();
  holder[STARTED] = timer;
  void check();
}

/** Stops the hourly check (tests). */
export function stopInsuranceReminders(): void {
  const holder = globalThis as Holder;
  if (holder[STARTED]) clearInterval(holder[STARTED]);
  delete holder[STARTED];
}
