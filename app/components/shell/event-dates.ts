// Event dates as display strings, computed on the server so the page reads the same
// before and after hydration.
const LOCALE = "en-US";

export function eventDateParts(date: Date) {
  return {
    iso: date.toISOString(),
    month: date.toLocaleString(LOCALE, { month: "short" }).toUpperCase(),
    day: String(date.getDate()),
    when: date.toLocaleString(LOCALE, {
      weekday: "short",
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
    }),
    longDate: date.toLocaleDateString(LOCALE, { weekday: "long", year: "numeric", month: "long", day: "numeric" }),
    time: date.toLocaleTimeString(LOCALE, { hour: "numeric", minute: "2-digit" }),
  };
}
