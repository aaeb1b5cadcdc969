// The app's dates and numbers read the same as before the formats were shared.
import { describe, expect, it } from "vitest";
import { amount, compactNumber, monthYear, shortDate, wholeNumber } from "~/lib/formats";
import { eventDateParts } from "~/components/shell/event-dates";
import { clockTime, dayKey, dayLabel } from "~/components/messages/thread-state";

describe("formats", () => {
  it("writes dates in US English, in UTC where the page must read the same everywhere", () => {
    expect(shortDate("2026-11-03T23:30:00Z")).toBe("Nov 3, 2026");
    expect(shortDate(new Date(Date.UTC(2025, 0, 31)))).toBe("Jan 31, 2025");
    expect(monthYear(new Date(Date.UTC(2025, 2, 1)))).toBe("March 2025");
    expect(monthYear(new Date(Date.UTC(2025, 2, 1)), "short")).toBe("Mar 2025");
  });

  it("writes numbers with grouping, two decimals at most, and short counts", () => {
    expect(wholeNumber(12345)).toBe("12,345");
    expect(amount(1234.567)).toBe("1,234.57");
    expect(amount(12.5)).toBe("12.5");
    expect(compactNumber(1234)).toBe("1.2K");
    expect(compactNumber(2_500_000)).toBe("2.5M");
  });

  it("gives an event's date parts in the server's time zone", () => {
    const date = new Date(2026, 11, 5, 18, 30);
    expect(eventDateParts(date)).toMatchObject({ month: "DEC", day: "5", when: "Sat, Dec 5, 6:30 PM", longDate: "Saturday, December 5, 2026", time: "6:30 PM" });
  });

  it("keeps a formatter per time zone for message days and times", () => {
    const iso = "2026-05-04T23:30:00Z";
    expect(dayKey(iso, "UTC")).toBe("2026-05-04");
    expect(dayKey(iso, "Asia/Tokyo")).toBe("2026-05-05");
    expect(clockTime(iso, "UTC")).toBe("11:30 PM");
    expect(clockTime(iso, "America/New_York")).toBe("7:30 PM");
    const now = Date.parse("2026-05-20T12:00:00Z");
    expect(dayLabel("2026-05-17T12:00:00Z", now, "UTC")).toBe("Sunday");
    expect(dayLabel("2026-03-02T12:00:00Z", now, "UTC")).toBe("March 2");
    expect(dayLabel("2025-03-02T12:00:00Z", now, "UTC")).toBe("March 2, 2025");
  });
});
