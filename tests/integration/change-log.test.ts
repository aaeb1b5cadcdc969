// The change log on the test's database, SQLite or PostgreSQL (app/cache/change-log.server.ts): the triggers the
// migrator installs log, in the write's own transaction, the keys of what each write changed
// (a post's reactions name the post and its cars, a follow the car or person and the follower),
// "*" for a write to what has no key of its own, and nothing for a private table's write; old
// rows are pruned; the change source reads the keys logged since it last looked, and "all" when
// rows it had not read were pruned.
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { pruneChangeLog } from "~/cache/change-log.server";
import { changeSource, type DataVersion } from "~/cache/data-version.server";
import { createComment, toggleCommentLike } from "~/models/comment.server";
import { setCarFollow } from "~/models/follow.server";
import { reactToPost } from "~/models/like.server";
import { notifyFollow } from "~/models/notification.server";
import { createPost } from "~/models/post.server";
import { createSession } from "~/models/session.server";
import { makeUser } from "../support/accounts";
import { onPostgres } from "../support/database";
import { commitElsewhere } from "../support/other-connection";

const MINUTE = 60_000;

async function lastSeq(): Promise<number> {
  const [row] = await prisma.$queryRaw<Array<{ seq: number | bigint | null }>>`SELECT MAX("seq") AS "seq" FROM "data_changes"`;
  return Number(row?.seq ?? 0);
}

/** The keys `work` logged, sorted. */
async function logged(work: () => Promise<unknown>): Promise<string[]> {
  const from = await lastSeq();
  await work();
  const rows = await prisma.$queryRaw<Array<{ key: string }>>`SELECT "key" FROM "data_changes" WHERE "seq" > ${from} ORDER BY "seq"`;
  return rows.map((row) => row.key).sort();
}

const sorted = (keys: readonly string[] | "all") => (keys === "all" ? keys : [...keys].sort());

/** The database's change source, read as freshness.server.ts reads it: from the version last looked at to this one. */
function changeReader() {
  const source = changeSource(process.env.DATABASE_URL!)!;
  let last: DataVersion | null = null;
  return {
    version: () => source.version(),
    async changes() {
      const next = (await source.version())!;
      const keys = await source.changes(last, next);
      last = next;
      return keys;
    },
  };
}

/** A post with two cars, and a member who reacts to it. */
async function scene(name: string) {
  const owner = await makeUser(`${name}_owner`);
  const fan = await makeUser(`${name}_fan`);
  const cars = [];
  for (const model of ["Civic Type R", "Integra Type R"]) cars.push((await prisma.car.create({ data: { ownerId: owner.id, make: "Honda", model, year: 1998 } })).id);
  const post = await prisma.post.create({
    data: { createdById: owner.id, story: "Twin Type Rs", carId: cars[0], postCars: { create: cars.map((carId, position) => ({ carId, position })) } },
  });
  return { owner, fan, cars, postId: post.id, reactionKeys: [`post:${post.id}`] };
}

// The same rules on SQLite and PostgreSQL, whose triggers the migrator makes from them.
describe("what a write logs", () => {
  it("a like names its post alone, not its cars; so does turning it into a dislike, and taking that back", async () => {
    const { fan, postId, reactionKeys } = await scene("like");
    expect(await logged(() => reactToPost(fan.id, postId, "like"))).toEqual(reactionKeys);
    expect(await logged(() => reactToPost(fan.id, postId, "dislike"))).toEqual(reactionKeys);
    expect(await logged(() => reactToPost(fan.id, postId, "dislike"))).toEqual(reactionKeys);
  });

  it("a comment names its post, and so does a like of the comment", async () => {
    const { owner, fan, postId, reactionKeys } = await scene("comment");
    const author = { id: fan.id, role: "member", username: fan.username, nickname: null, profileImage: null };
    let commentId = 0;
    expect(await logged(async () => (commentId = (await createComment(author, { postId, content: "Which one is yours?", parentId: null })).id))).toEqual(reactionKeys);
    expect(await logged(() => toggleCommentLike(commentId, owner.id))).toEqual(reactionKeys);
  });

  it("a car's follow names the car, the follower and the follower's Following feed", async () => {
    const { fan, cars } = await scene("follow");
    expect(await logged(() => setCarFollow(fan, cars[0], true))).toEqual([`car:${cars[0]}`, `timeline:${fan.id}`, `user:${fan.id}`]);
  });

  it("a write by another connection (a script, another instance) is logged the same", async () => {
    const { fan, postId, reactionKeys } = await scene("elsewhere");
    await reactToPost(fan.id, postId, "like");
    expect(await logged(() => commitElsewhere(`UPDATE "post_likes" SET "type" = 'dislike' WHERE "postId" = ${postId} AND "userId" = ${fan.id}`))).toEqual(reactionKeys);
  });

  it("a session and a notification name nothing", async () => {
    const { owner, fan } = await scene("private");
    expect(await logged(() => createSession({ id: `change-log-${fan.id}`, userId: fan.id, expiresAt: new Date(Date.now() + 60 * MINUTE) }))).toEqual([]);
    expect(await logged(() => notifyFollow({ actor: { id: fan.id, username: fan.username }, recipientId: owner.id }))).toEqual([]);
  });

  it("a new post, and a car's edit, change what has no key of its own: '*'", async () => {
    const { owner, cars } = await scene("everything");
    expect(await logged(() => createPost(owner.id, { story: "New intake", carIds: [cars[0]], modIds: [], layout: null, soundcloud_url: null, files: [] }))).toContain(
      "*",
    );
    expect(await logged(() => prisma.car.update({ where: { id: cars[1] }, data: { nickname: "Phoenix" } }))).toEqual(["*"]);
  });
});

