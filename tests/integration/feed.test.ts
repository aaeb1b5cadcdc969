import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "~/db.server";
import { FEED_FIRST_PAGE, FEED_PAGE } from "~/lib/constants";
import { filterGramsPosts } from "~/lib/rules/feed-filter";
import { getFeedPage, getPost, getPostsByCar, getPostsByUser } from "~/models/feed.server";
import { loader as feedLoader } from "~/routes/api.feed";
import { type SignedUp, signUp } from "../support/accounts";
import { args, getRequest } from "../support/requests";
import { Driver, onPostgres, watchStatements } from "../support/statements";
import type { FeedPost } from "~/lib/wire";

async function feed(query = "", cookie?: string) {
  const response = (await feedLoader(args(getRequest(`/api/feed${query}`, { cookie })))) as Response;
  return { status: response.status, body: await response.json(), headers: response.headers };
}

const ids = (posts: FeedPost[]) => posts.map((post) => post.id);

/** Every post, newest first, two pages. */
async function allPosts() {
  const first = await getFeedPage({ limit: 50 });
  const rest = await getFeedPage({ limit: 50, cursor: { createdAt: new Date(first.posts[49].created_at), id: first.posts[49].id } });
  return [...first.posts, ...rest.posts];
}

const TOTAL = 64;
const BASE = Date.parse("2026-10-01T12:00:00.000Z");
let alice: SignedUp;
let bob: SignedUp;
let carol: SignedUp;
let bobCars: { id: number }[];
let aliceCar: { id: number };
/** Post ids in the feed's order (newest first). */
let expectedOrder: number[];
let featured: number;

beforeAll(async () => {
  alice = await signUp("alice");
  bob = await signUp("bob");
  carol = await signUp("carol");
  bobCars = await Promise.all(
    ["Supra", "Skyline", "NSX"].map((model, i) =>
      prisma.car.create({ data: { ownerId: bob.id, make: "JDM", model, year: 1990 + i, nickname: i === 0 ? "Orange" : null } }),
    ),
  );
  aliceCar = await prisma.car.create({ data: { ownerId: alice.id, make: "Mazda", model: "MX-5", year: 1991, trim: "NA", bodystyle: "Roadster" } });

  // Posts an hour apart; posts 20 and 21 share a timestamp to check the id tie-break.
  const created: { id: number; at: number }[] = [];
  for (let i = 0; i < TOTAL; i++) {
    const at = BASE + (i === 21 ? 20 : i) * 3600_000;
    const kind = i % 4; // 0 text, 1 images, 2 video + image, 3 audio only
    const post = await prisma.post.create({
      data: {
        createdById: i % 5 === 0 ? alice.id : bob.id,
        story: `post ${i}`,
        createdAt: new Date(at),
        layout: i === 5 ? "album" : null,
        soundcloudUrl: kind === 3 ? "https://soundcloud.com/artist/track" : null,
        carId: i % 5 === 0 ? aliceCar.id : bobCars[i % 3].id,
        postCars: { create: i % 5 === 0 ? [{ carId: aliceCar.id }] : [{ carId: bobCars[i % 3].id, position: 0 }] },
        media: {
          create:
            kind === 1
              ? [0, 1, 2].map((position) => ({
                  uploaderId: i % 5 === 0 ? alice.id : bob.id,
                  position,
                  kind: "image",
                  path: `aa/bb/p${i}-${position}.webp`,
                  mimeType: "image/webp",
                  bytes: 100,
                  width: 1200,
                  height: 800,
                  variants: "320,640,1080",
                }))
              : kind === 2
                ? [
                    { uploaderId: bob.id, position: 0, kind: "video", path: `aa/bb/v${i}.mp4`, mimeType: "video/mp4", bytes: 100 },
                    { uploaderId: bob.id, position: 1, kind: "image", path: `aa/bb/i${i}.webp`, mimeType: "image/webp", bytes: 100, width: 640, height: 480 },
                  ]
                : [],
        },
      },
    });
    created.push({ id: post.id, at });
  }
  expectedOrder = [...created].sort((a, b) => b.at - a.at || b.id - a.id).map((post) => post.id);

  // One post with a bit of everything: two cars (second listed first), counts of each kind.
  featured = created[41].id; // kind 1: three images, by bob
  await prisma.postCar.create({ data: { postId: featured, carId: bobCars[0].id, position: -1 } });
  await prisma.postLike.createMany({
    data: [
      { userId: alice.id, postId: featured, type: "like" },
      { userId: bob.id, postId: featured, type: "like" },
      { userId: carol.id, postId: featured, type: "dislike" },
    ],
  });
  await prisma.comment.createMany({ data: [1, 2, 3, 4].map((n) => ({ postId: featured, userId: carol.id, content: `c${n}` })) });
  await prisma.mod.createMany({
    data: [
      { carId: bobCars[0].id, category: "engine", modelName: "Turbo" },
      { carId: bobCars[0].id, category: "wheels", modelName: "Rays" },
      { carId: bobCars[2].id, category: "brakes", modelName: "Brembo" },
    ],
  });
  await prisma.save.createMany({
    data: [
      { userId: alice.id, postId: featured },
      { userId: carol.id, postId: featured },
    ],
  });
  await prisma.share.createMany({
    data: [
      { postId: featured, channel: "link" },
      { postId: featured, userId: alice.id, channel: "embed" },
    ],
  });
  await prisma.carFollow.create({ data: { userId: carol.id, carId: bobCars[0].id } });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("feed pages", () => {
  it("answers the first 50, newest first, ties broken by id", async () => {
    const { status, body } = await feed();
    expect(status).toBe(200);
    expect(body.posts).toHaveLength(FEED_FIRST_PAGE);
    expect(ids(body.posts)).toEqual(expectedOrder.slice(0, FEED_FIRST_PAGE));
    expect(typeof body.nextCursor).toBe("string");
  });

  it("pages of 10 by exclusion never repeat and follow on from the first page", async () => {
    const first = await feed();
    const loaded = ids(first.body.posts);
    const next = await feed(`?limit=${FEED_PAGE}&exclude=${loaded.join(",")}`);
    expect(ids(next.body.posts)).toEqual(expectedOrder.slice(50, 60));
    const last = await feed(`?limit=10&exclude=${[...loaded, ...ids(next.body.posts)].join(",")}`);
    expect(ids(last.body.posts)).toEqual(expectedOrder.slice(60));
    expect(last.body.nextCursor).toBeNull();
  });

  it("pages by cursor walk the whole feed exactly once", async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const { body } = await feed(query);
      expect(body.posts.length).toBeLessThanOrEqual(7);
      seen.push(...ids(body.posts));
      cursor = body.nextCursor;
      pages++;
    } while (cursor && pages < 20);
    expect(seen).toEqual(expectedOrder);
  });

  it("combines a cursor and exclusions, and a post created meanwhile does not shift later pages", async () => {
    const first = await getFeedPage({ limit: 10 });
    const newer = await prisma.post.create({ data: { createdById: carol.id, story: "fresh" } });
    const second = await getFeedPage({ limit: 10, cursor: { createdAt: new Date(first.posts[9].created_at), id: first.posts[9].id }, exclude: [expectedOrder[10]] });
    expect(ids(second.posts)).toEqual(expectedOrder.slice(11, 21));
    await prisma.post.delete({ where: { id: newer.id } });
  });

  it("clamps the limit and refuses junk parameters with 400", async () => {
    expect((await feed("?limit=500")).body.posts).toHaveLength(50);
    expect((await feed("?limit=0")).body.posts).toHaveLength(1);
    expect((await feed("?limit=abc")).status).toBe(400);
    expect((await feed("?exclude=1,x")).status).toBe(400);
    expect((await feed(`?exclude=${Array.from({ length: 1001 }, (_, i) => i + 1).join(",")}`)).status).toBe(400);
    expect((await feed("?cursor=garbage")).status).toBe(400);
    expect((await feed("?cursor=2026-01-01T00:00:00.000Z_-4")).status).toBe(400);
    expect((await feed("?carId=-1")).status).toBe(400);
  });
});

