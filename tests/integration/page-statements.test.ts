// How many SQL statements a page's loader runs, counted where the driver runs them (SQLite and
// PostgreSQL), with the values those statements answer checked against rows made here.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "~/db.server";
import { getShowcase } from "~/models/showcase.server";
import { listComments, type Viewer } from "~/models/comment.server";
import { createMod } from "~/models/mod.server";
import { getPostPageMods } from "~/models/mod-reads.server";
import { getEventDetail } from "~/models/event-page.server";
import { listEvents } from "~/models/event-reads.server";
import { getPostTilesByIds, getUserPostTiles } from "~/models/post-tiles.server";
import { loader as eventsLoader } from "~/routes/events._index";
import { loader as homeLoader } from "~/routes/_index";
import { loader as eventLoader } from "~/routes/events.$id";
import { loader as postLoader } from "~/routes/post.$id";
import { loader as rootLoader } from "~/root";
import { loader as showcaseLoader } from "~/routes/showcase.$carId";
import { loader as userLoader } from "~/routes/user.$username";
import { makeUser, type TestUser } from "../support/accounts";
import { args, getRequest, rawRequest } from "../support/requests";
import { watchStatements } from "../support/statements";
import { eventPath, postPath, showcasePath, userPath } from "~/lib/paths";

afterEach(() => {
  vi.restoreAllMocks();
});

/** Runs `work` while counting statements: its answer and the SQL it ran. */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const watched = watchStatements();
  const result = await work();
  const statements = watched();
  vi.restoreAllMocks();
  return { result, statements };
}

