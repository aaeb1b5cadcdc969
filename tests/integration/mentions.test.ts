// @mentions and #tags in posts, comments and messages: who hears of a mention, what a post's
// tags become, and the links the pages draw.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { resetRateLimits } from "~/models/rate-limit.server";
import { MemoryTransport } from "~/lib/server/live-transport.server";
import { setLiveTransport } from "~/lib/server/live-hub.server";
import { action as createPostAction } from "~/routes/api.posts";
import { loader as uploadLoader } from "~/routes/upload";
import { action as postComment } from "~/routes/api.comments";
import { action as commentAction } from "~/routes/api.comments.$id";
import { loader as listCommentsLoader } from "~/routes/api.posts.$id.comments";
import { action as sendMessage } from "~/routes/api.messages";
import { loader as listNotifications } from "~/routes/api.notifications";
import { syncPostText } from "~/models/text-links.server";
import { makeUser, type TestUser } from "../support/accounts";
import { answer, args, call, callJson, getRequest, jsonRequest, multipartRequest } from "../support/requests";
import { serveApp, sourceBuild, type RunningApp } from "../support/app-server";
import { postPath } from "~/lib/paths";

type Notice = { type: string; message: string; link: string; related_user_username: string | null };

async function notices(user: TestUser): Promise<Notice[]> {
  const response = (await listNotifications(args(getRequest("/api/notifications", { cookie: user.cookie })))) as Response;
  return ((await response.json()) as { notifications: Notice[] }).notifications.filter((notice) => notice.type === "mention");
}

async function post(author: TestUser, story: string) {
  return callJson(createPostAction, jsonRequest("/api/posts", { story }, { cookie: author.cookie }));
}

async function comment(author: TestUser, postId: number, content: string) {
  const response = await answer(postComment(args(jsonRequest("/api/comments", { postId, content }, { cookie: author.cookie }))));
  return { status: response.status, body: await response.json() };
}

async function message(from: TestUser, to: string, content: string) {
  const response = await answer(sendMessage(args(jsonRequest("/api/messages", { to, content }, { cookie: from.cookie }))));
  return { status: response.status, body: await response.json() };
}

let demo: TestUser;
let jess: TestUser;
let vince: TestUser;
let blocker: TestUser;
let blocked: TestUser;

beforeAll(async () => {
  demo = await makeUser("demo");
  jess = await makeUser("jess");
  vince = await makeUser("vince");
  blocker = await makeUser("blocker");
  blocked = await makeUser("blocked");
  // blocker blocked demo; demo blocked "blocked".
  await prisma.block.create({ data: { blockerId: blocker.id, blockedId: demo.id } });
  await prisma.block.create({ data: { blockerId: demo.id, blockedId: blocked.id } });
});

beforeEach(async () => {
  await resetRateLimits();
  setLiveTransport(new MemoryTransport());
  await prisma.notification.deleteMany({ where: { type: "mention" } });
});

describe("mentions in a post", () => {
  it("tells each member named once, never the author, nobody in a block with the author, no unknown name", async () => {
    const { status, body } = await post(demo, "Cruise with @Jess and @jess, @vince, @demo, @blocker, @blocked and @ghost_rider #E30 #e30 #日本車");
    expect(status).toBe(201);
    const postId = body.post.id as number;
    expect(await notices(jess)).toEqual([expect.objectContaining({ message: "@demo mentioned you in a post", link: postPath(postId), related_user_username: "demo" })]);
    expect(await notices(vince)).toHaveLength(1);
    expect(await notices(demo)).toEqual([]);
    expect(await notices(blocker)).toEqual([]);
    expect(await notices(blocked)).toEqual([]);
    // The answer's post names the members it links.
    expect(body.post.mentions).toEqual(["jess", "vince", "demo", "blocker", "blocked"]);
    const tags = await prisma.postTag.findMany({ where: { postId }, select: { tag: { select: { name: true } } }, orderBy: { tagId: "asc" } });
    expect(tags.map((row) => row.tag.name)).toEqual(["e30", "日本車"]);
  });

  it("tells only the first 10 members named; the others still link", async () => {
    const many = await Promise.all(Array.from({ length: 12 }, (_, i) => makeUser(`many${i}`)));
    const { status, body } = await post(demo, many.map((user) => `@${user.username}`).join(" "));
    expect(status).toBe(201);
    const told = await Promise.all(many.map(async (user) => (await notices(user)).length));
    expect(told).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0]);
    expect(body.post.mentions).toHaveLength(12);
  });

  it("an edit tells only the newly mentioned, and the tags follow the story", async () => {
    const { body } = await post(demo, "With @jess #track");
    const postId = body.post.id as number;
    expect(await notices(jess)).toHaveLength(1);
    const story = "With @jess and @vince #road";
    await prisma.post.update({ where: { id: postId }, data: { story } });
    await syncPostText({ postId, authorId: demo.id, story, previousStory: "With @jess #track" });
    expect(await notices(jess)).toHaveLength(1);
    expect(await notices(vince)).toEqual([expect.objectContaining({ link: postPath(postId) })]);
    // Taking @vince out and putting him back does not tell him again.
    await syncPostText({ postId, authorId: demo.id, story: "With @jess", previousStory: story });
    await syncPostText({ postId, authorId: demo.id, story, previousStory: "With @jess" });
    expect(await notices(vince)).toHaveLength(1);
    const tags = await prisma.postTag.findMany({ where: { postId }, select: { tag: { select: { name: true } } } });
    expect(tags.map((row) => row.tag.name)).toEqual(["road"]);
  });

  it("refuses more than 30 tags or 50 mentions with a 400 that says so", async () => {
    const tags = await post(demo, Array.from({ length: 31 }, (_, i) => `#tag${i}`).join(" "));
    expect(tags.status).toBe(400);
    expect(JSON.stringify(tags.body)).toContain("A post can have at most 30 tags");
    const mentions = await post(demo, Array.from({ length: 51 }, (_, i) => `@member${i}`).join(" "));
    expect(mentions.status).toBe(400);
    expect(JSON.stringify(mentions.body)).toContain("The story can mention at most 50 members");
  });

  it("sends a plain form with too many tags back to the upload form with the story and the reason", async () => {
    const story = Array.from({ length: 31 }, (_, i) => `#tag${i}`).join(" ");
    const response = (await call<unknown>(
      createPostAction as never,
      multipartRequest(
        "/api/posts",
        [
          ["redirectTo", "/upload"],
          ["story", story],
        ],
        { cookie: demo.cookie },
      ),
    )) as Response;
    expect(response.status).toBe(303);
    const location = response.headers.get("Location")!;
    expect(location).toMatch(/^\/upload\?draft=/);
    const page = (await call<unknown>(uploadLoader as never, getRequest(location, { cookie: demo.cookie }))) as { draft: { story: string; error: string } | null };
    expect(page.draft).toMatchObject({ story, error: "A post can have at most 30 tags" });
  });

  it("answers a 100 KB story of @s with a 400 about its length", async () => {
    const { status, body } = await post(demo, "@demo ".repeat(17_000));
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain("The story can be at most 5000 characters");
  });
});