describe("post shape, counts and the reader's flags", () => {
  it("shapes a post as the API answers it, with correct counts", async () => {
    const post = (await getPost(featured, null))!;
    expect(post).toMatchObject({
      id: featured,
      created_by: bob.id,
      creator: { id: bob.id, username: "bob", nickname: null, profileImage: null },
      story: "post 41",
      layout: null,
      effective_layout: "carousel",
      soundcloud_url: null,
      counts: { likes: 2, dislikes: 1, comments: 4, mods: 3, saves: 2, shares: 2, flags: 0 },
      likedByUser: false,
      dislikedByUser: false,
      saved: false,
      priority_score: 30,
      is_followed_car: false,
    });
    expect(post.created_at).toBe(new Date(BASE + 41 * 3600_000).toISOString());
    expect(post.days_old).toBeGreaterThan(0);
    // Cars by position: the one added with position -1 comes first; mods count both cars'.
    expect(post.car_ids).toEqual([bobCars[0].id, bobCars[2].id]);
    expect(post.car_id).toBe(bobCars[2].id);
    expect(post.post_cars[0]).toEqual({
      car_id: bobCars[0].id,
      car: {
        id: bobCars[0].id,
        make: "JDM",
        model: "Supra",
        year: 1990,
        trim: null,
        bodystyle: null,
        nickname: "Orange",
        owner_id: bob.id,
        cover: expect.any(String),
        cover_srcset: expect.any(String),
      },
    });
    expect(post.photos.map((photo) => photo.image_url)).toEqual([0, 1, 2].map((n) => `/media/aa/bb/p41-${n}.webp`));
    expect(post.photos[0]).toMatchObject({
      kind: "image",
      mime_type: "image/webp",
      width: 1200,
      height: 800,
      srcset: "/media/aa/bb/p41-0-w320.webp 320w, /media/aa/bb/p41-0-w640.webp 640w, /media/aa/bb/p41-0-w1080.webp 1080w, /media/aa/bb/p41-0.webp 1200w",
      poster_url: null,
      uploader: { id: bob.id, username: "bob" },
    });
    expect(Date.parse(post.photos[0].created_at)).not.toBeNaN();
  });

  it("gives each reader their own flags", async () => {
    const asAlice = (await getPost(featured, alice.id))!;
    expect([asAlice.likedByUser, asAlice.dislikedByUser, asAlice.saved, asAlice.is_followed_car]).toEqual([true, false, true, false]);
    const asCarol = (await getPost(featured, carol.id))!;
    expect([asCarol.likedByUser, asCarol.dislikedByUser, asCarol.saved, asCarol.is_followed_car]).toEqual([false, true, true, true]);
    const viaApi = await feed("", carol.cookie);
    const inFeed = viaApi.body.posts.find((post: FeedPost) => post.id === featured);
    expect(inFeed).toMatchObject({ dislikedByUser: true, saved: true, is_followed_car: true, counts: { likes: 2, comments: 4 } });
    expect(viaApi.headers.get("Cache-Control")).toContain("private");
  });

  it("keeps a stored layout, defaults the rest, and names videos first as stored", async () => {
    const byStory = new Map((await allPosts()).map((post) => [post.story, post]));
    expect(byStory.get("post 5")).toMatchObject({ layout: "album", effective_layout: "album" });
    expect(byStory.get("post 0")).toMatchObject({ layout: null, effective_layout: "single", photos: [] });
    const video = byStory.get("post 2")!;
    expect(video.photos.map((photo) => photo.kind)).toEqual(["video", "image"]);
    expect(video.photos[0].srcset).toBe("");
    expect(byStory.get("post 3")!.soundcloud_url).toBe("https://soundcloud.com/artist/track");
  });
});