describe("/showcase/{carId}", () => {
  let owner: TestUser;
  let fan: TestUser;
  let carId: number;
  let emptyCarId: number;
  /** The ids of the car's posts (one of them still processing). */
  let posts: { tagged: number; legacy: number; video: number; text: number; processing: number };

  beforeAll(async () => {
    owner = await makeUser("scowner");
    fan = await makeUser("scfan");
    const other = await makeUser("scother");
    const car = await prisma.car.create({
      data: {
        ownerId: owner.id,
        make: "Porsche",
        model: "911",
        year: 1989,
        trim: "Carrera",
        nickname: "Speedy",
        insuranceExpiresAt: new Date("2027-06-30T12:00:00.000Z"),
      },
    });
    carId = car.id;
    emptyCarId = (await prisma.car.create({ data: { ownerId: fan.id, make: "Fiat", model: "Panda", year: 1986 } })).id;

    const post = (story: string, createdAt: string, tag: "post_cars" | "carId", extra: { status?: string; createdById?: number } = {}) =>
      prisma.post.create({
        data: {
          createdById: extra.createdById ?? owner.id,
          story,
          status: extra.status ?? "ready",
          createdAt: new Date(createdAt),
          ...(tag === "carId" ? { carId } : { postCars: { create: { carId } } }),
        },
      });
    const tagged = await post("tagged", "2026-01-01T10:00:00.000Z", "post_cars");
    const legacy = await post("legacy tag", "2026-02-01T10:00:00.000Z", "carId");
    const text = await post("text only", "2026-02-15T10:00:00.000Z", "post_cars", { createdById: fan.id });
    const video = await post("video", "2026-03-01T10:00:00.000Z", "post_cars");
    const processing = await post("processing", "2026-04-01T10:00:00.000Z", "post_cars", { status: "processing" });
    posts = { tagged: tagged.id, legacy: legacy.id, video: video.id, text: text.id, processing: processing.id };

    const media = (postId: number, path: string, position: number, video?: { poster: string | null }) => ({
      postId,
      uploaderId: owner.id,
      kind: video ? "video" : "image",
      path,
      mimeType: video ? "video/mp4" : "image/webp",
      bytes: 10,
      width: 1600,
      height: 900,
      variants: video ? "" : "320,640",
      posterPath: video?.poster ?? null,
      position,
    });
    await prisma.media.createMany({
      data: [
        // Stored out of position order: the position decides.
        media(tagged.id, "sc/tagged-1.webp", 1),
        media(tagged.id, "sc/tagged-0.webp", 0),
        // A video without a poster is no cover: the picture after it is.
        media(legacy.id, "sc/legacy-0.mp4", 0, { poster: null }),
        media(legacy.id, "sc/legacy-1.webp", 1),
        media(video.id, "sc/video-0.mp4", 0, { poster: "sc/video-0.poster.webp" }),
        media(processing.id, "sc/processing-0.webp", 0),
      ],
    });
    await prisma.postLike.createMany({
      data: [
        { userId: fan.id, postId: tagged.id, type: "like" },
        { userId: other.id, postId: tagged.id, type: "like" },
        // Dislikes are not counted.
        { userId: owner.id, postId: tagged.id, type: "dislike" },
        { userId: fan.id, postId: legacy.id, type: "like" },
      ],
    });
    await prisma.comment.createMany({
      data: [
        { postId: tagged.id, userId: fan.id, content: "Lovely" },
        { postId: tagged.id, userId: other.id, content: "Agreed" },
        { postId: video.id, userId: fan.id, content: "Loud" },
      ],
    });
    await prisma.carFollow.createMany({
      data: [
        { userId: fan.id, carId },
        { userId: other.id, carId },
      ],
    });
    await createMod(carId, owner.id, {
      mod_category: "Exhaust",
      model_name: "Sport pipes",
      manufacturer: "Akrapovic",
      cost: 120000,
      show_cost: true,
      post_id: tagged.id,
    });
  });

  it("getShowcase answers the car, its owner, media, counts and newest posts in one statement", async () => {
    const watched = watchStatements();
    const showcase = await getShowcase(carId);
    expect(watched()).toHaveLength(1);

    expect(showcase?.car).toMatchObject({ id: carId, ownerId: owner.id, make: "Porsche", year: 1989, trim: "Carrera", bodystyle: null, nickname: "Speedy" });
    expect(showcase?.car.insuranceExpiresAt).toEqual(new Date("2027-06-30T12:00:00.000Z"));
    expect(showcase?.car.createdAt).toBeInstanceOf(Date);
    expect(showcase?.owner).toEqual({ id: owner.id, username: "scowner", nickname: "scowner Nick", profileImage: null });
    // Newest post first, each post's media by position; the processing post is left out.
    expect(showcase?.media.map((m) => m.path)).toEqual(["sc/video-0.mp4", "sc/legacy-0.mp4", "sc/legacy-1.webp", "sc/tagged-0.webp", "sc/tagged-1.webp"]);
    expect(showcase?.mediaCount).toBe(5);
    expect(showcase?.postCount).toBe(4);
    expect(showcase?.posts.map((p) => p.id)).toEqual([posts.video, posts.text, posts.legacy, posts.tagged]);
    const [video, text, legacy, tagged] = showcase?.posts ?? [];
    expect(video).toMatchObject({ story: "video", mediaCount: 1, likeCount: 0, commentCount: 1, creator: { username: "scowner" } });
    expect(video.cover).toMatchObject({ kind: "video", path: "sc/video-0.mp4", posterPath: "sc/video-0.poster.webp", postId: posts.video });
    expect(video.createdAt).toEqual(new Date("2026-03-01T10:00:00.000Z"));
    expect(text).toMatchObject({ cover: null, mediaCount: 0, likeCount: 0, commentCount: 0, creator: { username: "scfan" } });
    expect(legacy).toMatchObject({ mediaCount: 2, likeCount: 1, commentCount: 0, cover: { path: "sc/legacy-1.webp", variants: "320,640" } });
    expect(tagged).toMatchObject({ mediaCount: 2, likeCount: 2, commentCount: 2, cover: { path: "sc/tagged-0.webp", width: 1600 } });
  });

  it("getShowcase is one statement for a car without posts, and for a missing car", async () => {
    const watched = watchStatements();
    const empty = await getShowcase(emptyCarId);
    expect(await getShowcase(987654)).toBeNull();
    expect(watched()).toHaveLength(2);
    expect(empty).toMatchObject({
      car: { id: emptyCarId, make: "Fiat", insuranceExpiresAt: null },
      owner: { username: "scfan" },
      media: [],
      mediaCount: 0,
      postCount: 0,
      posts: [],
    });
  });

  it("getShowcase reads the follow state, the VIN's shown end and the newest service entries as its viewer may see them, in the same statement", async () => {
    await prisma.car.update({ where: { id: carId }, data: { vin: "WP0ZZZ91ZKS100234", vinPublic: true } });
    await prisma.car.update({ where: { id: emptyCarId }, data: { vin: "ZFA14100000123456", vinPublic: false } });
    await prisma.serviceEntry.createMany({
      data: [
        { carId, authorId: owner.id, kind: "oil", performedOn: new Date("2026-02-01T00:00:00.000Z"), mileage: 51000, costCents: 9000, costShown: false, notes: "5W-40" },
        {
          carId,
          authorId: null,
          kind: "brakes",
          performedOn: new Date("2026-01-01T00:00:00.000Z"),
          mileage: 50000,
          mileageUnit: "km",
          costCents: 40000,
          costShown: true,
        },
      ],
    });
    try {
      const watched = watchStatements();
      const asFan = await getShowcase(carId, fan.id);
      const asOwner = await getShowcase(carId, owner.id);
      const asVisitor = await getShowcase(carId, null);
      const empty = await getShowcase(emptyCarId, fan.id);
      expect(watched()).toHaveLength(4);

      expect(asFan?.follow).toEqual({ following: true, count: 2 });
      expect(asOwner?.follow).toEqual({ following: false, count: 2 });
      expect(asVisitor?.follow).toEqual({ following: false, count: 2 });
      expect(empty?.follow).toEqual({ following: false, count: 0 });
      // Only the VIN's end, and only when its owner shows it.
      expect(asVisitor?.vinEnd).toBe("100234");
      expect(empty?.vinEnd).toBeNull();
      // Newest first; a cost its entry does not show reaches the owner only.
      expect(asFan?.service.entries).toMatchObject([
        { kind: "oil", performed_on: "2026-02-01", mileage: 51000, mileage_unit: "mi", cost_cents: null, show_cost: false, notes: "5W-40", logged_by: "scowner" },
        { kind: "brakes", performed_on: "2026-01-01", mileage: 50000, mileage_unit: "km", cost_cents: 40000, show_cost: true, notes: null, logged_by: null },
      ]);
      expect(asOwner?.service.entries.map((entry) => entry.cost_cents)).toEqual([9000, 40000]);
      expect(asFan?.service.more).toBe(false);
      expect(empty?.service).toEqual({ entries: [], more: false });
      // The car's mods, read in the same statement.
      expect(asFan?.modRows.map((mod) => mod.modelName)).toEqual(["Sport pipes"]);
      expect(empty?.modRows).toEqual([]);
    } finally {
      await prisma.serviceEntry.deleteMany({ where: { carId } });
      await prisma.car.updateMany({ where: { id: { in: [carId, emptyCarId] } }, data: { vin: null, vinPublic: false } });
    }
  });

  it("the loader for a signed-in member runs one statement per part of the page", async () => {
    const loader = showcaseLoader as (a: never) => Promise<Awaited<ReturnType<typeof showcaseLoader>>>;
    const watched = watchStatements();
    const data = await loader(args(getRequest(showcasePath(carId), { cookie: fan.cookie }), { carId: String(carId) }));
    // The session and the build timeline; the showcase as the member sees it (with its mods,
    // follow state, service entries and VIN's end); then the car's owners with their names and
    // the other cars running the mods' parts. Each a bounded statement, none per row.
    expect(watched().length).toBeLessThanOrEqual(5);

    expect(data.signedIn).toBe(true);
    expect(data.isOwner).toBe(false);
    expect(data.follow).toEqual({ following: true, count: 2 });
    expect(data.posts.map((p) => p.id)).toEqual([posts.video, posts.text, posts.legacy, posts.tagged]);
    expect(data.posts[0].createdAt).toBe("2026-03-01T10:00:00.000Z");
    expect(data.mediaCount).toBe(5);
    expect(data.mods).toHaveLength(1);
    expect(data.mods[0]).toMatchObject({ model_name: "Sport pipes", part: { other_cars: 0 } });
    expect(data.description).toContain("2 followers, 4 posts.");
  });
});

