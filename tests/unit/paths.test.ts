// The page addresses every link, redirect, notification and push is built from, and the API
// addresses the forms post to and the fetchers load.
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  apiPaths,
  buildCardPath,
  carEditPath,
  carHandoverPath,
  carModsPath,
  carServicePath,
  commentEditPath,
  commentPath,
  embedPath,
  eventIcsPath,
  eventPath,
  handoverPath,
  messagesPath,
  modEditPath,
  modNewPath,
  partPath,
  postEditPath,
  postLikesPath,
  postPath,
  showcaseCsvPath,
  showcasePath,
  showcaseReportPath,
  showcaseReportPdfPath,
  tagPath,
  userPath,
} from "~/lib/paths";

describe("post and comment addresses", () => {
  it("builds each from the id", () => {
    expect(postPath(12)).toBe("/post/12");
    expect(postEditPath(12)).toBe("/post/12/edit");
    expect(postLikesPath(12)).toBe("/post/12/likes");
    expect(postLikesPath(12, "likes")).toBe("/post/12/likes");
    expect(postLikesPath(12, "dislikes")).toBe("/post/12/likes#dislikes-title");
    expect(embedPath(12)).toBe("/embed/post/12");
    expect(commentPath(12, 7)).toBe("/post/12#comment-7");
    expect(commentEditPath(7)).toBe("/comment/7/edit");
  });
});

describe("member and tag addresses", () => {
  it("keeps a plain username or tag as it is", () => {
    expect(userPath("anna.k_92")).toBe("/user/anna.k_92");
    expect(messagesPath("anna.k_92")).toBe("/messages/anna.k_92");
    expect(tagPath("e30")).toBe("/tags/e30");
  });

  it("encodes what an address cannot hold", () => {
    expect(userPath("a b/c?d#e")).toBe("/user/a%20b%2Fc%3Fd%23e");
    expect(messagesPath("a b/c?d#e")).toBe("/messages/a%20b%2Fc%3Fd%23e");
    expect(tagPath("straße")).toBe("/tags/stra%C3%9Fe");
    expect(tagPath("a/b#c")).toBe("/tags/a%2Fb%23c");
  });
});

describe("car addresses", () => {
  it("builds the public ones from the car's id", () => {
    expect(showcasePath(5)).toBe("/showcase/5");
    expect(showcaseCsvPath(5)).toBe("/showcase/5/build.csv");
    expect(showcaseReportPath(5)).toBe("/showcase/5/report");
    expect(showcaseReportPdfPath(5)).toBe("/showcase/5/report.pdf");
    expect(buildCardPath(5)).toBe("/cards/car/5.png");
  });

  it("builds the owner's ones under /my-cars", () => {
    expect(carEditPath(5)).toBe("/my-cars/5/edit");
    expect(carModsPath(5)).toBe("/my-cars/5/mods");
    expect(modNewPath(5)).toBe("/my-cars/5/mods/new");
    expect(modEditPath(5, 9)).toBe("/my-cars/5/mods/9");
    expect(carServicePath(5)).toBe("/my-cars/5/service");
    expect(carHandoverPath(5)).toBe("/my-cars/5/handover");
  });

  it("gives the buyer's handover page with or without the token", () => {
    expect(handoverPath(5)).toBe("/handover/5");
    expect(handoverPath(5, "abc.def")).toBe("/handover/5/abc.def");
  });
});

describe("event and part addresses", () => {
  it("builds the event's page and calendar file", () => {
    expect(eventPath(3)).toBe("/events/3");
    expect(eventIcsPath(3)).toBe("/events/3/calendar.ics");
  });

  it("puts the part's id and its name's slug in the address", () => {
    expect(partPath({ id: 12, modelName: "Road & Track", manufacturer: { name: "Öhlins" } })).toBe("/parts/12-ohlins-road-track");
  });
});

describe("API addresses", () => {
  it("builds each from its ids and encodes usernames and queries", () => {
    expect(apiPaths.post(12)).toBe("/api/posts/12");
    expect(apiPaths.postLike(12)).toBe("/api/posts/12/like");
    expect(apiPaths.postComments(12)).toBe("/api/posts/12/comments");
    expect(apiPaths.commentLike(7)).toBe("/api/comments/7/like");
    expect(apiPaths.carFollow(5)).toBe("/api/cars/5/follow");
    expect(apiPaths.eventAttend(3)).toBe("/api/events/3/attend");
    expect(apiPaths.userFollow("ann b")).toBe("/api/users/ann%20b/follow");
    expect(apiPaths.userBlock("a/b")).toBe("/api/users/a%2Fb/block");
    expect(apiPaths.conversation("ann b")).toBe("/api/messages/ann%20b");
    expect(apiPaths.conversation("ann", "?before=9")).toBe("/api/messages/ann?before=9");
    expect(apiPaths.conversationRead("ann")).toBe("/api/messages/ann/read");
    expect(apiPaths.userSearch("a&b", 6)).toBe("/api/users/search?q=a%26b&limit=6");
    expect(apiPaths.makerSuggestions("vendor", "k&n")).toBe("/api/makers?kind=vendor&q=k%26n");
    expect(apiPaths.carSearch("e 30", 6)).toBe("/api/cars/search?q=e%2030&limit=6");
    expect(apiPaths.eventSearch("cars & coffee", 6)).toBe("/api/events?search=cars%20%26%20coffee&limit=6");
    expect(apiPaths.notifications(0)).toBe("/api/notifications?limit=0");
    expect(apiPaths.notificationRead(4)).toBe("/api/notifications/4/read");
    expect(apiPaths.tagFollow("c#")).toBe("/api/tags/c%23/follow");
    expect(apiPaths.feed(new URLSearchParams({ grams: "1" }))).toBe("/api/feed?grams=1");
    expect(apiPaths.soundcloudSearch("a b")).toBe("/api/soundcloud/search?q=a+b");
    expect(apiPaths.google()).toBe("/api/auth/google");
    expect(apiPaths.google("/post/1?x=1")).toBe("/api/auth/google?redirectTo=%2Fpost%2F1%3Fx%3D1");
    expect(apiPaths.adminUserRole(2)).toBe("/api/admin/users/2/role");
  });

  it("names only addresses an API route answers", () => {
    // Each api.* route file as a pattern: "." separates segments, "$name" is one segment.
    const routes = readdirSync("app/routes")
      .filter((file) => file.startsWith("api."))
      .map((file) => {
        const segments = file.replace(/\.tsx?$/, "").split(".");
        return new RegExp(`^/${segments.map((part) => (part.startsWith("$") ? "[^/]+" : part)).join("/")}$`);
      });
    // Every helper called with "1" for each argument: an id, a username, a query.
    const samples = Object.values(apiPaths).map((entry) => (typeof entry === "string" ? entry : (entry as (...args: string[]) => string)("1", "1")));
    for (const address of samples) {
      const path = address.split("?")[0];
      expect(
        routes.some((route) => route.test(path)),
        path,
      ).toBe(true);
    }
  });
});
