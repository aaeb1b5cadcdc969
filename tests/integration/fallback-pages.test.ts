// The server-rendered fallbacks' server side: the theme form post, the sign-in pages'
// loaders and the likes page's loader, called with real requests.
import { beforeEach, describe, expect, it } from "vitest";
import { resetRateLimits } from "~/models/rate-limit.server";
import { loader as loginLoader } from "~/routes/login";
import { loader as likesLoader } from "~/routes/post.$id_.likes";
import { loader as resetPageLoader } from "~/routes/reset-password";
import { action as themeAction } from "~/routes/theme";
import { answer, args, formRequest, getRequest, jsonRequest, statusOf } from "../support/requests";
import { makePost, makeUser } from "../support/accounts";
import { postLikesPath } from "~/lib/paths";

beforeEach(async () => {
  await resetRateLimits();
});

describe("POST /theme", () => {
  it("sets the themeMode cookie and goes back to the page", async () => {
    const response = await answer(themeAction(args(formRequest("/theme", { mode: "dark", redirectTo: "/events?page=2" }))));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/events?page=2");
    expect(response.headers.get("Set-Cookie")).toMatch(/^themeMode=dark; Path=\/; Max-Age=\d+; SameSite=Lax/);
  });

  it("answers a script with the mode, and refuses an unknown mode with a 400", async () => {
    const ok = await answer(themeAction(args(jsonRequest("/theme", { mode: "light" }))));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ mode: "light" });
    const bad = await answer(themeAction(args(jsonRequest("/theme", { mode: "neon" }))));
    expect(bad.status).toBe(400);
    expect(bad.headers.get("Set-Cookie")).toBeNull();
  });

  it("never goes back to another site", async () => {
    const response = await answer(themeAction(args(formRequest("/theme", { mode: "dark", redirectTo: "//evil.example/" }))));
    expect(response.headers.get("Location")).toBe("/");
  });

  it("goes back to the page the form was on when it names none (its Referer), home for another site's or none", async () => {
    const posted = (referer?: string) => {
      const request = formRequest("/theme", { mode: "dark" });
      if (referer) request.headers.set("Referer", referer);
      return answer(themeAction(args(request)));
    };
    const back = await posted("http://127.0.0.1:3000/post/7?comments=older#comments");
    expect(back.status).toBe(303);
    expect(back.headers.get("Location")).toBe("/post/7?comments=older");
    expect(back.headers.get("Set-Cookie")).toMatch(/^themeMode=dark;/);
    expect((await posted("https://evil.example/post/7")).headers.get("Location")).toBe("/");
    expect((await posted()).headers.get("Location")).toBe("/");
  });
});

describe("the sign-in pages", () => {
  it("/login sends a signed-in member straight on to redirectTo", async () => {
    const member = await makeUser();
    const response = await answer(loginLoader(args(getRequest("/login?redirectTo=%2Fevents", { cookie: member.cookie }))));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/events");
    expect(await loginLoader(args(getRequest("/login?redirectTo=%2Fevents")))).toBeNull();
  });

  it("/reset-password without a token is the request form; with one it checks the token", async () => {
    expect(await (await resetPageLoader(args(getRequest("/reset-password")))).json()).toEqual({ request: true, valid: false, error: null });
    expect(await (await resetPageLoader(args(getRequest("/reset-password?token=nope")))).json()).toEqual({ request: false, valid: false, error: null });
  });
});

describe("/post/{id}/likes", () => {
  it("sends visitors to Sign In and answers a missing post with a 404", async () => {
    const owner = await makeUser();
    const post = await makePost(owner.id);
    const visitor = await answer(likesLoader(args(getRequest(postLikesPath(post.id)), { id: String(post.id) })));
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe(`/login?redirectTo=%2Fpost%2F${post.id}%2Flikes`);

    const missing = await likesLoader(args(getRequest("/post/999999/likes", { cookie: owner.cookie }), { id: "999999" })).catch((thrown: unknown) => thrown);
    expect(statusOf(missing)).toBe(404);
  });
});
