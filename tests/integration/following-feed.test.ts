// The two home feeds: Following (posts showing a followed car, by a followed person, with a
// followed tag, and the reader's own) and Latest (everyone's); which one a reader lands on
// and how the choice is remembered; the API, Grams and paging reading the chosen feed; an
// empty Following feed's suggestions; tag pages, following a tag and finding tags in search.
import { beforeAll, describe, expect, it } from "vitest";
import { freshness, prisma } from "~/db.server";
import { createFeedAnswers, getFeedPage } from "~/models/feed.server";
import { rebuildTimelines } from "~/models/timeline.server";
import { loader as homeLoader } from "~/routes/_index";
import { loader as feedLoader } from "~/routes/api.feed";
import { loader as tagLoader } from "~/routes/tags.$tag";
import { action as tagFollowAction } from "~/routes/api.tags.$tag.follow";
import { loader as searchLoader } from "~/routes/search";
import { makeUser, type TestUser } from "../support/accounts";
import { args, formRequest, getRequest, jsonRequest } from "../support/requests";
import { onPostgres, watchStatements } from "../support/statements";
import type { FeedPage, FeedPost } from "~/lib/wire";

const BASE = Date.parse("2026-10-01T12:00:00.000Z");
/** More posts than a page, newer than a quiet reader's whole feed. */
const BUSY_POSTS = 5000;
const HOUR = 3600_000;

let reader: TestUser; // follows a car, a person and a tag
let loner: TestUser; // follows nothing
let carOwner: TestUser;
let followed: TestUser;
let stranger: TestUser;
let followedCar: { id: number };
let otherCar: { id: number };
let tagId: number;
let at = 0;
/** Posts of each source, by name. */
const posts: Record<string, number> = {};

async function post(name: string, data: { by: TestUser; carId?: number; tag?: number; video?: boolean }) {
  const created = await prisma.post.create({
    data: {
      createdById: data.by.id,
      story: name,
      createdAt: new Date(BASE + at++ * HOUR),
      postCars: data.carId ? { create: [{ carId: data.carId }] } : undefined,
      media: data.video ? { create: [{ uploaderId: data.by.id, kind: "video", path: `aa/bb/${name}.mp4`, mimeType: "video/mp4", bytes: 10 }] } : undefined,
    },
  });
  if (data.tag) await prisma.postTag.create({ data: { postId: created.id, tagId: data.tag, createdAt: created.createdAt } });
  posts[name] = created.id;
  return created.id;
}

const ids = (list: FeedPost[]) => list.map((each) => each.id);

async function home(query = "", cookie?: string) {
  return (await homeLoader(args(getRequest(`/${query}`, { cookie })))) as unknown as Awaited<ReturnType<typeof homeLoader>>;
}

async function api(query: string, cookie?: string) {
  const response = (await feedLoader(args(getRequest(`/api/feed${query}`, { cookie })))) as Response;
  return { status: response.status, body: (await response.json()) as FeedPage & { error?: string } };
}

beforeAll(async () => {
  reader = await makeUser("reader");
  loner = await makeUser("loner");
  carOwner = await makeUser("carowner");
  followed = await makeUser("followed");
  stranger = await makeUser("stranger");
  followedCar = await prisma.car.create({ data: { ownerId: carOwner.id, make: "Nissan", model: "Silvia", year: 1999 } });
  otherCar = await prisma.car.create({ data: { ownerId: carOwner.id, make: "Honda", model: "Civic", year: 2001 } });
  tagId = (await prisma.tag.create({ data: { name: "trackday" } })).id;

  await post("stranger-plain", { by: stranger });
  await post("car", { by: carOwner, carId: followedCar.id });
  await post("other-car", { by: carOwner, carId: otherCar.id });
  await post("person", { by: followed });
  await post("tag", { by: stranger, tag: tagId });
  await post("own", { by: reader });
  await post("person-video", { by: followed, video: true });
  await post("stranger-video", { by: stranger, video: true });
  // Enough of the followed person's posts for several pages.
  for (let i = 0; i < 12; i++) await post(`person-${i}`, { by: followed });
  await post("stranger-last", { by: stranger });

  await prisma.carFollow.create({ data: { userId: reader.id, carId: followedCar.id } });
  await prisma.userFollow.create({ data: { followerId: reader.id, followingId: followed.id } });
  await prisma.tagFollow.create({ data: { userId: reader.id, tagId } });
  // The rows above are written around the models: the timelines follow from them.
  await rebuildTimelines();
});

