// Relative time of posts and comments: under 5 s 'Just now', then seconds,
// minutes, hours, days (under 7 days), then weeks. Compact wording: '12s ago', '5m ago',
// '3h ago', '2d ago', '3w ago'. Pure; pass `now` so server and browser agree.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

export const JUST_NOW = "Just now";

function toMs(value: Date | string | number): number {
  return value instanceof Date ? value.getTime() : typeof value === "number" ? value : Date.parse(value);
}

export function relativeTime(value: Date | string | number, now: Date | number = Date.now()): string {
  const then = toMs(value);
  if (Number.isNaN(then)) return "";
  // A date slightly in the future (clocks disagree) reads as now.
  const elapsed = Math.max(0, toMs(now) - then);
  if (elapsed < 5 * SECOND) return JUST_NOW;
  if (elapsed < MINUTE) return `${Math.floor(elapsed / SECOND)}s ago`;
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h ago`;
  if (elapsed < WEEK) return `${Math.floor(elapsed / DAY)}d ago`;
  return `${Math.floor(elapsed / WEEK)}w ago`;
}

/**
 * How long from `now` (in ms) every label counted between `value` and `now` stays the same:
 * relativeTime's, and any count of whole seconds, minutes, hours, days or weeks to or from
 * `value` on the same scale. Past dates hold until the elapsed time reaches its next whole
 * unit (and 'Just now' until 5 s); future dates until the time left drops below its current
 * whole unit.
 */
export function relativeTimeHolds(value: Date | string | number, now: Date | number = Date.now()): number {
  const then = toMs(value);
  const at = toMs(now);
  if (Number.isNaN(then) || Number.isNaN(at)) return Infinity;
  const distance = Math.abs(at - then);
  const unit = distance < MINUTE ? SECOND : distance < HOUR ? MINUTE : distance < DAY ? HOUR : distance < WEEK ? DAY : WEEK;
  if (then > at) return distance % unit || unit;
  if (distance < 5 * SECOND) return 5 * SECOND - distance;
  return unit - (distance % unit);
}

/** Whole days since a date (the feed's days_old); never negative. */
export function daysOld(value: Date | string | number, now: Date | number = Date.now()): number {
  const then = toMs(value);
  if (Number.isNaN(then)) return 0;
  return Math.max(0, Math.floor((toMs(now) - then) / DAY));
}

/** How many ms from `now` daysOld(value) still gives what it gives at `now`. */
export function daysOldHolds(value: Date | string | number, now: Date | number = Date.now()): number {
  const then = toMs(value);
  const at = toMs(now);
  if (Number.isNaN(then) || Number.isNaN(at)) return Infinity;
  return then + (daysOld(then, at) + 1) * DAY - at;
}
