// Fills a fresh database with a community at scale: members with profiles, 1-3 cars each,
// mods with gains and builds, posts with 1-8 media (pointing at the real files of the media
// pool, see pool.ts), post cars, likes and dislikes, comments with replies, comment likes,
// car and member follows with their notifications, saves and shares. Dates spread over the
// last year, written exactly as Prisma writes them for SQLite ("2026-01-31T12:00:00.000+00:00",
// which the feed's keyset cursor compares as text).
//
// Fast by construction: better-sqlite3 directly (not Prisma), explicit ids, multi-row INSERT
// statements prepared once per table, one transaction per table, and a connection tuned for
// bulk loading (no journal, no fsync, big cache; foreign keys checked by the test instead).
// The same seed number always gives the same data.
import Database from "better-sqlite3";
import { CHANGE_LOG_TABLE, dropSqliteChangeLogTriggers, installSqliteChangeLog } from "../../app/cache/change-log.server";
import { EVERYTHING } from "../../app/cache/data-keys";
import bcrypt from "bcryptjs";
import { createRng, type Rng } from "../../prisma/seed/random";
import { nameKey } from "../../app/lib/rules/names";
import { poolKey, preparePool, type Pool, type PoolItem } from "./pool";
import {
  BIOS,
  BUILD_NAMES,
  CITIES,
  COMMENTS,
  FIRST_NAMES,
  GAINS,
  HANDLE_PARTS,
  INSTALLERS,
  MAKES,
  MANUFACTURERS,
  MOD_NAMES,
  NICKNAMES,
  REPLIES,
  STORIES,
  VENDORS,
} from "./words";

export const SCALE_PASSWORD = "password123";
/** Sign-in email of member `n` (1-based); member 1 is an administrator. */
export const scaleEmail = (n: number) => `member${n}@scale.test`;

export type ScaleOptions = {
  /** The SQLite file. */
  file: string;
  users: number;
  posts: number;
  /** Empty a database that already has rows instead of refusing it. */
  force?: boolean;
  seed?: number;
  log?: (line: string) => void;
  /** "Now" for the dates (tests pin it). */
  now?: number;
};

export type ScaleSummary = { seconds: number; rows: Record<string, number> };

const DAY = 86_400_000;
const YEAR = 365 * DAY;

/** Tables a scale seed fills, in insert order (and reverse delete order). */
export const SCALE_TABLES = [
  "users",
  "profiles",
  "cars",
  "manufacturers",
  "vendors",
  "installers",
  "builds",
  "posts",
  "post_cars",
  "photos",
  "mods",
  "performance_gains",
  "post_likes",
  "comments",
  "comment_likes",
  "saves",
  "shares",
  "car_follows",
  "user_follows",
  "notifications",
] as const;

/** Every member's Following timeline from their own posts and their follows (app/models/timeline.server.ts). */
export const TIMELINES_FILL_SQL = `INSERT INTO "timelines" ("memberId", "postId", "createdAt")
SELECT "memberId", "postId", "createdAt" FROM (
  SELECT p."createdById" AS "memberId", p."id" AS "postId", p."createdAt" AS "createdAt" FROM "posts" p
  UNION SELECT uf."followerId", p."id", p."createdAt" FROM "user_follows" uf JOIN "posts" p ON p."createdById" = uf."followingId"
  UNION SELECT cf."userId", p."id", p."createdAt" FROM "car_follows" cf JOIN "post_cars" pc ON pc."carId" = cf."carId" JOIN "posts" p ON p."id" = pc."postId"
  UNION SELECT tf."userId", p."id", p."createdAt" FROM "tag_follows" tf JOIN "post_tags" pt ON pt."tagId" = tf."tagId" JOIN "posts" p ON p."id" = pt."postId"
) following`;

/** Every application table (what --force empties). */
const ALL_TABLES_SQL = `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '_prisma_migrations'`;