describe("the Following feed", () => {
  it("holds posts with a followed car, by a followed person, with a followed tag, and the reader's own, newest first; nothing else", async () => {
    const page = await getFeedPage({ viewerId: reader.id, following: true, limit: 50 });
    const expected = ["car", "person", "tag", "own", "person-video", ...Array.from({ length: 12 }, (_, i) => `person-${i}`)].map((name) => posts[name]).reverse();
    expect(ids(page.posts)).toEqual(expected);
    for (const name of ["stranger-plain", "other-car", "stranger-video", "stranger-last"]) expect(ids(page.posts)).not.toContain(posts[name]);
  });

  it("Latest still holds everyone's posts", async () => {
    const page = await getFeedPage({ viewerId: reader.id, limit: 50 });
    expect(page.posts).toHaveLength(Object.keys(posts).length);
  });

  it("pages with the cursor and with exclude, never repeating a post", async () => {
    const all = ids((await getFeedPage({ viewerId: reader.id, following: true, limit: 50 })).posts);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const { status, body } = await api(`?feed=following&limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, reader.cookie);
      expect(status).toBe(200);
      seen.push(...ids(body.posts));
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all);

    const { body } = await api(`?feed=following&limit=50&exclude=${all.slice(0, 3).join(",")}`, reader.cookie);
    expect(ids(body.posts)).toEqual(all.slice(3));
  });

  it("is one statement per page, and one more for the content of posts not kept", async () => {
    const watched = watchStatements();
    const page = await getFeedPage({ viewerId: reader.id, following: true, limit: 10 });
    expect(watched().length).toBeLessThanOrEqual(2);
    const before = watched().length;
    expect((await getFeedPage({ viewerId: reader.id, following: true, limit: 10 })).posts).toEqual(page.posts);
    expect(watched().length - before).toBe(1);
  });

  it("in the API: feed=following for members, 401 for visitors, 400 for another word; Latest by default", async () => {
    const following = await api("?feed=following&limit=50", reader.cookie);
    expect(ids(following.body.posts)).not.toContain(posts["stranger-last"]);
    expect(ids(following.body.posts)).toContain(posts.tag);
    const latest = await api("?limit=50", reader.cookie);
    expect(ids(latest.body.posts)).toContain(posts["stranger-last"]);
    expect(ids((await api("?feed=latest&limit=50", reader.cookie)).body.posts)).toEqual(ids(latest.body.posts));
    const visitor = await api("?feed=following");
    expect(visitor.status).toBe(401);
    expect(visitor.body.error).toMatch(/sign in/i);
    const wrong = await api("?feed=best", reader.cookie);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe("feed must be following or latest");
  });

  it("with grams=1 holds only the Grams posts of the Following feed", async () => {
    const { body } = await api("?feed=following&grams=1", reader.cookie);
    expect(ids(body.posts)).toEqual([posts["person-video"]]);
  });

  it.skipIf(onPostgres)("keeps a Following answer for its reader only", async () => {
    const answers = createFeedAnswers({ freshness, maxAgeMs: 60_000 });
    const mine = JSON.parse((await answers.answer({ viewerId: reader.id, following: true })).body.toString()) as FeedPage;
    expect(ids(mine.posts)).toContain(posts.own);
    const theirs = await answers.answer({ viewerId: loner.id, following: true });
    expect(theirs.kept).toBe(false);
    expect((JSON.parse(theirs.body.toString()) as FeedPage).posts).toEqual([]);
    const latest = await answers.answer({ viewerId: reader.id });
    expect(latest.kept).toBe(false);
    expect((JSON.parse(latest.body.toString()) as FeedPage).posts.length).toBeGreaterThan(mine.posts.length);
  });
});

describe("which feed the home page shows", () => {
  it("a member who follows anything lands on Following; a member who follows nothing and a visitor on Latest", async () => {
    const member = await home("", reader.cookie);
    expect(member.feed).toBe("following");
    expect(ids(member.posts)).not.toContain(posts["stranger-last"]);
    const lonely = await makeUser("lonely");
    expect((await home("", lonely.cookie)).feed).toBe("latest");
    const visitor = await home("");
    expect(visitor.feed).toBe("latest");
    expect(ids(visitor.posts)[0]).toBe(posts["stranger-last"]);
    // A visitor's link to Following still reads Latest: a visitor follows nothing.
    expect((await home("?feed=following")).feed).toBe("latest");
  });

  it("a link switches the feed, and the member's choice is remembered", async () => {
    const member = await makeUser("switcher");
    await prisma.userFollow.create({ data: { followerId: member.id, followingId: followed.id } });
    expect((await home("", member.cookie)).feed).toBe("following");
    const latest = await home("?feed=latest", member.cookie);
    expect(latest.feed).toBe("latest");
    expect(ids(latest.posts)[0]).toBe(posts["stranger-last"]);
    expect((await home("", member.cookie)).feed).toBe("latest");
    expect((await home("?feed=following", member.cookie)).feed).toBe("following");
    expect((await home("", member.cookie)).feed).toBe("following");
    // Another word is no choice: the remembered one holds.
    expect((await home("?feed=best", member.cookie)).feed).toBe("following");
  });

  it("'Load more' without JavaScript reads the next page of the same feed", async () => {
    const first = await home("?feed=following", reader.cookie);
    expect(first.nextCursor).not.toBeNull();
    const next = await home(`?feed=following&cursor=${encodeURIComponent(first.nextCursor!)}`, reader.cookie);
    expect(next.feed).toBe("following");
    const all = ids((await getFeedPage({ viewerId: reader.id, following: true, limit: 50 })).posts);
    expect([...ids(first.posts), ...ids(next.posts)]).toEqual(all.slice(0, first.posts.length + next.posts.length));
  });

  it("Grams opened from the home page reads the chosen feed", async () => {
    const following = await home("?feed=following&grams", reader.cookie);
    expect(following.grams?.feed).toBe("following");
    expect(ids(following.grams!.initialPosts)).toEqual([posts["person-video"]]);
    const latest = await home("?feed=latest&grams", reader.cookie);
    expect(latest.grams?.feed).toBe("latest");
    expect(ids(latest.grams!.initialPosts)).toEqual([posts["stranger-video"], posts["person-video"]]);
    await home("?feed=following", reader.cookie);
  });

  it("an empty Following feed suggests the most-followed cars, the most active builders and busy tags, not followed yet", async () => {
    const fan = await makeUser("fan");
    await prisma.carFollow.create({ data: { userId: fan.id, carId: otherCar.id } });
    // Posts of the last 30 days make a builder active.
    const now = Date.now();
    for (let i = 0; i < 3; i++) {
      const recent = await prisma.post.create({ data: { createdById: stranger.id, story: `fresh ${i}`, createdAt: new Date(now - (i + 1) * HOUR) } });
      await prisma.postTag.create({ data: { postId: recent.id, tagId, createdAt: recent.createdAt } });
    }
    // The fan follows a car whose owner posts nothing recent: their Following feed is empty.
    await prisma.post.deleteMany({ where: { postCars: { some: { carId: otherCar.id } } } });
    const page = await home("?feed=following", fan.cookie);
    expect(page.feed).toBe("following");
    expect(page.posts).toEqual([]);
    expect(page.suggestions).not.toBeNull();
    expect(page.suggestions!.cars.map((car) => car.id)).toEqual([followedCar.id]);
    expect(page.suggestions!.people[0]).toMatchObject({ username: stranger.username, posts: 3 });
    expect(page.suggestions!.people.map((person) => person.username)).not.toContain(fan.username);
    expect(page.suggestions!.tags).toEqual([{ name: "trackday", posts: 3 }]);
    // A feed with posts suggests nothing.
    expect((await home("?feed=following", reader.cookie)).suggestions).toBeNull();
  });
});

describe("tags", () => {
  async function tagPage(tag: string, query = "", cookie?: string) {
    return (await tagLoader(args(getRequest(`/tags/${tag}${query}`, { cookie }), { tag }))) as unknown as Awaited<ReturnType<typeof tagLoader>>;
  }

  it("a tag's page lists its posts newest first, in any case, paged", async () => {
    const all = ids((await getFeedPage({ tagId, limit: 50 })).posts);
    expect(all.length).toBeGreaterThan(0);
    const page = await tagPage("TrackDay");
    expect(page.tag).toMatchObject({ name: "trackday", posts: all.length });
    expect(ids(page.posts)).toEqual(all.slice(0, page.posts.length));
    expect(page.share.url).toMatch(/\/tags\/trackday$/);
    const second = await api(`?tag=TRACKDAY&limit=1&cursor=${encodeURIComponent(`${new Date(page.posts[0].created_at).toISOString()}_${page.posts[0].id}`)}`);
    expect(ids(second.body.posts)).toEqual(all.slice(1, 2));
    expect((await api("?tag=nosuchtag")).status).toBe(404);
  });

  it("a tag no post carries reads as an empty page", async () => {
    const page = await tagPage("nothingyet");
    expect(page.tag).toMatchObject({ id: null, name: "nothingyet", posts: 0 });
    expect(page.posts).toEqual([]);
  });

  it("follow and unfollow, as JSON and as a plain form coming back to the page", async () => {
    const fan = await makeUser("tagfan");
    const follow = (await tagFollowAction(args(jsonRequest("/api/tags/TrackDay/follow", { following: true }, { cookie: fan.cookie }), { tag: "TrackDay" }))) as Response;
    expect(follow.status).toBe(200);
    expect(await follow.json()).toEqual({ following: true });
    expect((await tagPage("trackday", "", fan.cookie)).tag).toMatchObject({ following: true, followers: 2 });
    // Following a tag makes a member land on Following, with the tag's posts.
    const landed = await home("", fan.cookie);
    expect(landed.feed).toBe("following");
    expect(ids(landed.posts)).toContain(posts.tag);

    const unfollow = (await tagFollowAction(
      args(formRequest("/api/tags/trackday/follow", { following: "false", redirectTo: "/tags/trackday" }, { cookie: fan.cookie }), { tag: "trackday" }),
    )) as Response;
    expect(unfollow.status).toBe(303);
    expect(unfollow.headers.get("Location")).toBe("/tags/trackday");
    expect((await tagPage("trackday", "", fan.cookie)).tag.following).toBe(false);

    const visitor = (await tagFollowAction(args(jsonRequest("/api/tags/trackday/follow", {}), { tag: "trackday" }))) as Response;
    expect(visitor.status).toBe(401);
    const missing = (await tagFollowAction(args(jsonRequest("/api/tags/nosuchtag/follow", {}, { cookie: fan.cookie }), { tag: "nosuchtag" }))) as Response;
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "Tag not found", status: 404 });
  });

  it("search finds tags with their post counts", async () => {
    await prisma.tag.create({ data: { name: "tracktoys" } });
    const found = (await searchLoader(args(getRequest("/search?q=%23track")))) as unknown as { tags: Array<{ name: string; posts: number }> };
    const count = (await getFeedPage({ tagId, limit: 50 })).posts.length;
    // A tag no ready post carries is not a result.
    expect(found.tags).toEqual([{ name: "trackday", posts: count }]);
  });
});

describe("a Following feed whose posts are older than thousands of newer posts", () => {
  const DAY = 24 * HOUR;
  let quiet: TestUser; // follows two quiet cars and a quiet tag
  const quietPosts: Record<string, number> = {};

  beforeAll(async () => {
    quiet = await makeUser("quiet");
    const carA = await prisma.car.create({ data: { ownerId: carOwner.id, make: "Lancia", model: "Delta", year: 1992 } });
    const carB = await prisma.car.create({ data: { ownerId: carOwner.id, make: "Alpine", model: "A310", year: 1980 } });
    const quietTag = (await prisma.tag.create({ data: { name: "barnfind" } })).id;
    const old = async (name: string, days: number, data: { carIds?: number[]; tag?: number }) => {
      const created = await prisma.post.create({
        data: {
          createdById: carOwner.id,
          story: name,
          createdAt: new Date(BASE - days * DAY),
          postCars: data.carIds ? { create: data.carIds.map((carId, position) => ({ carId, position })) } : undefined,
        },
      });
      if (data.tag) await prisma.postTag.create({ data: { postId: created.id, tagId: data.tag, createdAt: created.createdAt } });
      quietPosts[name] = created.id;
    };
    await old("one-car", 30, { carIds: [carA.id] });
    await old("both-cars", 20, { carIds: [carA.id, carB.id] });
    await old("tagged", 10, { tag: quietTag });
    await old("unfollowed", 5, {});
    // Everyone else's posts, all newer than the quiet ones, more than one walk looks through.
    await prisma.post.createMany({
      data: Array.from({ length: BUSY_POSTS + 20 }, (_, i) => ({ createdById: stranger.id, story: `busy ${i}`, createdAt: new Date(BASE + 1000 * HOUR + i * 1000) })),
    });
    // The followed person posts among the newest, so the first reader's page is found at once.
    for (let i = 0; i < 3; i++) await post(`person-late-${i}`, { by: followed });
    await prisma.post.updateMany({ where: { story: { startsWith: "person-late-" } }, data: { createdAt: new Date(BASE + 2000 * HOUR) } });
    await prisma.carFollow.createMany({
      data: [
        { userId: quiet.id, carId: carA.id },
        { userId: quiet.id, carId: carB.id },
      ],
    });
    await prisma.tagFollow.create({ data: { userId: quiet.id, tagId: quietTag } });
    await rebuildTimelines();
  });

  it("holds them newest first, a post with two followed cars once, paged to the end", async () => {
    const expected = ["tagged", "both-cars", "one-car"].map((name) => quietPosts[name]);
    expect(ids((await getFeedPage({ viewerId: quiet.id, following: true, limit: 50 })).posts)).toEqual(expected);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const { status, body } = await api(`?feed=following&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, quiet.cookie);
      expect(status).toBe(200);
      seen.push(...ids(body.posts));
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(expected);
  });

  it("is read in two statements at most, like a page of a reader whose follows post among the newest", async () => {
    // The page with its standing, and the content of the posts whose content is not kept.
    const watched = watchStatements();
    await getFeedPage({ viewerId: quiet.id, following: true, limit: 2 });
    const first = watched().length;
    expect(first).toBeLessThanOrEqual(2);
    const page = await getFeedPage({ viewerId: reader.id, following: true, limit: 3 });
    expect(watched().length - first).toBeLessThanOrEqual(2);
    expect(page.posts.map((each) => each.story)).toEqual(["person-late-2", "person-late-1", "person-late-0"]);
    // Nothing written since: the posts' content is kept, and the page is one statement.
    const before = watched().length;
    expect((await getFeedPage({ viewerId: reader.id, following: true, limit: 3 })).posts).toEqual(page.posts);
    expect(watched().length - before).toBe(1);
  });
});
