import { describe, expect, it } from "vitest";
import { daysOld, daysOldHolds, relativeTime } from "~/lib/rules/relative-time";

const NOW = Date.parse("2026-11-22T12:00:00.000Z");
const ago = (ms: number) => new Date(NOW - ms);
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe("relativeTime: just now, seconds, minutes, hours, days, weeks", () => {
  it("says 'Just now' under 5 seconds", () => {
    expect(relativeTime(ago(0), NOW)).toBe("Just now");
    expect(relativeTime(ago(4999), NOW)).toBe("Just now");
  });

  it("counts seconds from 5 to 59", () => {
    expect(relativeTime(ago(5 * S), NOW)).toBe("5s ago");
    expect(relativeTime(ago(59 * S + 999), NOW)).toBe("59s ago");
  });

  it("counts minutes, hours and days", () => {
    expect(relativeTime(ago(60 * S), NOW)).toBe("1m ago");
    expect(relativeTime(ago(59 * M + 59 * S), NOW)).toBe("59m ago");
    expect(relativeTime(ago(H), NOW)).toBe("1h ago");
    expect(relativeTime(ago(23 * H + 59 * M), NOW)).toBe("23h ago");
    expect(relativeTime(ago(D), NOW)).toBe("1d ago");
    expect(relativeTime(ago(6 * D + 23 * H), NOW)).toBe("6d ago");
  });

  it("switches to weeks at 7 days", () => {
    expect(relativeTime(ago(7 * D), NOW)).toBe("1w ago");
    expect(relativeTime(ago(13 * D), NOW)).toBe("1w ago");
    expect(relativeTime(ago(14 * D), NOW)).toBe("2w ago");
    expect(relativeTime(ago(400 * D), NOW)).toBe("57w ago");
  });

  it("accepts ISO strings and numbers, and reads future dates as now", () => {
    expect(relativeTime(ago(3 * H).toISOString(), NOW)).toBe("3h ago");
    expect(relativeTime(NOW - 12 * S, new Date(NOW))).toBe("12s ago");
    expect(relativeTime(NOW + 60 * S, NOW)).toBe("Just now");
    expect(relativeTime("not a date", NOW)).toBe("");
  });
});

describe("daysOld", () => {
  it("counts whole days, never negative", () => {
    expect(daysOld(ago(0), NOW)).toBe(0);
    expect(daysOld(ago(D - 1), NOW)).toBe(0);
    expect(daysOld(ago(3 * D + 5 * H), NOW)).toBe(3);
    expect(daysOld(NOW + D, NOW)).toBe(0);
  });

  it("daysOldHolds is exactly how long daysOld stays the same, for past and future dates", () => {
    for (const age of [-2 * D - 7, -D, -1, 0, 1, D - 1, D, D + 1, 3 * D + 5 * H, 40 * D + 17]) {
      const then = NOW - age;
      const holds = daysOldHolds(then, NOW);
      expect(holds, `age ${age}`).toBeGreaterThan(0);
      expect(daysOld(then, NOW + holds - 1), `age ${age}`).toBe(daysOld(then, NOW));
      expect(daysOld(then, NOW + holds), `age ${age}`).toBe(daysOld(then, NOW) + 1);
    }
    expect(daysOldHolds("not a date", NOW)).toBe(Infinity);
  });
});
