// Insurance reminders, "event starting soon" pushes and the sweep of deleted accounts: a check when the server starts and
// every hour after, once per process. The rules (30-day window, one reminder per expiry; the
// events of the next 24 hours, once per attendee) live in the notification and push models.
import { sweepAccountDeletions } from "~/models/account-deletion.server";
import { wakeJobWorkers } from "~/models/job-worker.server";
import { sendInsuranceReminders } from "~/models/insurance-notices.server";
import { sendEventReminders } from "~/models/push.server";

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
  try {
    const queued = await sendEventReminders();
    if (queued > 0) console.info(`Event reminders queued: ${queued}`);
  } catch (error) {
    console.error("Event reminder check failed", error);
  }
  try {
    // Accounts whose seven days to change their mind are over are deleted for good.
    const queued = await sweepAccountDeletions();
    if (queued > 0) wakeJobWorkers();
  } catch (error) {
    console.error("Account deletion sweep failed", error);
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
