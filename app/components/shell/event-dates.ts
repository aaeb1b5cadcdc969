// Event dates as display strings, computed on the server so the page reads the same
// before and after hydration. Each format is built once, on first use (~/lib/rules/formats).
import { dateTimeFormat } from "~/lib/rules/formats";

const LOCALE = "en-US";

const monthFormat = dateTimeFormat(LOCALE, { month: "short" });
const whenFormat = dateTimeFormat(LOCALE, { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });
const longDateFormat = dateTimeFormat(LOCALE, { weekday: "long", year: "numeric", month: "long", day: "numeric" });
const timeFormat = dateTimeFormat(LOCALE, { hour: "numeric", minute: "2-digit" });

export function eventDateParts(date: Date) {
  return {
    iso: date.toISOString(),
    month: monthFormat().format(date).toUpperCase(),
    day: String(date.getDate()),
    when: whenFormat().format(date),
    longDate: longDateFormat().format(date),
    time: timeFormat().format(date),
  };
}