/** Prisma's text form of a DateTime on SQLite. */
export function prismaDate(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 23)}+00:00`;
}

// ------------------------------------------------------------------ batched inserts

const MAX_VARIABLES = 32_000;

class Inserter {
  private readonly columns: string[];
  private readonly batch: number;
  private readonly statement: Database.Statement;
  private buffer: unknown[] = [];
  private rows = 0;
  total = 0;

  constructor(
    private readonly db: Database.Database,
    private readonly table: string,
    columns: string[],
  ) {
    this.columns = columns;
    this.batch = Math.max(1, Math.min(500, Math.floor(MAX_VARIABLES / columns.length)));
    this.statement = db.prepare(this.sql(this.batch));
  }

  private sql(rows: number): string {
    const row = `(${this.columns.map(() => "?").join(",")})`;
    return `INSERT INTO "${this.table}" (${this.columns.map((c) => `"${c}"`).join(",")}) VALUES ${Array(rows).fill(row).join(",")}`;
  }

  add(...values: unknown[]) {
    for (const value of values) this.buffer.push(value);
    this.rows += 1;
    this.total += 1;
    if (this.rows === this.batch) this.flush();
  }

  flush() {
    if (this.rows === 0) return;
    const statement = this.rows === this.batch ? this.statement : this.db.prepare(this.sql(this.rows));
    statement.run(this.buffer);
    this.buffer = [];
    this.rows = 0;
  }
}

// ------------------------------------------------------------------ random helpers

/** A standard normal (Box-Muller). */
function normal(rng: Rng): number {
  const u = 1 - rng.next();
  const v = rng.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** A count with a long tail around `median` (log-normal), capped. */
function longTail(rng: Rng, median: number, sigma: number, max: number): number {
  if (median <= 0) return 0;
  return Math.min(max, Math.floor(median * Math.exp(sigma * normal(rng))));
}

/** An exponential delay with this mean. */
function delay(rng: Rng, mean: number): number {
  return -Math.log(1 - rng.next()) * mean;
}

/** Cumulative weights for weighted picks by binary search. */
class Weighted {
  private readonly cumulative: Float64Array;
  constructor(weights: ArrayLike<number>) {
    this.cumulative = new Float64Array(weights.length);
    let sum = 0;
    for (let i = 0; i < weights.length; i++) {
      sum += weights[i];
      this.cumulative[i] = sum;
    }
  }
  /** An index, more often where the weight is larger. */
  pick(rng: Rng): number {
    const target = rng.next() * this.cumulative[this.cumulative.length - 1];
    let low = 0;
    let high = this.cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.cumulative[mid] > target) high = mid;
      else low = mid + 1;
    }
    return low;
  }
}

/** `count` distinct values from `draw`, never `exclude`. `count` must be well below the range. */
function distinct(count: number, draw: () => number, exclude = -1): number[] {
  const seen = new Set<number>();
  let guard = count * 20 + 20;
  while (seen.size < count && guard-- > 0) {
    const value = draw();
    if (value !== exclude) seen.add(value);
  }
  return [...seen];
}

function fill(template: string, words: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => words[key] ?? "");
}

// ------------------------------------------------------------------ the seed

/** Rows of every application table; throws when the database is not empty (unless force). */
function prepareDatabase(db: Database.Database, force: boolean, log: (line: string) => void) {
  const tables = (db.prepare(ALL_TABLES_SQL).all() as Array<{ name: string }>).map((row) => row.name);
  if (!tables.includes("posts")) throw new Error("The database has no schema: apply the migrations first.");
  const filled = tables.filter((table) => db.prepare(`SELECT 1 FROM "${table}" LIMIT 1`).get());
  if (filled.length === 0) return;
  if (!force) {
    throw new Error(`The database is not empty (${filled.join(", ")} have rows). Use a fresh database, or --force to empty it first.`);
  }
  log(`--force: emptying ${filled.length} tables…`);
  db.pragma("foreign_keys = OFF");
  db.transaction(() => {
    for (const table of tables) db.prepare(`DELETE FROM "${table}"`).run();
    db.prepare(`DELETE FROM sqlite_sequence`).run();
  })();
}

export async function seedScale(options: ScaleOptions): Promise<ScaleSummary> {
  const log = options.log ?? (() => {});
  const started = Date.now();
  const usersWanted = Math.floor(options.users);
  const postsWanted = Math.floor(options.posts);
  if (!(usersWanted >= 2)) throw new RangeError("--users must be at least 2");
  if (!(postsWanted >= 0)) throw new RangeError("--posts must be 0 or more");

  const db = new Database(options.file);
  try {
    prepareDatabase(db, options.force ?? false, log);
    const pool = await preparePool(log);
    if (pool.images.length === 0) throw new Error("The media pool is empty");

    // Bulk-load settings for this connection only; WAL is switched back on at the end.
    // Without a journal when this is the only connection (the CLI); else WAL stays on (tests).
    let journal = "wal";
    db.pragma("busy_timeout = 50");
    try {
      journal = String(db.pragma("journal_mode = OFF", { simple: true }));
    } catch {
      // Another connection is open: keep WAL.
    }
    db.pragma("busy_timeout = 5000");
    db.pragma("synchronous = OFF");
    db.pragma("foreign_keys = OFF");
    db.pragma("temp_store = MEMORY");
    db.pragma("cache_size = -1048576"); // 1 GiB

    // Indexes are built once at the end (a sort) rather than kept up to date row by row.
    const indexes = db.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL`).all() as Array<{ name: string; sql: string }>;
    for (const index of indexes) db.prepare(`DROP INDEX "${index.name}"`).run();
    // Nor is the change log written row by row: a bulk load ends everything kept at once.
    dropSqliteChangeLogTriggers(db);
    let rows: Record<string, number>;
    try {
      rows = fillTables(db, pool, { ...options, users: usersWanted, posts: postsWanted }, log);
    } finally {
      const indexing = Date.now();
      db.transaction(() => {
        for (const index of indexes) db.prepare(index.sql).run();
      })();
      log(`  ${indexes.length} indexes rebuilt (${((Date.now() - indexing) / 1000).toFixed(1)} s)`);
      installSqliteChangeLog(db);
      db.prepare(`INSERT INTO "${CHANGE_LOG_TABLE}" ("key") VALUES ('${EVERYTHING}')`).run();
    }

    if (journal !== "wal") db.pragma("journal_mode = WAL");
    const seconds = (Date.now() - started) / 1000;
    return { seconds, rows };
  } finally {
    db.close();
  }
}

