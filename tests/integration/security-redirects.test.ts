// Redirects (issue 13): one helper, safeRedirect, decides every redirect a request names.
// It keeps the path on this site whatever the browser would do with it (a tab or a
// backslash that turns "/x/evil.com" into "//evil.com"), and a character that no header can
// carry (CR, LF) never turns a write that already happened into a 500.
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { safeRedirect } from "~/lib/http.server";
import { safePath } from "~/lib/login-events";
import { resetRateLimits } from "~/models/rate-limit.server";
import { action as postComment } from "~/routes/api.comments";
import { action as register } from "~/routes/api.auth.register";
import { answer, args, formRequest } from "../support/requests";
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
    expect(safeRedirect("/a/../b")).toBe("/b");
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