describe("/post/{id}", () => {
  let owner: TestUser;
  let fan: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let postId: number;
  let carA: number;
  let carB: number;
  const comments: Record<string, number> = {};
  const mods: Record<string, number> = {};
  const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute));

  beforeAll(async () => {
    owner = await makeUser("pp_owner");
    fan = await makeUser("pp_fan");
    other = await makeUser("pp_other");
    admin = await makeUser("pp_admin", "admin");
    postId = (await prisma.post.create({ data: { createdById: owner.id, story: "Two cars, several mods" } })).id;
    carA = (await prisma.car.create({ data: { ownerId: owner.id, make: "Honda", model: "Civic", year: 1999 } })).id;
    carB = (await prisma.car.create({ data: { ownerId: owner.id, make: "Mazda", model: "MX-5", year: 1990 } })).id;
    // carB comes first in the post.
    await prisma.postCar.createMany({
      data: [
        { postId, carId: carB, position: 0 },
        { postId, carId: carA, position: 1 },
      ],
    });
    const maker = await prisma.manufacturer.create({ data: { name: "PP Maker" } });
    const mod = async (name: string, carId: number, minute: number, manufacturerId: number | null = null) => {
      mods[name] = (await prisma.mod.create({ data: { carId, category: "Engine", modelName: name, manufacturerId, createdAt: at(minute) } })).id;
    };
    await mod("A old", carA, 1, maker.id);
    await mod("A new", carA, 9);
    await mod("B late", carB, 8, maker.id);
    await mod("B early", carB, 2);
    await mod("B twin", carB, 2);
    await prisma.postMod.createMany({ data: Object.values(mods).map((modId) => ({ postId, modId })) });

    const comment = async (content: string, userId: number | null, minute: number, parentId: number | null = null) => {
      comments[content] = (await prisma.comment.create({ data: { postId, userId, parentId, content, createdAt: at(minute) } })).id;
    };
    await comment("first", fan.id, 1);
    await comment("second", other.id, 2);
    await comment("third", owner.id, 3);
    await comment("reply", owner.id, 4, comments.first);
    // Older data may nest deeper: it shows under the top-level comment.
    await comment("reply to reply", other.id, 5, comments.reply);
    await comment("ghost", null, 6);
    await prisma.commentLike.createMany({
      data: [
        { commentId: comments.first, userId: owner.id },
        { commentId: comments.first, userId: other.id },
        { commentId: comments.second, userId: fan.id },
        { commentId: comments["reply to reply"], userId: fan.id },
        { commentId: comments["reply to reply"], userId: admin.id },
      ],
    });
    // Blocks stop new comments and replies, not what the list shows.
    await prisma.block.create({ data: { blockerId: owner.id, blockedId: fan.id } });
  });

  it("listComments is one statement: the comments with their authors, likes, the viewer's likes and replies", async () => {
    const viewers: Array<[string, Viewer]> = [
      ["visitor", null],
      ["fan", { id: fan.id, role: "member" }],
      ["owner", { id: owner.id, role: "member" }],
      ["admin", { id: admin.id, role: "admin" }],
    ];
    for (const [name, viewer] of viewers) {
      const { result: page, statements } = await measured(() => listComments(postId, viewer));
      expect(statements, name).toHaveLength(1);
      expect(page).toMatchObject({ total: 6, nextCursor: null });
      const result = page.comments;
      expect(result.map((c) => c.content)).toEqual(["ghost", "third", "second", "first"]);
      const [ghost, , second, first] = result;
      expect(ghost).toMatchObject({ username: "anonymous", user_id: null, nickname: null, profileImage: null, created_at: at(6).toISOString() });
      expect(second).toMatchObject({ likes_count: 1, is_liked: name === "fan" });
      expect(first).toMatchObject({ user_id: fan.id, username: "pp_fan", nickname: "pp_fan Nick", likes_count: 2, is_liked: name === "owner" });
      expect(first.replies.map((c) => [c.content, c.parent_id, c.likes_count, c.is_liked])).toEqual([
        ["reply", comments.first, 0, false],
        ["reply to reply", comments.first, 2, name === "fan" || name === "admin"],
      ]);
      // Visitors delete nothing, the fan their own comment, the post's owner and administrators all.
      const deletable = result.flatMap((c) => [c, ...c.replies]).filter((c) => c.can_delete);
      expect(deletable.length, name).toBe({ visitor: 0, fan: 1, owner: 6, admin: 6 }[name]);
    }
    const missing = await measured(() => listComments(999_999, null).catch((error: { status?: number }) => error.status));
    expect(missing.result).toBe(404);
    expect(missing.statements).toHaveLength(1);
  });

  it("getPostPageMods is one statement: the tagged mods by the car's place in the post, then oldest first, and every mod of its cars", async () => {
    const { result, statements } = await measured(() => getPostPageMods(postId, null));
    expect(statements).toHaveLength(1);
    const tag = (name: string, carId: number, maker: string | null = null) => ({ id: mods[name], carId, category: "Engine", modelName: name, maker });
    expect(result.tagged).toEqual([tag("B early", carB), tag("B twin", carB), tag("B late", carB, "PP Maker"), tag("A old", carA, "PP Maker"), tag("A new", carA)]);
    expect([...result.ofCars.keys()].sort()).toEqual([carA, carB].sort());
    expect(result.ofCars.get(carB)?.map((mod) => mod.model_name)).toEqual(expect.arrayContaining(["B early", "B twin", "B late"]));
    const none = await measured(() => getPostPageMods(999_999, null));
    expect(none.result).toEqual({ tagged: [], ofCars: new Map() });
    expect(none.statements).toHaveLength(1);
  });

  it("the loader for a signed-in member runs at most 4 statements: session, post, comments, and the post's mods; and the post's content when it is not kept", async () => {
    const request = getRequest(postPath(postId), { cookie: other.cookie });
    const { result, statements } = await measured(() => postLoader(args(request, { id: String(postId) })));
    expect(result.comments?.comments).toHaveLength(4);
    expect(result.taggedMods).toHaveLength(5);
    expect(Object.keys(result.mods).map(Number).sort()).toEqual([carA, carB].sort());
    expect(statements.length, statements.join("\n\n")).toBeLessThanOrEqual(5);
    // Nothing written since: its content is kept.
    const again = await measured(() => postLoader(args(getRequest(postPath(postId), { cookie: other.cookie }), { id: String(postId) })));
    expect(again.result).toEqual({ ...result, now: again.result.now });
    expect(again.statements.length, again.statements.join("\n\n")).toBeLessThanOrEqual(4);
  });
});

