// Dates and numbers as the app writes them, in US English. Each format is built once:
// `toLocaleString` with options builds a new formatter on every call, which costs more than
// the rest of a list row's rendering.

/** "Nov 3, 2026", the same on the server and in the browser (UTC). */
const shortDateFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
const monthFormats = {
  long: new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" }),
  short: new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" }),
};
const wholeNumberFormat = new Intl.NumberFormat("en-US");
const amountFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });
const compactFormat = new Intl.NumberFormat("en", { notation: "compact", maximumFractionDigits: 1 });

/** "Nov 3, 2026" (UTC). */
export function shortDate(value: Date | string): string {
  return shortDateFormat.format(typeof value === "string" ? new Date(value) : value);
}

/** "March 2025" (long) or "Mar 2025" (short), for the first day of a month in UTC. */
export function monthYear(date: Date, style: "long" | "short" = "long"): string {
  return monthFormats[style].format(date);
}

/** 12345 → "12,345". */
export function wholeNumber(value: number): string {
  return wholeNumberFormat.format(value);
}

/** 1234.567 → "1,234.57": at most two decimals. */
export function amount(value: number): string {
  return amountFormat.format(value);
}

/** 1234 → "1.2K". */
export function compactNumber(value: number): string {
  return compactFormat.format(value);
}
