// Redirects (issue 13): one helper, safeRedirect, decides every redirect a request names.
// It keeps the path on this site whatever the browser would do with it (a tab or a
// backslash that turns "/x/evil.com" into "//evil.com"), and a character that no header can
// carry (CR, LF) never turns a write that already happened into a 500.
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { safeRedirect } from "~/lib/server/http.server";
import { safePath } from "~/lib/rules/login-links";
import { resetRateLimits } from "~/models/rate-limit.server";
import { action as postComment } from "~/routes/api.comments";
import { action as register } from "~/routes/api.auth.register";
import { loader as loginPage } from "~/routes/login";
import { loader as signupPage } from "~/routes/signup";
import { loader as twoFactorPage } from "~/routes/two-factor";
import { answer, args, formRequest, getRequest } from "../support/requests";
import { makePost, makeUser } from "../support/accounts";

beforeEach(() => resetRateLimits());

const HOSTILE = [
  "/\t/evil.com",
  "/\n/evil.com",
  "/\r\n/evil.com",
  "/post/1\r\nSet-Cookie: a=b",
  "/x\u0000y",
  "/x\u007fy",
  "//evil.com",
  "/\\evil.com",
  "/\\/evil.com",
  "https://evil.com/",
  "javascript:alert(1)",
  "evil.com",
  "",
  // Dot segments, plain or percent-encoded: URL parsing removes them, and "/.//x" comes out as "//x".
  "/.//evil.example/x",
  "/./evil.example/x",
  "/..//evil.example/x",
  "/%2e//evil.example/x",
  "/%2E//evil.example/x",
  "/%2e%2e//evil.example/x",
  "/.%2e//evil.example/x",
  "/post/../..//evil.example/x",
  "/a/../b",
  "///evil.example",
];

describe("safeRedirect", () => {
  it.each(HOSTILE)("refuses %j and answers the fallback", (to) => {
    expect(safeRedirect(to, "/fallback")).toBe("/fallback");
    expect(safePath(to)).toBeNull();
  });

  it("keeps path, search and hash of a same-site path, percent-encoded", () => {
    expect(safeRedirect("/post/12?tab=comments#comment-3")).toBe("/post/12?tab=comments#comment-3");
    expect(safeRedirect("/search?q=a b")).toBe("/search?q=a%20b");
    expect(safeRedirect("/user/zoë")).toBe("/user/zo%C3%AB");
    expect(safeRedirect("/a//b")).toBe("/a//b");
    expect(safeRedirect("/search?q=/../..//evil")).toBe("/search?q=/../..//evil");
  });
});

const CONTROL = ["/post/{id}\r\nSet-Cookie: evil=1", "/post/{id}\nx", "/\t/evil.com", "/post/{id}\tx"];

describe("a plain form with a hostile redirectTo", () => {
  it.each(CONTROL)("posting a comment with %j: 303 to this site, and the comment is there", async (template) => {
    const owner = await makeUser();
    const post = await makePost(owner.id);
    const redirectTo = template.replace("{id}", String(post.id));
    const response = await answer(
      postComment(args(formRequest("/api/comments", { postId: String(post.id), content: `hostile ${JSON.stringify(template)}`, redirectTo }, { cookie: owner.cookie }))),
    );
    expect(response.status).toBe(303);
    const location = response.headers.get("Location")!;
    expect(location).toMatch(/^\/(?!\/)/);
    expect(location).not.toMatch(/evil|[\t\r\n]/);
    expect(await prisma.comment.count({ where: { postId: post.id, content: `hostile ${JSON.stringify(template)}` } })).toBe(1);
  });

  it.each(CONTROL)("signing up with %j: 303 to this site, and the account exists", async (template) => {
    const username = `redir${CONTROL.indexOf(template)}`;
    const response = await answer(
      register(args(formRequest("/api/auth/register", { username, email: `${username}@example.com`, password: "secret12", redirectTo: template.replace("{id}", "1") }))),
    );
    expect(response.status).toBe(303);
    const location = response.headers.get("Location")!;
    expect(location).toMatch(/^\/(?!\/)/);
    expect(location).not.toMatch(/evil|[\t\r\n]/);
    expect(await prisma.user.count({ where: { username } })).toBe(1);
  });
});

// A signed-in member who opens a sign-in page is sent on to its redirectTo: each page that
// does so, with every trick above, stays on this site.
const REDIRECTING_PAGES = [
  ["/login", loginPage],
  ["/signup", signupPage],
  ["/two-factor", twoFactorPage],
] as const;

describe("pages that send a signed-in member on", () => {
  it.each(REDIRECTING_PAGES.flatMap(([path, loader]) => HOSTILE.filter((to) => to !== "").map((to) => [path, to, loader] as const)))(
    "%s?redirectTo=%j goes home",
    async (path, to, loader) => {
      const member = await makeUser();
      const response = await answer(loader(args(getRequest(`${path}?redirectTo=${encodeURIComponent(to)}`, { cookie: member.cookie }))));
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/");
    },
  );

  it.each(REDIRECTING_PAGES)("%s?redirectTo=/post/7?tab=comments keeps the path", async (path, loader) => {
    const member = await makeUser();
    const response = await answer(loader(args(getRequest(`${path}?redirectTo=${encodeURIComponent("/post/7?tab=comments")}`, { cookie: member.cookie }))));
    expect(response.headers.get("Location")).toBe("/post/7?tab=comments");
  });
});