/** Makes every row up to `seq` `minutes` older, as if the time had passed since (rows stay in the order of their times). */
function age(seq: number, minutes: number) {
  return prisma.$executeRaw`UPDATE "data_changes" SET "at" = "at" - ${minutes * 60} WHERE "seq" <= ${seq}`;
}

describe("the log's old rows", () => {
  it("are deleted once older than an hour, a batch at a time; younger ones stay", async () => {
    const { fan, postId, reactionKeys } = await scene("prune");
    await prisma.$executeRaw`INSERT INTO "data_changes" ("key") WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 12000) SELECT 'post:' || i FROM n`;
    const old = await lastSeq();
    // A like logged after them.
    await reactToPost(fan.id, postId, "like");
    const count = async () =>
      Number((await prisma.$queryRaw<Array<{ count: number | bigint }>>`SELECT COUNT(*) AS "count" FROM "data_changes" WHERE "seq" <= ${old}`)[0].count);
    const before = await count();
    expect(before).toBeGreaterThan(12000);

    await age(old, 59);
    expect(await pruneChangeLog(prisma)).toBe(0);
    await age(old, 2);
    expect(await pruneChangeLog(prisma)).toBe(before);
    expect(await count()).toBe(0);
    const rows = await prisma.$queryRaw<Array<{ key: string }>>`SELECT "key" FROM "data_changes"`;
    expect(rows.map((row) => row.key).sort()).toEqual(reactionKeys);
  });
});

describe("the change source", () => {
  it("answers 'all' first, then the keys of a like once the version moved, and nothing for a private write", async () => {
    const { fan, postId, reactionKeys } = await scene("source");
    const source = changeReader();
    const start = await source.version();
    expect(await source.changes()).toBe("all");

    await reactToPost(fan.id, postId, "like");
    const liked = await source.version();
    expect(liked).not.toBe(start);
    expect(sorted(await source.changes())).toEqual(reactionKeys);
    expect(await source.changes()).toEqual([]);

    await createSession({ id: `change-source-${fan.id}`, userId: fan.id, expiresAt: new Date(Date.now() + 60 * MINUTE) });
    expect(await source.version()).not.toBe(liked);
    expect(await source.changes()).toEqual([]);
  });
});

// SQLite reads the rows after the last one it read, and tells rows pruned unread by the gap they
// leave. PostgreSQL reads between snapshots; a look long after the last one takes everything as
// changed (freshness.server.ts), before the log's rows of that time can be pruned.
describe.skipIf(onPostgres)("the change source on SQLite", () => {
  it("answers 'all' when rows it had not read were pruned, then the keys again", async () => {
    const { owner, fan, postId, reactionKeys } = await scene("pruned");
    const source = changeReader();
    await source.changes();
    // A like it does not read, an hour old by the time the log is pruned; a later like stays.
    await reactToPost(fan.id, postId, "like");
    await age(await lastSeq(), 61);
    await reactToPost(owner.id, postId, "like");
    expect(await pruneChangeLog(prisma)).toBeGreaterThan(0);
    expect(await source.changes()).toBe("all");

    await reactToPost(fan.id, postId, "like");
    expect(sorted(await source.changes())).toEqual(reactionKeys);
  });

  it("answers 'all' when every row it had not read was pruned, before anything newer is logged", async () => {
    const { fan, postId } = await scene("pruned-all");
    const source = changeReader();
    await source.changes();
    await reactToPost(fan.id, postId, "like");
    await age(await lastSeq(), 61);
    expect(await pruneChangeLog(prisma)).toBeGreaterThan(0);
    expect(await source.changes()).toBe("all");
    expect(await source.changes()).toEqual([]);
  });
});
