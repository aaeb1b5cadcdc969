// A member's page is rendered at most twice per state of its data (app/cache/render-memo.server.ts),
// at the real server: the same page asked again comes from the kept markup (Server-Timing says
// so) with a nonce of its own; a like by someone else, a comment or a notification is on the
// very next answer; a relative time moves on as the clock does; and a reused page hydrates
// and works in the browser like a rendered one. A member's feed answer is kept while the
// database is unchanged, and read again after any commit.
import { expect, test, type APIRequestContext, type Page } from "./fixtures";
import { member } from "../support/browser";
import { postPath } from "~/lib/paths";

type Answer = { reused: boolean; nonce: string | null; body: string };

async function ask(request: APIRequestContext, pathname: string): Promise<Answer> {
  const response = await request.get(pathname, { headers: { Accept: "text/html" } });
  expect(response.status()).toBe(200);
  const policy = response.headers()["content-security-policy"] ?? "";
  return {
    reused: /render;desc="reused"/.test(response.headers()["server-timing"] ?? ""),
    nonce: /'nonce-([^']+)'/.exec(policy)?.[1] ?? null,
    body: await response.text(),
  };
}

function withoutNonces(body: string): string {
  return body.replace(/ nonce="[^"]*"/g, "");
}

/** The likes count the post's page shows. */
function likes(body: string): string | undefined {
  return /data-testid="likes-count">(\d+)</.exec(body)?.[1];
}

/** The relative time of the post itself, in the post card's header. */
function postTime(body: string): string | undefined {
  return /class="post-card__time"[^>]*><time[^>]*>([^<]+)</.exec(body)?.[1];
}

async function makePost(page: Page, story: string): Promise<number> {
  const response = await page.request.post("/api/posts", { data: { story } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).post.id;
}

test("a member's page is reused while its data is the same, and rendered again at once when a like, a comment or the clock changes what it shows", async ({
  browser,
}) => {
  const owner = await member(browser, "reuseowner");
  const fan = await member(browser, "reusefan");
  const createdAt = Date.now();
  const postId = await makePost(owner.page, "Fresh alignment, and it tracks straight at last");
  const pathname = postPath(postId);

  // Rendered twice (a page is kept on its second render), then reused: the same markup with a
  // nonce of its own.
  expect((await ask(owner.page.request, pathname)).reused).toBe(false);
  const first = await ask(owner.page.request, pathname);
  const second = await ask(owner.page.request, pathname);
  expect(first.reused).toBe(false);
  expect(second.reused).toBe(true);
  expect(second.nonce).not.toBe(first.nonce);
  expect(second.body).not.toContain(first.nonce!);
  expect(second.body.match(/ nonce="([^"]*)"/g)?.every((attribute) => attribute === ` nonce="${second.nonce}"`)).toBe(true);
  expect(withoutNonces(second.body)).toBe(withoutNonces(first.body));
  expect(likes(second.body)).toBe("0");

  // Someone else likes it: the owner's next answer has the count (and their new notification).
  const liked = await fan.page.request.post(`/api/posts/${postId}/like`, { data: { type: "like" } });
  expect(liked.status()).toBe(200);
  const afterLike = await ask(owner.page.request, pathname);
  expect(afterLike.reused).toBe(false);
  expect(likes(afterLike.body)).toBe("1");
  expect((await ask(owner.page.request, pathname)).reused).toBe(false);
  expect((await ask(owner.page.request, pathname)).reused).toBe(true);

  // A comment: on the next answer too.
  const comment = `Straight as an arrow ${postId}`;
  const posted = await fan.page.request.post("/api/comments", { data: { postId, content: comment } });
  expect(posted.status(), await posted.text()).toBe(201);
  const afterComment = await ask(owner.page.request, pathname);
  expect(afterComment.reused).toBe(false);
  expect(afterComment.body).toContain(comment);

  // The clock: the post reads 'Just now' for its first 5 seconds, then its age in seconds. The
  // kept markup is not reused past the moment its relative times would change.
  expect(postTime(afterComment.body)).toBe("Just now");
  await owner.page.waitForTimeout(Math.max(0, createdAt + 6_000 - Date.now()));
  const later = await ask(owner.page.request, pathname);
  expect(later.reused).toBe(false);
  expect(postTime(later.body)).toMatch(/^\d+s ago$/);
});

test("a reused page hydrates and works in the browser like a rendered one", async ({ browser }) => {
  // A post of the seed, hours old: its page holds for long. Other tests may change it (then
  // the page is rendered again), so it is asked for until it is reused.
  const fan = await member(browser, "reusefan2");
  const page = fan.page;
  const pathname = "/post/1";
  let response = await page.goto(pathname);
  for (let attempt = 0; attempt < 5 && !(response?.headers()["server-timing"] ?? "").includes("reused"); attempt++) response = await page.goto(pathname);
  expect(response?.headers()["server-timing"] ?? "").toContain('render;desc="reused"');

  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const count = Number(await page.getByTestId("likes-count").first().textContent());
  await page.getByRole("button", { name: "Like", exact: true }).first().click();
  await expect(page.getByRole("button", { name: "Remove like" }).first()).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("likes-count").first()).toHaveText(String(count + 1));
});

test("a member's feed answer is kept while nothing is committed, and read again after someone else's like", async ({ browser }) => {
  const owner = await member(browser, "feedkeeper");
  const fan = await member(browser, "feedkeeperfan");
  const postId = await makePost(owner.page, "Cam swap done, idle is lumpy now");
  const feed = async (request: APIRequestContext) => {
    const response = await request.get("/api/feed?limit=5");
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { posts: Array<{ id: number; counts: { likes: number }; likedByUser: boolean }> };
    return { kept: /feed;desc="kept"/.test(response.headers()["server-timing"] ?? ""), post: body.posts.find((post) => post.id === postId) };
  };

  // Other tests write meanwhile (each commit ends every kept answer), and a kept answer is
  // per process: asked until an answer comes from memory.
  let answer = await feed(owner.page.request);
  expect(answer.post?.counts.likes).toBe(0);
  for (let attempt = 0; attempt < 30 && !answer.kept; attempt++) answer = await feed(owner.page.request);
  expect(answer.kept).toBe(true);
  expect(answer.post?.counts.likes).toBe(0);

  const liked = await fan.page.request.post(`/api/posts/${postId}/like`, { data: { type: "like" } });
  expect(liked.status()).toBe(200);
  const afterLike = await feed(owner.page.request);
  expect(afterLike.kept).toBe(false);
  expect(afterLike.post).toMatchObject({ counts: { likes: 1 }, likedByUser: false });
  expect((await feed(fan.page.request)).post).toMatchObject({ counts: { likes: 1 }, likedByUser: true });
});
