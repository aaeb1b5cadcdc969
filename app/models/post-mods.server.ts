// Mods tagged on posts (post_mods). A post may tag only mods of the cars it tags, so only
// the owner of those cars ever tags them. Read both ways: a post lists its mods, and a car's
// showcase groups the posts by mod (the build timeline).
import { databaseProvider, prisma } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { jsonDialect, parseJsonCell } from "~/lib/db/json-sql";
import type { StoredPictureFields } from "~/lib/media/media-types";
import { MAX_MODS_PER_POST, POST_MESSAGES } from "~/lib/rules/post-messages";
import type { TaggedMod } from "~/lib/rules/post-mods";
import { POST_STATUS } from "~/lib/rules/post-status";
import { UserError } from "~/lib/user-error";

type Db = Pick<typeof prisma, "mod">;

const taggedModSelect = {
  id: true,
  carId: true,
  category: true,
  modelName: true,
  manufacturer: { select: { name: true } },
} as const satisfies Prisma.ModSelect;

function taggedMod(row: Prisma.ModGetPayload<{ select: typeof taggedModSelect }>): TaggedMod {
  return { id: row.id, carId: row.carId, category: row.category, modelName: row.modelName, maker: row.manufacturer?.name ?? null };
}

/**
 * 400 unless every mod exists and belongs to one of `carIds` (the post's cars, already
 * checked to be the author's). One query.
 */
export async function assertModsOfCars(modIds: readonly number[], carIds: readonly number[], db: Db = prisma): Promise<void> {
  if (modIds.length === 0) return;
  if (modIds.length > MAX_MODS_PER_POST) throw new UserError(400, POST_MESSAGES.tooManyMods);
  const found = carIds.length === 0 ? 0 : await db.mod.count({ where: { id: { in: [...modIds] }, carId: { in: [...carIds] } } });
  if (found !== modIds.length) throw new UserError(400, POST_MESSAGES.modNotOnCars);
}

/** A tagged mod as postModsSql answers it (taggedModSelect's fields), in this order. */
type TaggedModTuple = [id: number, carId: number, category: string, modelName: string, maker: string | null];

/**
 * The mods a post tags (at most MAX_MODS_PER_POST), grouped by car in the post's car order
 * (a car the post does not name counts as the first place), then oldest mod first, then by id.
 * A scalar subquery answering one JSON text (~/lib/db/json-sql), for the post page's one
 * statement of mods (`getPostPageMods`).
 */
export function postModsSql(postId: number): Prisma.Sql {
  const json = jsonDialect(databaseProvider);
  const order = Prisma.sql`t."place", t."createdAt", t."id"`;
  const tuple = json.tuple(Prisma.sql`t."id", t."carId", t."category", t."modelName", t."maker"`);
  return Prisma.sql`(SELECT ${json.text(json.tuples(tuple, order))}
    FROM (
      SELECT m."id", m."carId", m."category", m."modelName", m."createdAt", mf."name" AS "maker", COALESCE(pc."position", 0) AS "place"
      FROM "post_mods" pm
      JOIN "mods" m ON m."id" = pm."modId"
      LEFT JOIN "manufacturers" mf ON mf."id" = m."manufacturerId"
      LEFT JOIN "post_cars" pc ON pc."postId" = pm."postId" AND pc."carId" = m."carId"
      WHERE pm."postId" = ${postId}
      ORDER BY "place", m."createdAt", m."id"
      LIMIT ${MAX_MODS_PER_POST}
    ) t)`;
}

/** The tagged mods of `postModsSql`'s JSON text. */
export function readPostMods(cell: string | null | undefined): TaggedMod[] {
  return parseJsonCell<TaggedModTuple[]>(cell, []).map(([id, carId, category, modelName, maker]) => ({ id, carId, category, modelName, maker }));
}

/** The most mods the upload form offers (all of the member's cars together). */
export const MOD_CHOICES_LIMIT = 300;

/** The mods of `ownerId`'s cars a post can tag, oldest first within each car (as the mods API lists them). */
export async function listModChoices(ownerId: number): Promise<TaggedMod[]> {
  const rows = await prisma.mod.findMany({
    where: { car: { ownerId } },
    select: taggedModSelect,
    orderBy: [{ carId: "asc" }, { createdAt: "asc" }, { id: "asc" }],
    take: MOD_CHOICES_LIMIT,
  });
  return rows.map(taggedMod);
}

// ------------------------------------------------------------------ the build timeline

/** Mods on a showcase's timeline, and posts shown per mod. */
export const TIMELINE_MODS = 20;
export const TIMELINE_POSTS_PER_MOD = 6;

/** A post's still picture, as the showcase's MediaImage draws it. */
export type Thumbnail = StoredPictureFields & { id: number; postId: number };

export type TimelinePost = { id: number; createdAt: string; thumbnail: Thumbnail | null };

