// Compact relative time for notification rows: 'Just now', '12s', '5m', '2h', '3d', '1w'
// (the steps of relativeTime; the shared formatter says '5m ago', rows are too narrow for that).
import { relativeTime } from "~/lib/rules/relative-time";

export function shortRelativeTime(value: string | Date, now: number = Date.now()): string {
  return relativeTime(value, now).replace(/ ago$/, "");
}
