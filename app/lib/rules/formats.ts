// Dates and numbers as the app writes them, in US English.
//
// The first Intl formatter a page builds loads the locale's data: tens of milliseconds on a
// desktop, several times that on a mid-range phone, spent inside hydration where it blocks
// every tap. So:
// - digit grouping, amounts and dollars are written here by hand (en-US needs nothing more
//   than commas every three digits and a dot), and read the same as Intl's output;
// - so are the dates every page may show, in UTC ("Nov 3, 2026", "March 2025");
// - short counts ("1.2K", only from a thousand up) and dates in a time zone use Intl, each
//   formatter built once, on first use, never when the module loads (`toLocaleString` with
//   options would build one per call).

/** A DateTimeFormat built the first time it is asked for. */
export function dateTimeFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | undefined;
  return () => (format ??= new Intl.DateTimeFormat(locale, options));
}

/** A NumberFormat built the first time it is asked for. */
function numberFormat(locale: string | undefined, options?: Intl.NumberFormatOptions): () => Intl.NumberFormat {
  let format: Intl.NumberFormat | undefined;
  return () => (format ??= new Intl.NumberFormat(locale, options));
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "March" (long) or "Mar" (short): the month of a date in UTC. */
function monthName(date: Date, style: "long" | "short"): string {
  const name = MONTHS[date.getUTCMonth()];
  return style === "long" ? name : name.slice(0, 3);
}

/** "Nov 3, 2026" (UTC). */
export function shortDate(value: Date | string): string {
  const date = typeof value === "string" ? new Date(value) : value;
  return `${monthName(date, "short")} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** "Nov 3, 2026, 14:05" (UTC, 24-hour clock). */
export function shortDateTime(value: Date | string): string {
  const date = typeof value === "string" ? new Date(value) : value;
  const two = (n: number) => String(n).padStart(2, "0");
  return `${shortDate(date)}, ${two(date.getUTCHours())}:${two(date.getUTCMinutes())}`;
}

/** "March 2025" (long) or "Mar 2025" (short), for the first day of a month in UTC. */
export function monthYear(date: Date, style: "long" | "short" = "long"): string {
  return `${monthName(date, style)} ${date.getUTCFullYear()}`;
}

/** Commas every three digits of a non-negative whole number: 1234567 → "1,234,567". */
function grouped(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** Hundredths as "whole" or "whole.fraction", the fraction's trailing zeros dropped or kept. */
function fromHundredths(value: number, keepZeros: boolean): string {
  const hundredths = Math.round(Math.abs(value) * 100);
  const sign = value < 0 && hundredths > 0 ? "-" : "";
  const fraction = String(hundredths % 100).padStart(2, "0");
  const shown = keepZeros ? fraction : fraction.replace(/0+$/, "");
  return `${sign}${grouped(Math.floor(hundredths / 100))}${shown ? `.${shown}` : ""}`;
}

/** 12345 → "12,345" (rounded to a whole number). */
export function wholeNumber(value: number): string {
  const whole = Math.round(Math.abs(value));
  return `${value < 0 && whole > 0 ? "-" : ""}${grouped(whole)}`;
}

/** 1234.567 → "1,234.57": at most two decimals. */
export function amount(value: number): string {
  return fromHundredths(value, false);
}

/** Cents as US dollars: "$1,200" for whole amounts, "$1,299.99" otherwise. */
export function formatCost(cents: number): string {
  const whole = Math.round(cents) % 100 === 0;
  const text = whole ? wholeNumber(cents / 100) : fromHundredths(cents / 100, true);
  return text.startsWith("-") ? `-$${text.slice(1)}` : `$${text}`;
}

const compactFormat = numberFormat("en", { notation: "compact", maximumFractionDigits: 1 });

/** 1234 → "1.2K". */
export function compactNumber(value: number): string {
  return compactFormat().format(value);
}