function fillTables(db: Database.Database, pool: Pool, options: ScaleOptions, log: (line: string) => void): Record<string, number> {
  const rng = createRng(options.seed ?? 20261122);
  const now = options.now ?? Date.now();
  const yearAgo = now - YEAR;
  const U = options.users;
  const P = options.posts;
  const counts: Record<string, number> = {};
  let phase = Date.now();
  /** Records the row counts of one phase and prints them with the phase's time. */
  const done = (tables: Record<string, Inserter>) => {
    const parts = Object.entries(tables).map(([table, inserter]) => {
      counts[table] = inserter.total;
      return `${table} ${inserter.total.toLocaleString("en-US")}`;
    });
    log(`  ${parts.join(", ")} (${((Date.now() - phase) / 1000).toFixed(1)} s)`);
    phase = Date.now();
  };
  const inTransaction = (work: () => void) => db.transaction(work)();

  // ---------------------------------------------------------------- members
  // Activity (how much a member posts, likes, comments) has a long tail: a few very
  // active members, many quiet ones.
  const activity = new Float64Array(U + 1);
  const userCreated = new Float64Array(U + 1);
  const passwordHash = bcrypt.hashSync(SCALE_PASSWORD, 10);
  inTransaction(() => {
    const users = new Inserter(db, "users", ["id", "email", "username", "nickname", "profileImage", "passwordHash", "role", "emailVerifiedAt", "createdAt", "updatedAt"]);
    const profiles = new Inserter(db, "profiles", ["id", "showAllGramsPosts", "bio", "updatedAt"]);
    for (let id = 1; id <= U; id++) {
      activity[id] = Math.min(200, 1 / Math.pow(1 - rng.next(), 1 / 1.3));
      // Members joined in the month before the year the posts cover.
      userCreated[id] = yearAgo - 30 * DAY + ((id - 1) / U) * 29 * DAY;
      const first = rng.pick(FIRST_NAMES);
      const username = `${rng.pick(HANDLE_PARTS)}_${first
        .toLowerCase()
        .normalize("NFD")
        .replace(/[^a-z]/g, "")}${id}`;
      const created = prismaDate(userCreated[id]);
      users.add(
        id,
        scaleEmail(id),
        username,
        rng.chance(0.65) ? first : null,
        rng.chance(0.3) ? rng.pick(pool.avatars) : null,
        passwordHash,
        id === 1 ? "admin" : "member",
        rng.chance(0.8) ? created : null,
        created,
        created,
      );
      profiles.add(id, rng.chance(0.25) ? 1 : 0, rng.chance(0.4) ? `${rng.pick(BIOS)} ${rng.pick(CITIES)}.` : null, created);
    }
    users.flush();
    profiles.flush();
    done({ users, profiles });
  });
  const activeUser = new Weighted(activity.map((value, index) => (index === 0 ? 0 : value)));
  const anyUser = () => 1 + Math.floor(rng.next() * U);

  // ---------------------------------------------------------------- cars, mods' names
  const carStart = new Int32Array(U + 2); // the cars of member u are carStart[u] .. carStart[u+1]-1
  const carOwner: number[] = [0];
  const carWords: Array<{ make: string; model: string; trim: string | null; nickname: string | null }> = [{ make: "", model: "", trim: null, nickname: null }];
  inTransaction(() => {
    const cars = new Inserter(db, "cars", ["id", "ownerId", "make", "model", "year", "trim", "bodystyle", "nickname", "insuranceExpiresAt", "createdAt", "updatedAt"]);
    let id = 0;
    for (let owner = 1; owner <= U; owner++) {
      carStart[owner] = id + 1;
      const many = rng.next();
      const count = many < 0.55 ? 1 : many < 0.85 ? 2 : 3;
      for (let k = 0; k < count; k++) {
        id += 1;
        const family = rng.pick(MAKES);
        const model = rng.pick(family.models);
        const trim = rng.chance(0.75) ? rng.pick(family.trims) : null;
        const nickname = rng.chance(0.35) ? rng.pick(NICKNAMES) : null;
        const created = prismaDate(userCreated[owner] + (k + 1) * 3_600_000);
        // Some insurance dates, mostly well ahead (the reminder job looks at the next weeks).
        const insurance = rng.chance(0.15) ? prismaDate(now + (20 + rng.int(0, 345)) * DAY) : null;
        cars.add(id, owner, family.make, model, rng.int(1968, 2025), trim, rng.chance(0.85) ? rng.pick(family.bodystyles) : null, nickname, insurance, created, created);
        carOwner.push(owner);
        carWords.push({ make: family.make, model, trim, nickname });
      }
    }
    carStart[U + 1] = id + 1;
    cars.flush();
    const lists: Record<string, Inserter> = { cars };
    for (const [table, names] of [
      ["manufacturers", MANUFACTURERS],
      ["vendors", VENDORS],
      ["installers", INSTALLERS],
    ] as const) {
      const inserter = new Inserter(db, table, ["id", "name", "key"]);
      names.forEach((name, index) => inserter.add(index + 1, name, nameKey(name)));
      inserter.flush();
      lists[table] = inserter;
    }
    done(lists);
  });
  const C = carOwner.length - 1;
  const carsOf = (user: number) => ({ first: carStart[user], count: carStart[user + 1] - carStart[user] });

  // ---------------------------------------------------------------- posts, their cars and media
  // Post times over the last year, more of them recently (a growing community); ids follow time.
  const postTime = new Float64Array(P + 1);
  const postCreator = new Int32Array(P + 1);
  const postFirstCar = new Int32Array(P + 1);
  {
    const times = new Float64Array(P);
    for (let i = 0; i < P; i++) times[i] = now - YEAR * (1 - Math.pow(rng.next(), 0.8));
    times.sort();
    for (let i = 0; i < P; i++) postTime[i + 1] = Math.min(now - 1000, Math.floor(times[i]));
  }
  const MEDIA_COUNTS = [1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6, 7, 8, 8];
  let mediaId = 0;
  inTransaction(() => {
    const posts = new Inserter(db, "posts", ["id", "createdById", "story", "layout", "soundcloudUrl", "carId", "createdAt"]);
    const postCars = new Inserter(db, "post_cars", ["postId", "carId", "position"]);
    const photos = new Inserter(db, "photos", [
      "id",
      "postId",
      "uploaderId",
      "position",
      "kind",
      "path",
      "mimeType",
      "bytes",
      "width",
      "height",
      "variants",
      "createdAt",
    ]);
    for (let id = 1; id <= P; id++) {
      const creator = activeUser.pick(rng);
      postCreator[id] = creator;
      const created = prismaDate(postTime[id]);
      const own = carsOf(creator);
      const carCount = Math.min(own.count, rng.next() < 0.85 ? 1 : rng.next() < 0.8 ? 2 : 3);
      const chosen = distinct(carCount, () => own.first + Math.floor(rng.next() * own.count));
      postFirstCar[id] = chosen[0];
      chosen.forEach((car, position) => postCars.add(id, car, position));

      const mediaCount = rng.pick(MEDIA_COUNTS);
      const items: PoolItem[] = [];
      for (let k = 0; k < mediaCount; k++) {
        items.push(pool.videos.length > 0 && rng.chance(0.07) ? rng.pick(pool.videos) : rng.pick(pool.images));
      }
      items.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === "video" ? -1 : 1)); // videos before images
      items.forEach((item, position) => {
        mediaId += 1;
        photos.add(mediaId, id, creator, position, item.kind, poolKey(mediaId, item.name), item.mimeType, item.bytes, item.width, item.height, item.variants, created);
      });

      const car = carWords[chosen[0]];
      const story = fill(rng.pick(STORIES), { car: car.nickname && car.nickname !== "Unnamed" ? car.nickname : `${car.make} ${car.model}`, city: rng.pick(CITIES) });
      const layout = rng.chance(0.25) ? rng.pick(["album", "grid", "carousel", "single"]) : null;
      const soundcloud = rng.chance(0.04) ? `https://soundcloud.com/${rng.pick(HANDLE_PARTS)}-beats/track-${rng.int(1, 400)}` : null;
      posts.add(id, creator, story, layout, soundcloud, chosen[0], created);
    }
    posts.flush();
    postCars.flush();
    photos.flush();
    done({ posts, post_cars: postCars, photos });
  });

  // ---------------------------------------------------------------- builds, mods and gains
  inTransaction(() => {
    const builds = new Inserter(db, "builds", ["id", "carId", "name", "createdAt"]);
    const mods = new Inserter(db, "mods", [
      "id",
      "carId",
      "category",
      "modelName",
      "description",
      "manufacturerId",
      "vendorId",
      "installerId",
      "type",
      "costCents",
      "showCost",
      "buildId",
      "createdAt",
      "updatedAt",
    ]);
    const gains = new Inserter(db, "performance_gains", ["id", "modId", "type", "amount", "unit"]);
    const categories = Object.keys(MOD_NAMES);
    let buildId = 0;
    let modId = 0;
    let gainId = 0;
    for (let car = 1; car <= C; car++) {
      const created = userCreated[carOwner[car]] + DAY;
      const carBuilds: number[] = [];
      if (rng.chance(0.3)) {
        for (const name of rng.sample(BUILD_NAMES, rng.int(1, 2))) {
          buildId += 1;
          carBuilds.push(buildId);
          builds.add(buildId, car, name, prismaDate(created));
        }
      }
      const count = longTail(rng, 1, 0.9, 25);
      for (let k = 0; k < count; k++) {
        modId += 1;
        const category = rng.pick(categories);
        const type = rng.next() < 0.75 ? "part" : rng.next() < 0.7 ? "labor" : "build";
        const at = prismaDate(Math.min(now, created + rng.next() * YEAR));
        mods.add(
          modId,
          car,
          category,
          rng.pick(MOD_NAMES[category]),
          rng.chance(0.5) ? "Installed and dialled in; more photos soon." : null,
          rng.chance(0.8) ? rng.int(1, MANUFACTURERS.length) : null,
          rng.chance(0.6) ? rng.int(1, VENDORS.length) : null,
          rng.chance(0.7) ? rng.int(1, INSTALLERS.length) : null,
          type,
          rng.chance(0.8) ? rng.int(20, 6000) * 100 : null,
          rng.chance(0.5) ? 1 : 0,
          carBuilds.length > 0 && rng.chance(0.6) ? rng.pick(carBuilds) : null,
          at,
          at,
        );
        if (type === "part" && rng.chance(0.45)) {
          for (const gain of rng.sample(GAINS, rng.int(1, 2))) {
            gainId += 1;
            gains.add(gainId, modId, gain.type, Math.round(rng.float(gain.min, gain.max) * 10) / 10, gain.unit);
          }
        }
      }
    }
    builds.flush();
    mods.flush();
    gains.flush();
    done({ builds, mods, performance_gains: gains });
  });

  // ---------------------------------------------------------------- likes and dislikes
  // Popular members' posts collect more; reactions come in over the days after a post.
  const reactionUsers = Math.max(1, Math.floor(U / 3));
  inTransaction(() => {
    const likes = new Inserter(db, "post_likes", ["userId", "postId", "type", "createdAt"]);
    for (let post = 1; post <= P; post++) {
      const popularity = Math.sqrt(activity[postCreator[post]]);
      const count = longTail(rng, 1.7 * popularity, 0.9, Math.min(reactionUsers, 400));
      for (const user of distinct(count, () => activeUser.pick(rng), postCreator[post])) {
        const at = Math.min(now, postTime[post] + delay(rng, DAY));
        likes.add(user, post, rng.next() < 0.9 ? "like" : "dislike", prismaDate(at));
      }
    }
    likes.flush();
    done({ post_likes: likes });
  });

  // ---------------------------------------------------------------- comments, replies, comment likes
  inTransaction(() => {
    const comments = new Inserter(db, "comments", ["id", "postId", "userId", "parentId", "content", "createdAt"]);
    const commentLikes = new Inserter(db, "comment_likes", ["commentId", "userId", "createdAt"]);
    let commentId = 0;
    const topLevel: number[] = [];
    for (let post = 1; post <= P; post++) {
      const count = longTail(rng, 0.55 * Math.sqrt(activity[postCreator[post]]), 1, 60);
      topLevel.length = 0;
      let at = postTime[post];
      for (let k = 0; k < count; k++) {
        commentId += 1;
        at = Math.min(now, at + delay(rng, 6 * 3_600_000));
        const reply = topLevel.length > 0 && rng.chance(0.3);
        // A reply is often the post's creator answering.
        const author = reply && rng.chance(0.5) ? postCreator[post] : rng.chance(0.01) ? null : activeUser.pick(rng);
        const parent = reply ? rng.pick(topLevel) : null;
        comments.add(commentId, post, author, parent, reply ? rng.pick(REPLIES) : rng.pick(COMMENTS), prismaDate(at));
        if (!reply) topLevel.push(commentId);
        const likeCount = longTail(rng, 0.7, 1, Math.min(reactionUsers, 50));
        for (const user of distinct(likeCount, anyUser)) {
          commentLikes.add(commentId, user, prismaDate(Math.min(now, at + delay(rng, 3_600_000))));
        }
      }
    }
    comments.flush();
    commentLikes.flush();
    done({ comments, comment_likes: commentLikes });
  });

  // ---------------------------------------------------------------- saves and shares
  inTransaction(() => {
    const saves = new Inserter(db, "saves", ["userId", "postId", "createdAt"]);
    const shares = new Inserter(db, "shares", ["id", "postId", "userId", "channel", "createdAt"]);
    let shareId = 0;
    const channels = ["link", "link", "native", "embed"];
    for (let post = 1; post <= P; post++) {
      for (const user of distinct(longTail(rng, 0.5, 1, Math.min(reactionUsers, 40)), anyUser, postCreator[post])) {
        saves.add(user, post, prismaDate(Math.min(now, postTime[post] + delay(rng, DAY))));
      }
      const shareCount = longTail(rng, 0.25, 1.2, 30);
      for (let k = 0; k < shareCount; k++) {
        shareId += 1;
        shares.add(shareId, post, rng.chance(0.8) ? anyUser() : null, rng.pick(channels), prismaDate(Math.min(now, postTime[post] + delay(rng, 2 * DAY))));
      }
    }
    saves.flush();
    shares.flush();
    done({ saves, shares });
  });

  // ---------------------------------------------------------------- follows and their notifications
  inTransaction(() => {
    const carFollows = new Inserter(db, "car_follows", ["userId", "carId", "createdAt"]);
    const userFollows = new Inserter(db, "user_follows", ["followerId", "followingId", "createdAt"]);
    const notifications = new Inserter(db, "notifications", ["id", "userId", "type", "message", "relatedUserId", "carId", "readAt", "createdAt"]);
    let notificationId = 0;
    const usernames = db.prepare(`SELECT "username" FROM "users" ORDER BY "id"`).pluck().all() as string[];
    // Popular cars and members (those of active members) gather more followers.
    const popularCar = new Weighted(Float64Array.from({ length: C + 1 }, (_, car) => (car === 0 ? 0 : activity[carOwner[car]])));
    const notify = (recipient: number, actor: number, type: string, message: string, car: number | null, at: number) => {
      notificationId += 1;
      const read = rng.chance(0.8) ? prismaDate(Math.min(now, at + delay(rng, DAY))) : null;
      notifications.add(notificationId, recipient, type, message, actor, car, read, prismaDate(at));
    };
    for (let user = 1; user <= U; user++) {
      const own = carsOf(user);
      const cars = distinct(Math.min(Math.floor((C - own.count) / 2), longTail(rng, 4, 0.9, 200)), () => popularCar.pick(rng));
      for (const car of cars) {
        if (carOwner[car] === user) continue;
        const at = yearAgo + rng.next() * YEAR;
        carFollows.add(user, car, prismaDate(at));
        const words = carWords[car];
        const label = words.nickname && words.nickname.toLowerCase() !== "unnamed" ? words.nickname : [words.model, words.trim].filter(Boolean).join(" ") || words.make;
        notify(carOwner[car], user, "car_follow", `${usernames[user - 1]} followed your ${label}`, car, at);
      }
      const people = distinct(Math.min(Math.floor((U - 1) / 2), longTail(rng, 8, 0.9, 500)), () => activeUser.pick(rng), user);
      for (const other of people) {
        const at = yearAgo + rng.next() * YEAR;
        userFollows.add(user, other, prismaDate(at));
        notify(other, user, "user_follow", `${usernames[user - 1]} started following you`, null, at);
      }
    }
    carFollows.flush();
    userFollows.flush();
    notifications.flush();
    done({ car_follows: carFollows, user_follows: userFollows, notifications });
  });

  // ---------------------------------------------------------------- the Following timelines
  // Written around the models, so filled here from the posts and follows in one statement (the
  // one the timelines migration fills an existing database with).
  inTransaction(() => {
    counts.timelines = db.prepare(TIMELINES_FILL_SQL).run().changes;
    log(`  timelines ${counts.timelines.toLocaleString("en-US")} (${((Date.now() - phase) / 1000).toFixed(1)} s)`);
    phase = Date.now();
  });

  return counts;
}