export type TimelineEntry = {
  mod: TaggedMod;
  /** When the mod was added (ISO). */
  addedAt: string;
  /** Every ready post tagging the mod (more than `posts` may hold). */
  postCount: number;
  /** The newest posts, newest first. */
  posts: TimelinePost[];
};

type TimelineRow = {
  modId: number;
  carId: number;
  category: string;
  modelName: string;
  maker: string | null;
  modAt: Date | string | number;
  postId: number;
  postAt: Date | string | number;
  total: number | bigint;
  mediaId: number | null;
  kind: string | null;
  path: string | null;
  width: number | null;
  height: number | null;
  variants: string | null;
  posterPath: string | null;
  posterVariants: string | null;
  posterWidth: number | null;
  posterHeight: number | null;
};

function thumbnailOf(row: TimelineRow): Thumbnail | null {
  if (row.mediaId === null || row.kind === null || row.path === null) return null;
  return {
    id: Number(row.mediaId),
    postId: Number(row.postId),
    kind: row.kind,
    path: row.path,
    variants: row.variants ?? "",
    width: row.width === null ? null : Number(row.width),
    height: row.height === null ? null : Number(row.height),
    posterPath: row.posterPath,
    posterVariants: row.posterVariants ?? "",
    posterWidth: row.posterWidth === null ? null : Number(row.posterWidth),
    posterHeight: row.posterHeight === null ? null : Number(row.posterHeight),
  };
}

/**
 * A car's build timeline: its mods that ready posts tag, newest mod first, each with its
 * newest posts (a thumbnail: the first photo, or a video's poster frame) and their count.
 * Mods no post tags are left out: the mods list shows them. One query, bounded by
 * `mods` × `postsPerMod` rows.
 */
export async function getBuildTimeline(carId: number, { mods = TIMELINE_MODS, postsPerMod = TIMELINE_POSTS_PER_MOD } = {}): Promise<TimelineEntry[]> {
  if (!Number.isSafeInteger(carId)) return [];
  const rows = await prisma.$queryRaw<TimelineRow[]>`
    WITH tagged AS (
      SELECT pm."modId" AS "modId", p."id" AS "postId", p."createdAt" AS "postAt",
             ROW_NUMBER() OVER (PARTITION BY pm."modId" ORDER BY p."createdAt" DESC, p."id" DESC) AS "n",
             COUNT(*) OVER (PARTITION BY pm."modId") AS "total"
      FROM "mods" md
      JOIN "post_mods" pm ON pm."modId" = md."id"
      JOIN "posts" p ON p."id" = pm."postId" AND p."status" = ${POST_STATUS.ready}
      WHERE md."carId" = ${carId}
    ),
    shown AS (
      SELECT md."id" AS "id", md."createdAt" AS "createdAt" FROM "mods" md
      WHERE md."carId" = ${carId} AND EXISTS (SELECT 1 FROM tagged t WHERE t."modId" = md."id")
      ORDER BY md."createdAt" DESC, md."id" DESC
      LIMIT ${mods}
    )
    SELECT md."id" AS "modId", md."carId" AS "carId", md."category" AS "category", md."modelName" AS "modelName", md."createdAt" AS "modAt",
           mf."name" AS "maker", t."postId" AS "postId", t."postAt" AS "postAt", t."total" AS "total",
           m."id" AS "mediaId", m."kind" AS "kind", m."path" AS "path", m."width" AS "width", m."height" AS "height",
           m."variants" AS "variants", m."posterPath" AS "posterPath", m."posterVariants" AS "posterVariants",
           m."posterWidth" AS "posterWidth", m."posterHeight" AS "posterHeight"
    FROM shown s
    JOIN "mods" md ON md."id" = s."id"
    LEFT JOIN "manufacturers" mf ON mf."id" = md."manufacturerId"
    JOIN tagged t ON t."modId" = md."id" AND t."n" <= ${postsPerMod}
    LEFT JOIN "photos" m ON m."id" = (
      SELECT c."id" FROM "photos" c
      WHERE c."postId" = t."postId" AND (c."kind" = 'image' OR c."posterPath" IS NOT NULL)
      ORDER BY c."position" ASC, c."id" ASC
      LIMIT 1
    )
    ORDER BY s."createdAt" DESC, s."id" DESC, t."n" ASC`;

  const entries: TimelineEntry[] = [];
  for (const row of rows) {
    const modId = Number(row.modId);
    let entry = entries.at(-1);
    if (!entry || entry.mod.id !== modId) {
      entry = {
        mod: { id: modId, carId: Number(row.carId), category: row.category, modelName: row.modelName, maker: row.maker },
        addedAt: new Date(row.modAt).toISOString(),
        postCount: Number(row.total),
        posts: [],
      };
      entries.push(entry);
    }
    entry.posts.push({ id: Number(row.postId), createdAt: new Date(row.postAt).toISOString(), thumbnail: thumbnailOf(row) });
  }
  return entries;
}
