// A member's feed answer kept while nothing it shows changed: the same answer after writes
// that touch none of its posts (a like on another post, a session, a notification), a new one
// after a commit that touches one of them (a like by someone else, an edit made by a script's
// own connection) or something with no key of its own, one per reader and per page, and a new
// one when a post turns a day older.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { freshness, prisma } from "~/db.server";
import { carKey, postKey } from "~/cache/data-keys";
import { createFreshness } from "~/cache/freshness.server";
import { notifyFollow } from "~/models/notification.server";
import { createSession } from "~/models/session.server";
import { createFeedAnswers, getFeedPage } from "~/models/feed.server";
import { reactToPost } from "~/models/like.server";
import { setCarFollow } from "~/models/follow.server";
import { type SignedUp, signUp } from "../support/accounts";
import { onPostgres } from "../support/database";
import { commitElsewhere } from "../support/other-connection";
import { watchStatements } from "../support/statements";
import type { FeedPage } from "~/lib/wire";

const DAY = 24 * 3600_000;
const MINUTE = 60_000;
let owner: SignedUp;
let reader: SignedUp;
let postId: number;
let carId: number;

const feedStatements = (watched: () => string[]) => watched().filter((sql) => sql.includes('FROM "posts" p'));
const postOf = ({ body }: { body: Buffer }) => (JSON.parse(body.toString()) as FeedPage).posts.find((post) => post.id === postId)!;

