// Event dates as display strings, computed on the server so the page reads the same
// before and after hydration. The formats are built once (see ~/lib/formats).
const LOCALE = "en-US";

const monthFormat = new Intl.DateTimeFormat(LOCALE, { month: "short" });
const whenFormat = new Intl.DateTimeFormat(LOCALE, { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });
const longDateFormat = new Intl.DateTimeFormat(LOCALE, { weekday: "long", year: "numeric", month: "long", day: "numeric" });
const timeFormat = new Intl.DateTimeFormat(LOCALE, { hour: "numeric", minute: "2-digit" });

export function eventDateParts(date: Date) {
  return {
    iso: date.toISOString(),
    month: monthFormat.format(date).toUpperCase(),
    day: String(date.getDate()),
    when: whenFormat.format(date),
    longDate: longDateFormat.format(date),
    time: timeFormat.format(date),
  };
}
