// Which navigation link marks the current page (components/shell/Link.tsx): its own address and,
// unless it says `end`, the pages below it; the home link only itself; the query never counts.
import { describe, expect, it } from "vitest";
import { isCurrent } from "~/components/shell/Link";

describe("a navigation link is current", () => {
  it("at its address and below it", () => {
    expect(isCurrent("/events", "/events", false)).toBe(true);
    expect(isCurrent("/events/12", "/events", false)).toBe(true);
    expect(isCurrent("/my-cars/4/mods", "/my-cars", false)).toBe(true);
  });

  it("not at an address that only starts with the same letters", () => {
    expect(isCurrent("/eventsarchive", "/events", false)).toBe(false);
    expect(isCurrent("/search", "/events", false)).toBe(false);
  });

  it("only at its own address when it says end, and the home link always so", () => {
    expect(isCurrent("/events/12", "/events", true)).toBe(false);
    expect(isCurrent("/", "/", false)).toBe(true);
    expect(isCurrent("/events", "/", false)).toBe(false);
  });

  it("whatever its query or hash", () => {
    expect(isCurrent("/search", "/search?q=mx5", false)).toBe(true);
    expect(isCurrent("/", "/?feed=latest", false)).toBe(true);
    expect(isCurrent("/user/demo", "/user/demo#cars", false)).toBe(true);
  });
});
