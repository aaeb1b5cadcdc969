import { describe, expect, it } from "vitest";
import { HEADER_HIDE_AFTER_PX, HEADER_SCROLLED_AFTER_PX } from "~/lib/constants";
import { INITIAL_HEADER_SCROLL, nextHeaderScroll, type HeaderScroll } from "~/components/shell/header-scroll";
import { bottomItems, chromeFor, isActivePath, mainFirst, sidebarItems } from "~/components/shell/nav";

const labels = (items: { label: string }[]) => items.map((item) => item.label);

describe("sidebarItems", () => {
  it("shows a visitor everything but My Posts and the Admin Area, members-only items gated", () => {
    const items = sidebarItems(null);
    expect(labels(items)).toEqual(["My Cars", "Post", "Messages", "Notifications", "Events", "Profile", "Search"]);
    const gated = items.filter((item) => item.membersOnly).map((item) => item.label);
    expect(gated).toEqual(["My Cars", "Post", "Messages", "Notifications", "Profile"]);
  });

  it("gives a member My Posts on their own page, in the sidebar's order", () => {
    const items = sidebarItems({ username: "sam_e46", isAdmin: false });
    expect(labels(items)).toEqual(["My Cars", "Post", "Messages", "Notifications", "Events", "My Posts", "Profile", "Search"]);
    expect(items.find((item) => item.key === "my-posts")?.href).toBe("/user/sam_e46");
    // Post goes through /post/new, which sends a member with no car to add one first.
    expect(items.find((item) => item.key === "upload")?.href).toBe("/post/new");
    expect(items.find((item) => item.key === "my-cars")?.href).toBe("/my-cars");
  });

  it("adds the Admin Area for administrators only", () => {
    expect(labels(sidebarItems({ username: "boss", isAdmin: true }))).toContain("Admin Area");
    expect(labels(sidebarItems({ username: "boss", isAdmin: true })).at(-1)).toBe("Admin Area");
    expect(labels(sidebarItems({ username: "sam", isAdmin: false }))).not.toContain("Admin Area");
  });
});

describe("bottomItems", () => {
  it("has five items: search, events, post, messages, profile; the last three for members", () => {
    const items = bottomItems();
    expect(items.map((item) => item.href)).toEqual(["/search", "/events", "/post/new", "/messages", "/profile"]);
    expect(items.filter((item) => item.membersOnly).map((item) => item.key)).toEqual(["upload", "messages", "profile"]);
  });
});

describe("chromeFor", () => {
  it("hides the bottom bar on /upload and all chrome on /embed/*", () => {
    expect(chromeFor("/")).toEqual({ header: true, sidebar: true, bottomNav: true });
    expect(chromeFor("/upload")).toEqual({ header: true, sidebar: true, bottomNav: false });
    expect(chromeFor("/embed/post/12")).toEqual({ header: false, sidebar: false, bottomNav: false });
    expect(chromeFor("/uploads-gallery").bottomNav).toBe(true);
    expect(chromeFor("/embedded").header).toBe(true);
  });
});

describe("mainFirst", () => {
  it("puts the page before the header on the sign-in, sign-up and reset pages only", () => {
    expect(["/login", "/signup", "/reset-password"].filter(mainFirst)).toEqual(["/login", "/signup", "/reset-password"]);
    expect(["/", "/events", "/login/extra", "/profile/security", "/two-factor"].filter(mainFirst)).toEqual([]);
  });
});

describe("isActivePath", () => {
  it("matches the page and its sub-pages, not look-alikes", () => {
    expect(isActivePath("/events", "/events")).toBe(true);
    expect(isActivePath("/events/4", "/events")).toBe(true);
    expect(isActivePath("/eventsx", "/events")).toBe(false);
    expect(isActivePath("/search", "/")).toBe(false);
    expect(isActivePath("/", "/")).toBe(true);
  });
});

describe("nextHeaderScroll", () => {
  function run(positions: number[], isMobile: boolean): HeaderScroll[] {
    const states: HeaderScroll[] = [];
    let state = INITIAL_HEADER_SCROLL;
    for (const y of positions) {
      state = nextHeaderScroll(state, y, isMobile);
      states.push(state);
    }
    return states;
  }

  it("gets the scrolled look after 50px", () => {
    expect(nextHeaderScroll(INITIAL_HEADER_SCROLL, HEADER_SCROLLED_AFTER_PX, true).scrolled).toBe(false);
    expect(nextHeaderScroll(INITIAL_HEADER_SCROLL, HEADER_SCROLLED_AFTER_PX + 1, true).scrolled).toBe(true);
    expect(nextHeaderScroll(INITIAL_HEADER_SCROLL, HEADER_SCROLLED_AFTER_PX + 1, false).scrolled).toBe(true);
  });

  it("on phones hides when scrolling down past 100px and returns when scrolling up", () => {
    const states = run([40, 90, HEADER_HIDE_AFTER_PX, 160, 400, 380, 500, 60], true);
    expect(states.map((state) => state.hidden)).toEqual([false, false, false, true, true, false, true, false]);
  });

  it("never hides at or above 100px, nor on wider screens", () => {
    expect(run([20, 60, 100], true).some((state) => state.hidden)).toBe(false);
    expect(run([0, 200, 600, 1200], false).some((state) => state.hidden)).toBe(false);
  });

  it("ignores jitter of a few pixels", () => {
    const [, hidden, jitter] = run([120, 300, 298], true);
    expect(hidden.hidden).toBe(true);
    expect(jitter.hidden).toBe(true);
  });
});