describe("mentions in comments and messages", () => {
  it("a comment tells who it names, once, with a link to the comment, and its answer lists the links", async () => {
    const target = await prisma.post.create({ data: { createdById: vince.id, story: "A post" } });
    const { status, body } = await comment(demo, target.id, "Ask @jess @JESS or @blocker");
    expect(status).toBe(201);
    expect(body.mentions).toEqual(["jess", "blocker"]);
    expect(await notices(jess)).toEqual([expect.objectContaining({ message: "@demo mentioned you in a comment", link: `${postPath(target.id)}#comment-${body.id}` })]);
    expect(await notices(blocker)).toEqual([]);

    const list = await answer(listCommentsLoader(args(getRequest(`/api/posts/${target.id}/comments`), { id: String(target.id) })));
    expect(list.status).toBe(200);
    expect((await list.json()).comments[0].mentions).toEqual(["jess", "blocker"]);
  });

  it("an edited comment tells only the members it names for the first time", async () => {
    const target = await prisma.post.create({ data: { createdById: vince.id, story: "A post" } });
    const { body } = await comment(demo, target.id, "Ask @jess");
    expect(await notices(jess)).toHaveLength(1);
    const edit = await answer(
      commentAction(
        args(jsonRequest(`/api/comments/${body.id}`, { content: "Ask @jess and @vince" }, { cookie: demo.cookie, method: "PATCH" }), { id: String(body.id) }),
      ),
    );
    expect(edit.status).toBe(200);
    expect(await notices(vince)).toEqual([expect.objectContaining({ message: "@demo mentioned you in a comment", link: `${postPath(target.id)}#comment-${body.id}` })]);
    expect(await notices(jess)).toHaveLength(1);
  });

  it("refuses a comment naming more than 50 members", async () => {
    const target = await prisma.post.create({ data: { createdById: vince.id, story: "A post" } });
    const { status, body } = await comment(demo, target.id, Array.from({ length: 51 }, (_, i) => `@m${i}xx`).join(" "));
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain("A comment can mention at most 50 members");
  });

  it("a message tells the person it was sent to, and nobody else (they cannot read it)", async () => {
    const { status, body } = await message(demo, "jess", "Hey @jess, ask @vince");
    expect(status).toBe(201);
    expect(body.mentions ?? body.message?.mentions).toEqual(["jess", "vince"]);
    expect(await notices(jess)).toEqual([expect.objectContaining({ message: "@demo mentioned you in a message", link: "/messages/demo" })]);
    expect(await notices(vince)).toEqual([]);
  });
});

describe("links in pages", () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await serveApp(await sourceBuild(["routes/post.$id", "routes/_index"]));
  });
  afterAll(() => app?.close());

  it("the post page links @members and #tags, server-rendered; unknown names stay text", async () => {
    const { body } = await post(demo, "Out with @Jess and @ghost_rider #E30");
    const postId = body.post.id as number;
    await comment(vince, postId, "Same #e30 here @demo");
    const html = await (await fetch(`${app.origin}/post/${postId}`)).text();
    expect(html).toMatch(/<a[^>]*href="\/user\/jess"[^>]*>@Jess<\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/tags\/e30"[^>]*>#E30<\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/tags\/e30"[^>]*>#e30<\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/user\/demo"[^>]*>@demo<\/a>/);
    expect(html).toContain("@ghost_rider");
    expect(html).not.toMatch(/href="\/user\/ghost_rider"/);

    // Grams, as the server renders it at /?grams=<post>, links them too.
    const grams = await (await fetch(`${app.origin}/?grams=${postId}`)).text();
    const story = grams.slice(grams.indexOf('class="grams-placeholder__story"'));
    expect(story).toMatch(/^[^]*?<a[^>]*href="\/user\/jess"[^>]*>@Jess<\/a>/);
    expect(story).toMatch(/^[^]*?<a[^>]*href="\/tags\/e30"[^>]*>#E30<\/a>/);
  });
});