describe("no N+1", () => {
  it("runs one SQL statement for a page of 50 and for a page of 10", async () => {
    const forFifty = watchStatements();
    await getFeedPage({ viewerId: alice.id, limit: 50 });
    expect(forFifty()).toHaveLength(1);
    vi.restoreAllMocks();
    const forTen = watchStatements();
    await getFeedPage({ viewerId: alice.id, limit: 10, exclude: expectedOrder.slice(0, 50) });
    expect(forTen()).toHaveLength(1);
  });

  it.skipIf(onPostgres)("prepares a statement once and runs it again with other parameters", async () => {
    const ten = await getFeedPage({ viewerId: alice.id, limit: 10 });
    const prepare = vi.spyOn(Driver.prototype as { prepare: (sql: string) => unknown }, "prepare");
    const three = await getFeedPage({ viewerId: alice.id, limit: 3 });
    expect(prepare).not.toHaveBeenCalled();
    expect(three.posts.map((post) => post.id)).toEqual(ten.posts.slice(0, 3).map((post) => post.id));
  });

  it("GET /api/feed for a member costs the session lookup plus one statement", async () => {
    const watched = watchStatements();
    const { body } = await feed("", alice.cookie);
    expect(body.posts).toHaveLength(50);
    const statements = watched();
    const feedStatements = statements.filter((sql) => sql.includes('FROM "posts" p'));
    expect(feedStatements).toHaveLength(1);
    // The session with its user, plus the page; nothing grows with the number of posts.
    expect(statements.length).toBeLessThanOrEqual(2);
  });
});

describe("Grams filter in SQL: video or audio, any media with show_all_grams_posts", () => {
  it("answers only video or audio posts by default, any media with show_all_grams_posts", async () => {
    const everything = await allPosts();
    expect(everything).toHaveLength(TOTAL);

    const strict = await feed("?grams=1", alice.cookie);
    expect(ids(strict.body.posts)).toEqual(ids(filterGramsPosts(everything, false)));
    expect(strict.body.posts.every((post: FeedPost) => post.soundcloud_url || post.photos.some((photo) => photo.kind === "video"))).toBe(true);

    await prisma.profile.update({ where: { id: alice.id }, data: { showAllGramsPosts: true } });
    const all = await feed("?grams=1", alice.cookie);
    expect(ids(all.body.posts)).toEqual(ids(filterGramsPosts(everything, true)));
    expect(all.body.posts.length).toBeGreaterThan(strict.body.posts.length);
    await prisma.profile.update({ where: { id: alice.id }, data: { showAllGramsPosts: false } });
  });
});

describe("light variants", () => {
  it("lists a member's posts and a car's posts", async () => {
    const alicePosts = await getPostsByUser(alice.id, { limit: 50 });
    expect(alicePosts.posts.every((post) => post.created_by === alice.id)).toBe(true);
    expect(alicePosts.posts).toHaveLength(13);
    const carPosts = await getPostsByCar(bobCars[0].id, { limit: 50 });
    expect(carPosts.posts.every((post) => post.car_ids.includes(bobCars[0].id))).toBe(true);
    expect(ids(carPosts.posts)).toContain(featured);
    const viaApi = await feed(`?carId=${bobCars[0].id}`);
    expect(ids(viaApi.body.posts)).toEqual(ids(carPosts.posts));
    expect(await getPost(999_999)).toBeNull();
  });
});