describe("every page: the root loader", () => {
  it("costs a member one statement on a page (the session reads the user and the unread count), two on a form post, and a visitor none", async () => {
    const reader = await makeUser("rl_reader");
    const blocked = await makeUser("rl_blocked");
    const friend = await makeUser("rl_friend");
    await prisma.notification.createMany({
      data: [
        { userId: reader.id, type: "user_follow", relatedUserId: friend.id, message: "friend followed" },
        { userId: reader.id, type: "user_follow", relatedUserId: blocked.id, message: "blocked followed" },
        { userId: reader.id, type: "user_follow", relatedUserId: friend.id, message: "read", readAt: new Date() },
        { userId: reader.id, type: "insurance_expiration", message: "insurance" },
        { userId: friend.id, type: "user_follow", relatedUserId: reader.id, message: "someone else's" },
      ],
    });
    // A block either way hides what the other caused.
    await prisma.block.create({ data: { blockerId: blocked.id, blockedId: reader.id } });

    const member = await measured(() => rootLoader(args(getRequest("/", { cookie: reader.cookie }))));
    expect(member.result.data.user).toMatchObject({ username: "rl_reader", unreadNotifications: 2 });
    expect(member.statements, member.statements.join("\n\n")).toHaveLength(1);

    // A form post that shows its page again reads the session without the page's facts.
    const posted = await measured(() => rootLoader(args(rawRequest("/", { method: "POST", cookie: reader.cookie }))));
    expect(posted.result.data.user).toMatchObject({ username: "rl_reader", unreadNotifications: 2 });
    expect(posted.statements).toHaveLength(2);

    const visitor = await measured(() => rootLoader(args(getRequest("/"))));
    expect(visitor.result.data.user).toBeNull();
    expect(visitor.statements).toHaveLength(0);
  });
});