beforeAll(async () => {
  owner = await signUp("owner");
  reader = await signUp("reader");
  const car = await prisma.car.create({ data: { ownerId: owner.id, make: "Honda", model: "S2000", year: 2001 } });
  const post = await prisma.post.create({
    data: { createdById: owner.id, story: "AP1 on the dyno", carId: car.id, postCars: { create: [{ carId: car.id }] }, createdAt: new Date(Date.now() - 3 * MINUTE) },
  });
  postId = post.id;
  carId = car.id;
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

// PostgreSQL's snapshot is the whole server's: there, another test file's commits end kept
// answers too, so what is kept is checked on SQLite, and what is read again on both.
describe.skipIf(onPostgres)("feed answers kept while nothing they show changed", () => {
  it("answers what getFeedPage reads, with the keys of its posts and their cars, then the same answer without reading while nothing is committed", async () => {
    const answers = createFeedAnswers({ freshness, maxAgeMs: 60_000 });
    const first = await answers.answer({ viewerId: reader.id });
    expect(first.kept).toBe(false);
    expect(JSON.parse(first.body.toString())).toEqual(await getFeedPage({ viewerId: reader.id }));
    expect(first.keys).toEqual(expect.arrayContaining([postKey(postId), carKey(carId)]));

    const watched = watchStatements();
    expect(await answers.answer({ viewerId: reader.id })).toEqual({ body: first.body, kept: true, keys: first.keys });
    expect(feedStatements(watched)).toHaveLength(0);
  });

  it("names its posts' cars only when it has a reader, and reads again when that reader follows one: the answer carries their following flag", async () => {
    const answers = createFeedAnswers({ freshness, maxAgeMs: 60_000 });
    const visitors = await answers.answer({ viewerId: null });
    expect(visitors.keys).toContain(postKey(postId));
    expect(visitors.keys).not.toContain(carKey(carId));
    await answers.answer({ viewerId: reader.id });
    expect(postOf(await answers.answer({ viewerId: reader.id }))).toMatchObject({ is_followed_car: false });

    await setCarFollow(reader, carId, true);
    const followed = await answers.answer({ viewerId: reader.id });
    expect(followed.kept).toBe(false);
    expect(postOf(followed)).toMatchObject({ is_followed_car: true });
    expect((await answers.answer({ viewerId: null })).kept).toBe(true);
    await setCarFollow(reader, carId, false);
  });

  it("holds after writes that touch none of its posts: a like on a post it does not show, a session, a notification", async () => {
    const answers = createFeedAnswers({ freshness, maxAgeMs: 60_000 });
    // The posts naming the S2000: another post is not among them.
    const page = { viewerId: reader.id, carId };
    const elsewhere = await prisma.post.create({ data: { createdById: owner.id, story: "Someone else's Miata" } });
    const first = await answers.answer(page);
    expect(postOf(first)).toBeDefined();

    await reactToPost(reader.id, elsewhere.id, "like");
    await createSession({ id: `feed-answers-${Date.now()}`, userId: reader.id, expiresAt: new Date(Date.now() + DAY) });
    await notifyFollow({ actor: { id: reader.id, username: reader.username }, recipientId: owner.id });
    expect(await answers.answer(page)).toEqual({ ...first, kept: true });
    // A like on the post it shows ends it.
    await reactToPost(reader.id, postId, "like");
    const liked = await answers.answer(page);
    expect(liked.kept).toBe(false);
    expect(postOf(liked).likedByUser).toBe(true);
    await reactToPost(reader.id, postId, "like");
  });

  it("keeps one answer per reader and per page", async () => {
    const answers = createFeedAnswers({ freshness, maxAgeMs: 60_000 });
    await reactToPost(reader.id, postId, "dislike");
    expect(postOf(await answers.answer({ viewerId: reader.id })).dislikedByUser).toBe(true);
    expect(postOf(await answers.answer({ viewerId: owner.id })).dislikedByUser).toBe(false);
    expect(postOf(await answers.answer({})).dislikedByUser).toBe(false);
    const mine = JSON.parse((await answers.answer({ viewerId: reader.id, createdById: reader.id })).body.toString()) as FeedPage;
    expect(mine.posts).toEqual([]);
  });

  it("reads again once a post turns a day older, and after maxAgeMs", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const created = (await prisma.post.findUniqueOrThrow({ where: { id: postId } })).createdAt.getTime();
    vi.setSystemTime(created + DAY - 1000);
    const answers = createFeedAnswers({ freshness, maxAgeMs: 60_000 });
    expect(postOf(await answers.answer({ viewerId: reader.id })).days_old).toBe(0);

    vi.setSystemTime(created + DAY - 1);
    const watched = watchStatements();
    expect(postOf(await answers.answer({ viewerId: reader.id })).days_old).toBe(0);
    expect(feedStatements(watched)).toHaveLength(0);

    vi.setSystemTime(created + DAY);
    expect(postOf(await answers.answer({ viewerId: reader.id })).days_old).toBe(1);
    expect(feedStatements(watched)).toHaveLength(1);

    vi.setSystemTime(created + DAY + 60_000);
    await answers.answer({ viewerId: reader.id });
    expect(feedStatements(watched)).toHaveLength(2);
  });
});

describe("the answer's text", () => {
  it("is what JSON.stringify makes of the page, for every reader and kind of page, whether its posts' JSON was kept or not", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now());
    const car = await prisma.car.findFirstOrThrow({ where: { ownerId: owner.id } });
    await prisma.media.create({
      data: {
        postId,
        uploaderId: owner.id,
        position: 0,
        kind: "image",
        path: "aa/bb/dyno.webp",
        mimeType: "image/webp",
        bytes: 100,
        width: 1200,
        height: 800,
        variants: "320,640",
      },
    });
    // A story of characters two to four bytes long, mentioning a member and a name no one has.
    const spoken = await prisma.post.create({
      data: { createdById: owner.id, story: `Öhlins · 日本 🏁 with @${reader.username} and @nobody_here`, carId: car.id, postCars: { create: [{ carId: car.id }] } },
    });
    const pages = [
      {},
      { viewerId: reader.id },
      { viewerId: owner.id, limit: 1 },
      { viewerId: owner.id, carId: car.id },
      { viewerId: reader.id, createdById: owner.id, grams: { showAll: true } },
      { limit: 1, cursor: { createdAt: new Date(), id: postId + 1 } },
      { viewerId: reader.id, exclude: [postId] },
    ];
    for (const answers of [createFeedAnswers({ freshness: null, maxAgeMs: 0 }), createFeedAnswers({ freshness, maxAgeMs: 60_000 })]) {
      for (const options of [...pages, ...pages]) {
        expect((await answers.answer(options)).body.toString(), JSON.stringify(options)).toBe(JSON.stringify(await getFeedPage(options)));
      }
    }
    const page = JSON.parse((await createFeedAnswers({ freshness: null, maxAgeMs: 0 }).answer({})).body.toString()) as FeedPage;
    expect(page.posts.find((post) => post.id === spoken.id)).toMatchObject({ story: spoken.story, mentions: [reader.username] });
    await prisma.post.delete({ where: { id: spoken.id } });
  });

  it("shows a post's change on the next answer, though its JSON was kept: an edit, a renamed car", async () => {
    const answers = createFeedAnswers({ freshness: null, maxAgeMs: 0 });
    await answers.answer({ viewerId: reader.id });
    await prisma.post.update({ where: { id: postId }, data: { story: "AP1 on the dyno: 243 hp after the intake" } });
    expect(postOf(await answers.answer({ viewerId: reader.id })).story).toBe("AP1 on the dyno: 243 hp after the intake");
    const car = await prisma.car.findFirstOrThrow({ where: { ownerId: owner.id } });
    await prisma.car.update({ where: { id: car.id }, data: { nickname: "Silverstone" } });
    expect(postOf(await answers.answer({ viewerId: reader.id })).post_cars[0].car.nickname).toBe("Silverstone");
  });

  it("shows a car's new cover photo on the next answer, though the post's JSON was kept", async () => {
    const answers = createFeedAnswers({ freshness: null, maxAgeMs: 0 });
    const car = await prisma.car.findFirstOrThrow({ where: { ownerId: owner.id } });
    // Without its own photo, the car shows its newest post's first picture, if any.
    expect(postOf(await answers.answer({ viewerId: reader.id })).post_cars[0].car.cover).not.toContain("s2000");
    await prisma.car.update({ where: { id: car.id }, data: { coverPath: "cc/dd/s2000.webp", coverVariants: "320,640", coverWidth: 1600 } });
    expect(postOf(await answers.answer({ viewerId: reader.id })).post_cars[0].car).toMatchObject({
      cover: "/media/cc/dd/s2000-w640.webp",
      cover_srcset: "/media/cc/dd/s2000-w320.webp 320w, /media/cc/dd/s2000-w640.webp 640w, /media/cc/dd/s2000.webp 1600w",
    });
  });
});

