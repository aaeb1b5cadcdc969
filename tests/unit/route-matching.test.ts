// The server matches each pathname against the route tree once and keeps the answer (the
// patched router build, patches/README.md). What callers get must not change for it: the
// right routes and params for every path, and a copy of their own that they may change.
import { matchRoutes } from "@remix-run/router";
import { describe, expect, it } from "vitest";
import { postPath } from "~/lib/paths";

const routes = [
  {
    id: "root",
    path: "/",
    children: [
      { id: "home", index: true },
      { id: "post", path: "post/:postId" },
      { id: "search", path: "search" },
      { id: "parts", path: "parts/:partRef" },
      { id: "missing", path: "*" },
    ],
  },
];

const ids = (path: string) => matchRoutes(routes, path)?.map((match) => match.route.id);

describe("route matching on the server", () => {
  it("answers each path with its own routes and params, the first time and every time after", () => {
    for (let round = 0; round < 3; round++) {
      expect(ids("/")).toEqual(["root", "home"]);
      expect(ids("/search")).toEqual(["root", "search"]);
      expect(matchRoutes(routes, "/post/12")?.[1].params).toEqual({ postId: "12" });
      expect(matchRoutes(routes, "/post/13")?.[1].params).toEqual({ postId: "13" });
      expect(matchRoutes(routes, "/parts/7-h%C3%B6hlins")?.[1].params).toEqual({ partRef: "7-höhlins" });
      expect(matchRoutes(routes, "/no/such/page")?.[1].params).toEqual({ "*": "no/such/page" });
    }
  });

  it("gives every caller its own copy, so one caller's change does not reach the next", () => {
    const first = matchRoutes(routes, "/post/42")!;
    (first[1].params as Record<string, string>).postId = "changed";
    first.pop();
    const next = matchRoutes(routes, "/post/42")!;
    expect(next.map((match) => match.route.id)).toEqual(["root", "post"]);
    expect(next[1].params).toEqual({ postId: "42" });
  });

  it("keeps answering correctly beyond the number of paths it remembers", () => {
    for (let id = 0; id < 2_500; id++) expect(matchRoutes(routes, postPath(id))?.[1].params.postId).toBe(String(id));
    expect(ids("/search")).toEqual(["root", "search"]);
  });
});