describe("/ (home)", () => {
  it("a member's page is the session statement and the feed page: the unread badge and the landing feed come with the session; and the posts' content when it is not kept", async () => {
    const reader = await makeUser("hp_reader");
    const author = await makeUser("hp_author");
    await prisma.userFollow.create({ data: { followerId: reader.id, followingId: author.id } });
    await prisma.notification.create({ data: { userId: reader.id, type: "user_follow", relatedUserId: author.id, message: "followed" } });
    const post = await prisma.post.create({ data: { createdById: author.id, story: "Fresh coilovers", status: "ready" } });
    await prisma.timelineEntry.create({ data: { memberId: reader.id, postId: post.id, createdAt: post.createdAt } });
    const request = getRequest("/", { cookie: reader.cookie });
    const { result, statements } = await measured(() => Promise.all([rootLoader(args(request)), homeLoader(args(request))]));
    const [root, home] = result;
    expect(root.data.user).toMatchObject({ username: "hp_reader", unreadNotifications: 1 });
    // Following someone lands a member without a remembered choice on Following.
    expect(home.feed).toBe("following");
    expect(home.posts.map((shown) => shown.story)).toEqual(["Fresh coilovers"]);
    expect(statements, statements.join("\n\n")).toHaveLength(3);
    // Nothing written since: the posts' content is kept.
    const next = getRequest("/", { cookie: reader.cookie });
    const again = await measured(() => Promise.all([rootLoader(args(next)), homeLoader(args(next))]));
    expect(again.result[1].posts).toEqual(home.posts);
    expect(again.statements, again.statements.join("\n\n")).toHaveLength(2);

    // A named feed is remembered: one statement more, and the next page lands there.
    const latest = getRequest("/?feed=latest", { cookie: reader.cookie });
    expect((await homeLoader(args(latest))).feed).toBe("latest");
    expect((await homeLoader(args(getRequest("/", { cookie: reader.cookie })))).feed).toBe("latest");
  });
});

describe("/events", () => {
  const now = new Date("2031-06-01T12:00:00.000Z");
  const at = (days: number) => new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const host = await makeUser("ev_host");
    const gone = await makeUser("ev_gone");
    const goers = await Promise.all(["ev_a", "ev_b", "ev_c"].map((name) => makeUser(name)));
    const event = async (name: string, days: number, createdById: number | null, going: TestUser[] = []) => {
      const row = await prisma.event.create({ data: { name, dateTime: at(days), location: `${name} car park`, createdById } });
      for (const goer of going) await prisma.eventAttendee.create({ data: { eventId: row.id, userId: goer.id } });
      ids[name] = row.id;
    };
    await event("Evening cruise", 3, host.id, goers);
    await event("Autumn show", 60, gone.id, goers.slice(0, 1));
    await event("Track day", -5, host.id, goers.slice(0, 2));
    await event("Spring meet", -90, null);
    // A creator who leaves: the event stays, without its creator.
    await prisma.user.delete({ where: { id: gone.id } });
  });

  it("listEvents answers upcoming and past, with creators and attendee counts, in one statement", async () => {
    const { result, statements } = await measured(() => listEvents({ now, ids: Object.values(ids) }));
    expect(statements).toHaveLength(1);
    expect(result.upcoming.map((event) => [event.name, event.goingCount, event.createdBy?.username ?? null])).toEqual([
      ["Evening cruise", 3, "ev_host"],
      ["Autumn show", 1, null],
    ]);
    expect(result.past.map((event) => [event.name, event.goingCount, event.createdBy?.username ?? null])).toEqual([
      ["Track day", 2, "ev_host"],
      ["Spring meet", 0, null],
    ]);
    expect(result.upcoming[0].dateTime).toEqual(at(3));
    expect(result.upcoming[0].location).toBe("Evening cruise car park");

    const limited = await measured(() => listEvents({ now, ids: [ids["Evening cruise"], ids["Track day"]], upcomingLimit: 0 }));
    expect(limited.result).toEqual({ upcoming: [], past: [expect.objectContaining({ name: "Track day" })] });
    expect(limited.statements).toHaveLength(1);
  });

  it("the page's loader for a signed-in member runs two statements: the session and the events", async () => {
    const reader = await makeUser("ev_reader");
    const { result, statements } = await measured(() => eventsLoader(args(getRequest("/events", { cookie: reader.cookie }))));
    expect(statements, statements.join("\n\n")).toHaveLength(2);
    expect(result.upcoming.map((event) => event.name)).toEqual(expect.arrayContaining(["Evening cruise", "Autumn show"]));
  });
});