describe("feed answers after a commit", () => {
  it("reads again after a commit that touches one of its posts: another member's like, then a write by another connection", async () => {
    const answers = createFeedAnswers({ freshness, maxAgeMs: 60_000 });
    const before = postOf(await answers.answer({ viewerId: reader.id }));
    expect(before.counts.likes).toBe(0);

    await reactToPost(owner.id, postId, "like");
    const liked = postOf(await answers.answer({ viewerId: reader.id }));
    expect(liked.counts.likes).toBe(1);
    expect(liked.likedByUser).toBe(false);

    await commitElsewhere(`UPDATE "posts" SET "story" = 'AP1 on the dyno: 240 hp' WHERE "id" = ${postId}`);
    expect(postOf(await answers.answer({ viewerId: reader.id })).story).toBe("AP1 on the dyno: 240 hp");
  });
});

describe("feed answers that are never kept", () => {
  it("reads every time with nothing to check them against (an in-memory database) or with maxAgeMs 0", async () => {
    for (const answers of [
      createFeedAnswers({ freshness: null, maxAgeMs: 60_000 }),
      createFeedAnswers({ freshness: createFreshness(null), maxAgeMs: 60_000 }),
      createFeedAnswers({ freshness, maxAgeMs: 0 }),
    ]) {
      await answers.answer({ viewerId: reader.id });
      const watched = watchStatements();
      await answers.answer({ viewerId: reader.id });
      expect(feedStatements(watched)).toHaveLength(1);
    }
  });
});
