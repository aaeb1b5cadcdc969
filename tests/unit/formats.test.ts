// The app's dates and numbers read the same as before the formats were shared.
import { describe, expect, it } from "vitest";
import { amount, compactNumber, formatCost, monthYear, shortDate, wholeNumber } from "~/lib/rules/formats";
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

  it("writes UTC dates by hand exactly as Intl writes them in US English", () => {
    const short = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
    const long = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
    const shortMonth = new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
    // Every 29 hours and 13 minutes for five years: every month, day and hour comes round.
    for (let time = Date.UTC(2023, 0, 1); time < Date.UTC(2028, 0, 1); time += 29 * 3_600_000 + 13 * 60_000) {
      const date = new Date(time);
      expect(shortDate(date), date.toISOString()).toBe(short.format(date));
      expect(shortDate(date.toISOString())).toBe(short.format(date));
      expect(monthYear(date), date.toISOString()).toBe(long.format(date));
      expect(monthYear(date, "short"), date.toISOString()).toBe(shortMonth.format(date));
    }
  });

  it("writes numbers and dollars by hand exactly as Intl writes them in US English", () => {
    const whole = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
    const twoDecimals = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });
    const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 });
    const usdWhole = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
    // Hundredths from 0 to 10,000,000.00 (the largest cost accepted), spread across every
    // digit count, plus the edges of each group of three digits.
    const hundredths = [
      0, 1, 5, 10, 50, 99, 100, 101, 150, 999, 1000, 99_999, 100_000, 100_001, 123_456, 999_999, 1_000_000, 12_345_678, 99_999_999, 100_000_000, 1_000_000_000,
    ];
    for (let step = 7; step < 1_000_000_000; step = Math.ceil(step * 1.37) + 3) hundredths.push(step);
    for (const cents of hundredths) {
      const value = cents / 100;
      expect(amount(value), String(value)).toBe(twoDecimals.format(value));
      if (cents > 0) expect(amount(-value), String(-value)).toBe(twoDecimals.format(-value));
      expect(wholeNumber(cents), String(cents)).toBe(whole.format(cents));
      expect(formatCost(cents), String(cents)).toBe(cents % 100 === 0 ? usdWhole.format(value) : usd.format(value));
    }
    expect(formatCost(120000)).toBe("$1,200");
    expect(formatCost(129999)).toBe("$1,299.99");
    expect(formatCost(50)).toBe("$0.50");
    expect(formatCost(-250)).toBe("-$2.50");
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