describe("/user/{username}", () => {
  let owner: TestUser;
  let fan: TestUser;
  let other: TestUser;
  let cars: { tagged: number; bare: number };
  /** The owner's posts, oldest first (one processing, one failed: never shown). */
  let posts: { image: number; video: number; bareVideo: number; text: number; audio: number; processing: number; failed: number };

  beforeAll(async () => {
    owner = await makeUser("up_owner");
    fan = await makeUser("up_fan");
    other = await makeUser("up_other");
    await makeUser("up_empty");
    cars = {
      tagged: (await prisma.car.create({ data: { ownerId: owner.id, make: "Toyota", model: "AE86", year: 1985, trim: "GT-S", nickname: "Hachi" } })).id,
      bare: (await prisma.car.create({ data: { ownerId: owner.id, make: "Nissan", model: "S13", year: 1989 } })).id,
    };
    const post = async (story: string, extra: { status?: string; soundcloudUrl?: string } = {}) =>
      (await prisma.post.create({ data: { createdById: owner.id, story, status: extra.status ?? "ready", soundcloudUrl: extra.soundcloudUrl ?? null } })).id;
    const image = await post("x".repeat(200));
    const video = await post("with a poster");
    const bareVideo = await post("no poster");
    const text = await post("just words");
    const audio = await post("", { soundcloudUrl: "https://soundcloud.com/up/track" });
    const processing = await post("processing", { status: "processing" });
    const failed = await post("failed", { status: "failed" });
    posts = { image, video, bareVideo, text, audio, processing, failed };

    const file = { uploaderId: owner.id, bytes: 10, width: 1600, height: 900 };
    const picture = (postId: number, path: string, position: number) => ({ ...file, postId, path, position, kind: "image", mimeType: "image/webp", variants: "320,640" });
    // A video, with or without a poster frame.
    const clip = (postId: number, path: string, poster: string | null) => ({
      ...file,
      postId,
      path,
      kind: "video",
      mimeType: "video/mp4",
      durationMs: 7000,
      ...(poster ? { posterPath: poster, posterVariants: "320", posterWidth: 1280 } : {}),
    });
    // The image post's pictures are stored out of position order: the position decides.
    await prisma.media.createMany({
      data: [
        picture(image, "up/image-1.webp", 1),
        picture(image, "up/image-0.webp", 0),
        clip(video, "up/video-0.mp4", "up/video-0.poster.webp"),
        picture(video, "up/video-1.webp", 1),
        clip(bareVideo, "up/bare-0.mp4", null),
        picture(processing, "up/processing-0.webp", 0),
      ],
    });
    // The tagged car's cover: the first image of its newest ready post that has one. The
    // processing post is newer and has an image, but nobody else may see it yet.
    await prisma.postCar.createMany({
      data: [
        { postId: image, carId: cars.tagged },
        { postId: video, carId: cars.tagged },
        { postId: text, carId: cars.tagged },
        { postId: processing, carId: cars.tagged },
      ],
    });
    await prisma.postLike.createMany({
      data: [
        { userId: fan.id, postId: image, type: "like" },
        { userId: other.id, postId: image, type: "like" },
        // Dislikes are not counted.
        { userId: owner.id, postId: image, type: "dislike" },
        { userId: fan.id, postId: audio, type: "like" },
      ],
    });
    await prisma.comment.createMany({
      data: [
        { postId: image, userId: fan.id, content: "Clean" },
        { postId: video, userId: other.id, content: "Loud" },
        { postId: video, userId: null, content: "Ghost" },
      ],
    });
    await prisma.carFollow.createMany({
      data: [
        { userId: fan.id, carId: cars.tagged },
        { userId: other.id, carId: cars.tagged },
        { userId: other.id, carId: cars.bare },
      ],
    });
    await prisma.userFollow.createMany({
      data: [
        { followerId: fan.id, followingId: owner.id },
        { followerId: other.id, followingId: owner.id },
        { followerId: owner.id, followingId: other.id },
      ],
    });
  });

  const load = (username: string, viewer: TestUser | null, query = "") =>
    measured(() => userLoader(args(getRequest(`${userPath(username)}${query}`, { cookie: viewer?.cookie }), { username })));

  it("the loader for a signed-in member runs three statements: the session, the page and the cars the member used to own", async () => {
    const { result, statements } = await load("up_owner", fan);
    expect(statements.length, statements.join("\n\n")).toBeLessThanOrEqual(3);

    expect(result.user).toMatchObject({ id: owner.id, username: "up_owner", nickname: "up_owner Nick", profileImage: null });
    expect(result.user.joined).toBe((await prisma.user.findUniqueOrThrow({ where: { id: owner.id } })).createdAt.toISOString());
    expect(result.counts).toEqual({ followers: 2, following: 1, posts: 5, cars: 2 });
    expect(result.isSelf).toBe(false);
    expect(result.isFollowing).toBe(true);
    expect(result.nextCursor).toBeNull();

    // Newest first; the processing and failed posts are left out.
    expect(result.posts.map((post) => post.id)).toEqual([posts.audio, posts.text, posts.bareVideo, posts.video, posts.image]);
    const [audio, text, bareVideo, video, image] = result.posts;
    expect(audio).toEqual({ id: posts.audio, story: "", alt: null, mediaCount: 0, likes: 1, comments: 0, kind: "audio", thumb: null, thumbSrcSet: "", durationMs: null });
    expect(text).toMatchObject({ story: "just words", kind: "text", thumb: null, mediaCount: 0, likes: 0, comments: 0 });
    expect(bareVideo).toMatchObject({ kind: "video", thumb: null, thumbSrcSet: "", durationMs: 7000, mediaCount: 1 });
    expect(video).toMatchObject({
      kind: "video",
      thumb: "/media/up/video-0.poster.webp",
      thumbSrcSet: "/media/up/video-0.poster-w320.webp 320w, /media/up/video-0.poster.webp 1280w",
      durationMs: 7000,
      mediaCount: 2,
      comments: 2,
    });
    expect(image).toMatchObject({ kind: "image", thumb: "/media/up/image-0-w640.webp", durationMs: null, mediaCount: 2, likes: 2, comments: 1 });
    expect(image.story).toBe(`${"x".repeat(139)}…`);

    // Oldest car first, with its followers and whether the reader follows it.
    expect(result.cars).toEqual([
      {
        id: cars.tagged,
        make: "Toyota",
        model: "AE86",
        year: 1985,
        trim: "GT-S",
        nickname: "Hachi",
        followers: 2,
        following: true,
        cover: "/media/up/video-1-w640.webp",
        coverSrcSet: "/media/up/video-1-w320.webp 320w, /media/up/video-1-w640.webp 640w, /media/up/video-1.webp 1600w",
      },
      { id: cars.bare, make: "Nissan", model: "S13", year: 1989, trim: null, nickname: null, followers: 1, following: false, cover: null, coverSrcSet: "" },
    ]);
  });

  it("answers the owner, another member, a visitor and a user without posts or cars", async () => {
    const own = await load("up_owner", owner);
    expect(own.result).toMatchObject({ isSelf: true, isFollowing: false, counts: { posts: 5 } });
    expect(own.result.posts.map((post) => post.id)).not.toContain(posts.processing);
    expect(own.result.posts.map((post) => post.id)).not.toContain(posts.failed);

    const otherView = await load("up_owner", other);
    expect(otherView.result.isFollowing).toBe(true);
    expect(otherView.result.cars.map((car) => car.following)).toEqual([true, true]);

    const visitor = await load("up_owner", null);
    // The page and the cars the member used to own.
    expect(visitor.statements).toHaveLength(2);
    expect(visitor.result).toMatchObject({ isSelf: false, isFollowing: false });
    expect(visitor.result.cars.map((car) => [car.followers, car.following])).toEqual([
      [2, false],
      [1, false],
    ]);

    const none = await load("up_empty", fan);
    expect(none.statements.length).toBeLessThanOrEqual(3);
    expect(none.result).toMatchObject({ counts: { followers: 0, following: 0, posts: 0, cars: 0 }, isFollowing: false, cars: [], posts: [], nextCursor: null });

    const missing = await load("up_nobody", fan).catch((error: Response) => error.status);
    expect(missing).toBe(404);
  });

  it("pages the posts with `before`, and grid tiles by ids, in one statement each", async () => {
    const page = await load("up_owner", fan, `?before=${posts.bareVideo}`);
    expect(page.result.posts.map((post) => post.id)).toEqual([posts.video, posts.image]);
    expect(page.result.counts.posts).toBe(5);

    const first = await measured(() => getUserPostTiles(owner.id, null, 2));
    expect(first.statements).toHaveLength(1);
    expect(first.result.posts.map((post) => post.id)).toEqual([posts.audio, posts.text]);
    expect(first.result.nextCursor).toBe(posts.text);
    const last = await getUserPostTiles(owner.id, posts.video, 2);
    expect(last).toEqual({ posts: [expect.objectContaining({ id: posts.image, likes: 2 })], nextCursor: null });

    const byIds = await measured(() => getPostTilesByIds([posts.image, posts.processing, 999_999, posts.audio, posts.video]));
    expect(byIds.statements).toHaveLength(1);
    expect(byIds.result.map((post) => post.id)).toEqual([posts.image, posts.audio, posts.video]);
    expect(byIds.result[2]).toEqual(page.result.posts[0]);
  });
});

