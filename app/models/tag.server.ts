// Tags as members read them: a tag's page (its posts come from the feed model), following a
// tag, and finding tags in search. Tags themselves are written when posts are (post_tags);
// their names are stored lowercased, so every look-up here lowercases first.
import { databaseProvider, prisma } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { jsonDialect } from "~/lib/db/json-sql";
import { containsPattern, normaliseQuery, searchTerms } from "~/lib/rules/search";
import { UserError } from "~/lib/user-error";
import { isUniqueViolation } from "~/lib/db/conflicts";
import { TAG_NOT_FOUND } from "~/lib/rules/tag-pages";
import { addFollowToTimeline, dropFollowFromTimeline } from "~/models/timeline.server";
import type { FollowState } from "~/lib/wire";

export { TAG_NOT_FOUND };
/** The longest tag name looked up (longer text names no tag). */
export const TAG_NAME_MAX = 100;
/** Tags the search page shows. */
export const TAG_SEARCH_LIMIT = 20;

/** The stored form of a tag as typed or linked: without its '#', NFC, lowercased; "" when nothing is left. */
export function tagKey(raw: string): string {
  const text = raw.trim().replace(/^#+/, "");
  if (text === "" || text.length > TAG_NAME_MAX * 4) return "";
  return text.normalize("NFC").toLowerCase();
}

export type TagView = {
  id: number;
  name: string;
  /** Ready posts carrying the tag. */
  posts: number;
  followers: number;
  /** Whether the reader follows it (false for visitors). */
  following: boolean;
};

/** A tag by name, any case (null when no post ever carried it), with its counts and the reader's follow. One statement. */
export async function getTag(name: string, viewerId: number | null): Promise<TagView | null> {
  const key = tagKey(name);
  if (!key) return null;
  const { flag } = jsonDialect(databaseProvider);
  const [row] = await prisma.$queryRaw<{ id: number; name: string; posts: number | bigint; followers: number | bigint; following: number | bigint }[]>`
    SELECT t."id", t."name",
      (SELECT COUNT(*) FROM "post_tags" pt JOIN "posts" p ON p."id" = pt."postId" WHERE pt."tagId" = t."id" AND p."status" = 'ready') AS "posts",
      (SELECT COUNT(*) FROM "tag_follows" f WHERE f."tagId" = t."id") AS "followers",
      ${flag(Prisma.sql`EXISTS (SELECT 1 FROM "tag_follows" f WHERE f."userId" = ${viewerId ?? 0} AND f."tagId" = t."id")`)} AS "following"
    FROM "tags" t WHERE t."name" = ${key}`;
  if (!row) return null;
  return { id: Number(row.id), name: row.name, posts: Number(row.posts), followers: Number(row.followers), following: Number(row.following) === 1 };
}

/** The id of the tag named `name` (any case), or null. */
export async function findTagId(name: string): Promise<number | null> {
  const key = tagKey(name);
  if (!key) return null;
  const tag = await prisma.tag.findUnique({ where: { name: key }, select: { id: true } });
  return tag?.id ?? null;
}

/**
 * Follows or unfollows a tag: `want` sets the state; left out, it toggles. UserError 404 for a
 * tag no post carries.
 */
export async function setTagFollow(userId: number, name: string, want?: boolean): Promise<FollowState> {
  const tagId = await findTagId(name);
  if (tagId === null) throw new UserError(404, TAG_NOT_FOUND);
  const following = (await prisma.tagFollow.count({ where: { userId, tagId } })) > 0;
  const target = want ?? !following;
  if (target === following) return { following };
  if (target) {
    // A second click racing the first finds the row there: the state asked for holds either way.
    await prisma
      .$transaction(async (tx) => {
        await tx.tagFollow.create({ data: { userId, tagId } });
        await addFollowToTimeline(tx, userId, "tag", tagId);
      })
      .catch((error: unknown) => {
        if (!isUniqueViolation(error)) throw error;
      });
  } else {
    await prisma.$transaction(async (tx) => {
      await tx.tagFollow.deleteMany({ where: { userId, tagId } });
      await dropFollowFromTimeline(tx, userId, "tag", tagId);
    });
  }
  return { following: target };
}

export type TagResult = { name: string; posts: number };

/**
 * Tags whose name holds any word of the query ('#' dropped), with how many ready posts carry
 * each: the exact name first, then the most used.
 */
export async function searchTags(query: unknown, options: { limit?: number } = {}): Promise<TagResult[]> {
  const text = normaliseQuery(query);
  const keys = (text ? searchTerms(text) : []).map(tagKey).filter(Boolean);
  if (keys.length === 0) return [];
  const limit = Math.min(50, Math.max(1, Math.floor(options.limit ?? TAG_SEARCH_LIMIT)));
  const matches = Prisma.join(
    keys.map((key) => Prisma.sql`t."name" LIKE ${containsPattern(key)} ESCAPE '\\'`),
    " OR ",
  );
  const rows = await prisma.$queryRaw<{ name: string; posts: number | bigint }[]>`
    SELECT t."name", COUNT(p."id") AS "posts"
    FROM "tags" t
    JOIN "post_tags" pt ON pt."tagId" = t."id"
    JOIN "posts" p ON p."id" = pt."postId" AND p."status" = 'ready'
    JOIN "users" u ON u."id" = p."createdById" AND u."suspendedAt" IS NULL
    WHERE ${matches}
    GROUP BY t."id", t."name"
    ORDER BY CASE WHEN t."name" IN (${Prisma.join(keys)}) THEN 0 ELSE 1 END, COUNT(p."id") DESC, t."name" ASC
    LIMIT ${limit}`;
  return rows.map((row) => ({ name: row.name, posts: Number(row.posts) }));
}
