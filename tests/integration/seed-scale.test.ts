// The scale seed on a tiny size: row counts and shapes, media rows that open real stored
// files, dates in Prisma's format, referential integrity, and the app reading it back.
import { existsSync } from "node:fs";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseUrl, sqliteFilePath } from "~/lib/server/database-url";
import { resolveKey, statMedia } from "~/lib/media/media-storage.server";
import { parseVariants, variantPath } from "~/lib/media/media-types";
import { decodeCursor } from "~/lib/cursor";
import { getFeedPage } from "~/models/feed.server";
import { verifyLogin } from "~/models/user.server";
import { loader as mediaLoader } from "~/routes/media.$";
import { prismaDate, SCALE_PASSWORD, SCALE_TABLES, scaleEmail, seedScale, type ScaleSummary } from "../../scripts/bench/scale";

const DAY = 86_400_000;
const NOW = Date.parse("2026-11-20T12:00:00.000Z");
const USERS = 50;
const POSTS = 300;
const PRISMA_DATE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/;

const file = sqliteFilePath(databaseUrl());
let summary: ScaleSummary;
let db: Database.Database;

beforeAll(async () => {
  summary = await seedScale({ file, users: USERS, posts: POSTS, now: NOW });
  db = new Database(file, { readonly: true });
}, 300_000);

afterAll(() => db?.close());

const all = <T>(sql: string, ...params: unknown[]) => db.prepare(sql).all(...params) as T[];
const one = <T>(sql: string, ...params: unknown[]) =>
  db
    .prepare(sql)
    .pluck()
    .get(...params) as T;