describe("/events/{id}", () => {
  const at = (minute: number) => new Date(Date.UTC(2031, 0, 1, 12, minute));
  const users = {} as Record<"owner" | "legacy" | "quiet" | "walker" | "viewer", TestUser>;
  const cars: Record<string, number> = {};
  const posts: Record<string, number> = {};
  let eventId: number;
  let emptyId: number;

  beforeAll(async () => {
    const host = await makeUser("ei_host");
    const gone = await makeUser("ei_gone");
    // In this order: ids break ties between attendees who joined at the same moment.
    for (const name of ["owner", "legacy", "quiet", "walker", "viewer"] as const) users[name] = await makeUser(`ei_${name}`);
    const car = async (name: string, ownerId: number, make: string, model: string, createdAt: Date, nickname: string | null = null) => {
      cars[name] = (await prisma.car.create({ data: { ownerId, make, model, year: 1990, nickname, createdAt } })).id;
    };
    await car("porsche", users.owner.id, "Porsche", "964", at(0), "Grey");
    await car("golf", users.legacy.id, "VW", "Golf", at(0));
    await car("panda", users.quiet.id, "Fiat", "Panda", at(0));
    await car("older", users.viewer.id, "Mazda", "MX-5", at(1));
    await car("newer", users.viewer.id, "Honda", "S2000", at(5));

    // The newest post is the one with the highest id featuring the car (tagged, or its legacy
    // single car) among ready posts.
    const post = async (name: string, createdById: number, story: string, tag: { tagged?: number; carId?: number }, status = "ready") => {
      const { tagged, carId } = tag;
      posts[name] = (
        await prisma.post.create({ data: { createdById, story, status, carId: carId ?? null, ...(tagged ? { postCars: { create: { carId: tagged } } } : {}) } })
      ).id;
    };
    await post("porscheOld", users.owner.id, "old", { tagged: cars.porsche });
    await post("porscheNew", users.owner.id, "newest ready", { tagged: cars.porsche });
    await post("porscheProcessing", users.owner.id, "processing", { tagged: cars.porsche }, "processing");
    await post("golfTagged", users.legacy.id, "tagged", { tagged: cars.golf });
    await post("golfLegacy", users.legacy.id, "y".repeat(300), { carId: cars.golf });
    await post("pandaFailed", users.quiet.id, "failed", { carId: cars.panda }, "failed");

    const image = { kind: "image", mimeType: "image/webp", variants: "320,640" };
    const video = { kind: "video", mimeType: "video/mp4", variants: "" };
    const media = (postId: number, position: number, path: string, kind: typeof image, extra: { variants?: string; posterPath?: string } = {}) => ({
      postId,
      position,
      path,
      uploaderId: users.owner.id,
      bytes: 10,
      ...kind,
      ...extra,
      posterVariants: extra.posterPath ? "640" : "",
    });
    await prisma.media.createMany({
      data: [
        media(posts.porscheOld, 0, "ei/old-0.webp", image),
        // The cover is the first by position that has a picture: here a video's poster.
        media(posts.porscheNew, 1, "ei/new-1.webp", image),
        media(posts.porscheNew, 0, "ei/new-0.mp4", video, { posterPath: "ei/new-0.poster.webp" }),
        media(posts.porscheProcessing, 0, "ei/processing-0.webp", image),
        // A video without a poster is no cover: the picture after it is.
        media(posts.golfLegacy, 0, "ei/legacy-0.mp4", video),
        media(posts.golfLegacy, 1, "ei/legacy-1.webp", image, { variants: "" }),
      ],
    });

    const breakfast = { name: "ei Breakfast", dateTime: new Date("2031-06-01T08:00:00.000Z"), location: "Dock 4", createdById: host.id };
    eventId = (await prisma.event.create({ data: breakfast })).id;
    const going = (user: TestUser, carId: number | null, minute: number) =>
      prisma.eventAttendee.create({ data: { eventId, userId: user.id, carId, createdAt: at(minute) } });
    await going(users.owner, cars.porsche, 3);
    // The same moment as the owner: the older account first.
    await going(users.quiet, cars.panda, 3);
    await going(users.legacy, cars.golf, 2);
    await going(users.walker, null, 1);

    emptyId = (await prisma.event.create({ data: { name: "ei Empty", dateTime: new Date("2031-07-01T08:00:00.000Z"), createdById: gone.id } })).id;
    await prisma.user.delete({ where: { id: gone.id } });
  });

  it("getEventDetail answers the event, the attendees with their cars and newest ready posts, and the viewer's state in one statement", async () => {
    const carOf = (name: string, make: string, model: string, nickname: string | null = null) => ({
      id: cars[name],
      make,
      model,
      year: 1990,
      trim: null,
      nickname,
      bodystyle: null,
    });
    const viewers: Array<[string, number | null, { going: boolean; car_id: number | null; cars: unknown[] } | null]> = [
      ["owner", users.owner.id, { going: true, car_id: cars.porsche, cars: [carOf("porsche", "Porsche", "964", "Grey")] }],
      ["walker", users.walker.id, { going: true, car_id: null, cars: [] }],
      ["viewer", users.viewer.id, { going: false, car_id: null, cars: [carOf("newer", "Honda", "S2000"), carOf("older", "Mazda", "MX-5")] }],
      ["visitor", null, null],
    ];
    for (const [name, viewerId, state] of viewers) {
      const { result, statements } = await measured(() => getEventDetail(eventId, viewerId));
      expect(statements, name).toHaveLength(1);
      expect(result?.viewer, name).toEqual(state);
      expect(result?.event).toEqual({
        id: eventId,
        name: "ei Breakfast",
        date_time: "2031-06-01T08:00:00.000Z",
        location: "Dock 4",
        description: null,
        going_count: 4,
        is_past: false,
        created_by: "ei_host",
        cover: null,
      });
      expect(result?.attendees.map((a) => [a.user.username, a.going_since])).toEqual([
        ["ei_walker", at(1).toISOString()],
        ["ei_legacy", at(2).toISOString()],
        ["ei_owner", at(3).toISOString()],
        ["ei_quiet", at(3).toISOString()],
      ]);
      const [walking, golf, porsche, panda] = result?.attendees ?? [];
      expect(walking).toMatchObject({ user: { id: users.walker.id, nickname: "ei_walker Nick", profileImage: null }, car: null, newest_post: null });
      expect(golf.car).toEqual(carOf("golf", "VW", "Golf"));
      expect(golf.newest_post).toEqual({
        id: posts.golfLegacy,
        story: `${"y".repeat(279)}…`,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        cover_image: "/media/ei/legacy-1.webp",
        media_count: 2,
      });
      expect(porsche.car).toEqual(carOf("porsche", "Porsche", "964", "Grey"));
      expect(porsche.newest_post).toMatchObject({ id: posts.porscheNew, story: "newest ready", cover_image: "/media/ei/new-0.poster-w640.webp", media_count: 2 });
      expect(panda).toMatchObject({ car: { id: cars.panda }, newest_post: null });
    }
  });

  it("getEventDetail is one statement for an event without attendees whose creator left, and for a missing event", async () => {
    const empty = await measured(() => getEventDetail(emptyId, users.viewer.id));
    expect(empty.statements).toHaveLength(1);
    expect(empty.result?.event).toMatchObject({ name: "ei Empty", going_count: 0, created_by: null });
    expect(empty.result?.attendees).toEqual([]);
    expect(empty.result?.viewer).toMatchObject({ going: false, car_id: null, cars: [{ id: cars.newer }, { id: cars.older }] });
    const missing = await measured(() => getEventDetail(987_654, users.viewer.id));
    expect(missing.result).toBeNull();
    expect(missing.statements).toHaveLength(1);
  });

  it("the loader for a signed-in member runs two statements: the session and the event", async () => {
    const request = getRequest(eventPath(eventId), { cookie: users.owner.cookie });
    const { result, statements } = await measured(() => eventLoader(args(request, { id: String(eventId) })));
    expect(statements, statements.join("\n\n")).toHaveLength(2);
    expect(result.event).toMatchObject({ id: eventId, name: "ei Breakfast", attendees: 4, host: "ei_host", past: false });
    expect(result.attendees.map((a) => a.user.username)).toEqual(["ei_walker", "ei_legacy", "ei_owner", "ei_quiet"]);
    expect(result.viewer).toMatchObject({ going: true, car_id: cars.porsche });
  });
});