describe("seed-scale --users 50 --posts 300", () => {
  it("fills every table it promises, with the asked numbers of members and posts", () => {
    expect(summary.rows.users).toBe(USERS);
    expect(summary.rows.profiles).toBe(USERS);
    expect(summary.rows.posts).toBe(POSTS);
    for (const table of SCALE_TABLES) {
      expect(one<number>(`SELECT COUNT(*) FROM "${table}"`), table).toBeGreaterThan(0);
      expect(one<number>(`SELECT COUNT(*) FROM "${table}"`), table).toBe(summary.rows[table]);
    }
    // Realistic proportions, not just "some rows".
    expect(summary.rows.post_likes).toBeGreaterThan(POSTS * 2);
    expect(summary.rows.comments).toBeGreaterThan(POSTS);
    expect(one<number>(`SELECT COUNT(*) FROM "comments" WHERE "parentId" IS NOT NULL`)).toBeGreaterThan(0);
    expect(one<number>(`SELECT COUNT(*) FROM "post_likes" WHERE "type" = 'dislike'`)).toBeGreaterThan(0);
    expect(one<number>(`SELECT COUNT(DISTINCT "make") FROM "cars"`)).toBeGreaterThanOrEqual(8);
  });

  it("gives every member a profile and 1 to 3 cars, and signs them in with the documented password", async () => {
    const perUser = all<{ cars: number }>(`SELECT (SELECT COUNT(*) FROM "cars" c WHERE c."ownerId" = u."id") AS cars FROM "users" u`);
    expect(perUser).toHaveLength(USERS);
    for (const { cars } of perUser) {
      expect(cars).toBeGreaterThanOrEqual(1);
      expect(cars).toBeLessThanOrEqual(3);
    }
    expect(one<number>(`SELECT COUNT(*) FROM "users" u JOIN "profiles" p ON p."id" = u."id"`)).toBe(USERS);
    expect(one<string>(`SELECT "role" FROM "users" WHERE "id" = 1`)).toBe("admin");
    await expect(verifyLogin(scaleEmail(2), SCALE_PASSWORD)).resolves.toMatchObject({ id: 2 });
  });

  it("gives every post 1 to 8 media, videos first, its creator's cars, and carId = its first car", () => {
    const posts = all<{ id: number; media: number; cars: number; carId: number; firstCar: number; foreignCars: number }>(`
      SELECT p."id", p."carId",
        (SELECT COUNT(*) FROM "photos" m WHERE m."postId" = p."id") AS media,
        (SELECT COUNT(*) FROM "post_cars" pc WHERE pc."postId" = p."id") AS cars,
        (SELECT pc."carId" FROM "post_cars" pc WHERE pc."postId" = p."id" AND pc."position" = 0) AS firstCar,
        (SELECT COUNT(*) FROM "post_cars" pc JOIN "cars" c ON c."id" = pc."carId" WHERE pc."postId" = p."id" AND c."ownerId" <> p."createdById") AS foreignCars
      FROM "posts" p`);
    expect(posts).toHaveLength(POSTS);
    for (const post of posts) {
      expect(post.media, `post ${post.id}`).toBeGreaterThanOrEqual(1);
      expect(post.media, `post ${post.id}`).toBeLessThanOrEqual(8);
      expect(post.cars).toBeGreaterThanOrEqual(1);
      expect(post.carId).toBe(post.firstCar);
      expect(post.foreignCars).toBe(0);
    }
    const counts = new Set(posts.map((post) => post.media));
    expect(counts.size).toBeGreaterThanOrEqual(5); // varied, not all the same
    // Videos sort before images; positions are 0..n-1.
    const misordered = one<number>(`
      SELECT COUNT(*) FROM "photos" v JOIN "photos" i ON i."postId" = v."postId"
      WHERE v."kind" = 'video' AND i."kind" = 'image' AND i."position" < v."position"`);
    expect(misordered).toBe(0);
    expect(one<number>(`SELECT COUNT(*) FROM "photos" WHERE "kind" = 'video'`)).toBeGreaterThan(0);
    const gaps = one<number>(`SELECT COUNT(*) FROM (SELECT "postId", MAX("position") AS top, COUNT(*) AS n FROM "photos" GROUP BY "postId") WHERE top <> n - 1`);
    expect(gaps).toBe(0);
  });

  it("points every media row at a stored file (and every resized copy it names)", async () => {
    const media = all<{ path: string; variants: string; kind: string; bytes: number }>(`SELECT "path", "variants", "kind", "bytes" FROM "photos"`);
    expect(new Set(media.map((row) => row.path)).size).toBe(media.length);
    for (const row of media) {
      const info = await statMedia(row.path);
      expect(info, row.path).not.toBeNull();
      expect(info!.size).toBe(row.bytes);
      for (const width of parseVariants(row.variants)) expect(existsSync(resolveKey(variantPath(row.path, width))!), `${row.path} @${width}`).toBe(true);
    }
    expect(media.filter((row) => row.kind === "image").every((row) => parseVariants(row.variants).length > 0)).toBe(true);
    const avatars = db.prepare(`SELECT DISTINCT "profileImage" FROM "users" WHERE "profileImage" IS NOT NULL`).pluck().all() as string[];
    expect(avatars.length).toBeGreaterThan(0);
    for (const url of avatars) expect(await statMedia(url.replace(/^\/media\//, "")), url).not.toBeNull();
  });

  it("writes every date as Prisma does, within the last year, posts in id order", () => {
    const columns: Array<[string, string]> = [
      ["users", "createdAt"],
      ["cars", "createdAt"],
      ["posts", "createdAt"],
      ["photos", "createdAt"],
      ["post_likes", "createdAt"],
      ["comments", "createdAt"],
      ["comment_likes", "createdAt"],
      ["saves", "createdAt"],
      ["shares", "createdAt"],
      ["car_follows", "createdAt"],
      ["user_follows", "createdAt"],
      ["notifications", "createdAt"],
      ["mods", "updatedAt"],
    ];
    for (const [table, column] of columns) {
      const values = db.prepare(`SELECT "${column}" FROM "${table}"`).pluck().all() as string[];
      for (const value of values) {
        expect(value, `${table}.${column}`).toMatch(PRISMA_DATE);
        const time = Date.parse(value);
        expect(time).toBeLessThanOrEqual(NOW);
        expect(time).toBeGreaterThan(NOW - 400 * DAY);
      }
    }
    const posts = db.prepare(`SELECT "createdAt" FROM "posts" ORDER BY "id"`).pluck().all() as string[];
    expect([...posts].sort()).toEqual(posts);
    expect(Date.parse(posts[0])).toBeGreaterThan(NOW - 366 * DAY);
    expect(Date.parse(posts.at(-1)!) - Date.parse(posts[0])).toBeGreaterThan(200 * DAY);
    expect(prismaDate(Date.parse("2026-01-02T03:04:05.006Z"))).toBe("2026-01-02T03:04:05.006+00:00");
  });

  it("keeps replies one level under a top-level comment of the same post, after it", () => {
    const bad = one<number>(`
      SELECT COUNT(*) FROM "comments" r JOIN "comments" p ON p."id" = r."parentId"
      WHERE p."parentId" IS NOT NULL OR p."postId" <> r."postId" OR r."createdAt" < p."createdAt"`);
    expect(bad).toBe(0);
    expect(one<number>(`SELECT COUNT(*) FROM "post_likes" l JOIN "posts" p ON p."id" = l."postId" WHERE l."userId" = p."createdById"`)).toBe(0);
    expect(one<number>(`SELECT COUNT(*) FROM "user_follows" WHERE "followerId" = "followingId"`)).toBe(0);
    expect(one<number>(`SELECT COUNT(*) FROM "car_follows" f JOIN "cars" c ON c."id" = f."carId" WHERE c."ownerId" = f."userId"`)).toBe(0);
  });

  it("leaves no broken reference and keeps the schema's indexes", () => {
    expect(db.prepare("PRAGMA foreign_key_check").all()).toEqual([]);
    const indexes = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND name = 'posts_createdAt_id_idx'`).all();
    expect(indexes).toHaveLength(1);
    expect(String(db.pragma("journal_mode", { simple: true }))).toBe("wal");
  });

  it("writes no change log row by row, keeps the log's triggers, and ends everything kept once", () => {
    const rows = db.prepare(`SELECT "key" FROM "data_changes"`).all() as Array<{ key: string }>;
    expect(rows).toEqual([{ key: "*" }]);
    const triggers = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'trigger' AND name = 'data_changes_post_likes_insert'`).all();
    expect(triggers).toHaveLength(1);
  });

  it("is read back by the app: the feed pages with its cursor and the media route serves the files", async () => {
    const first = await getFeedPage({ viewerId: 2 });
    expect(first.posts).toHaveLength(50);
    expect(first.posts.every((post) => post.photos.length >= 1 && post.photos.length <= 8)).toBe(true);
    const image = first.posts.flatMap((post) => post.photos).find((photo) => photo.kind === "image")!;
    expect(image.image_url).toMatch(/^\/media\/scale\//);
    expect(image.srcset).toContain(" 320w");
    const second = await getFeedPage({ viewerId: 2, limit: 10, cursor: decodeCursor(first.nextCursor) });
    expect(second.posts).toHaveLength(10);
    expect(Date.parse(second.posts[0].created_at)).toBeLessThanOrEqual(Date.parse(first.posts.at(-1)!.created_at));
    expect(second.posts.some((post) => first.posts.some((seen) => seen.id === post.id))).toBe(false);

    const key = image.image_url.replace(/^\/media\//, "");
    const response = await mediaLoader({ request: new Request(`http://localhost${image.image_url}`), params: { "*": key }, context: {} });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    expect(response.headers.get("Cache-Control")).toContain("immutable");
  });

  it("refuses a database that already has rows unless forced", async () => {
    await expect(seedScale({ file, users: 5, posts: 5, now: NOW })).rejects.toThrow(/not empty/);
    const again = await seedScale({ file, users: 5, posts: 5, now: NOW, force: true });
    expect(again.rows.posts).toBe(5);
    expect(one<number>(`SELECT COUNT(*) FROM "posts"`)).toBe(5);
    expect(one<number>(`SELECT COUNT(*) FROM "users"`)).toBe(5);
  });
});
