// Search over cars, users, events, posts (story text) and parts.
//
// Every query is normalised by app/lib/rules/search.ts (capped length, no control characters)
// and split into words; each word must appear (AND), case-insensitively for ASCII letters.
// Matching is done with LIKE patterns whose %, _ and \ are escaped, with an explicit
// ESCAPE clause: Prisma's `contains` does not escape them on SQLite, so "%" would match
// every row. The SQL only picks ids (parameterised: quotes and emoji are just data);
// Prisma then loads the rows. Suspended users and their content are left out.
//
// Portability note: SQLite's LIKE ignores case for ASCII only. On PostgreSQL the same
// statements work with ILIKE in place of LIKE (everything else here is standard SQL):
// `LIKE` below is the keyword of the provider in use.
import { databaseProvider, prisma } from "~/db.server";
import { READY_POST } from "~/lib/rules/post-status";
import { Prisma } from "~/generated/prisma/client";
import { containsPattern, normaliseQuery, prefixPattern, searchTerms } from "~/lib/rules/search";
import { imageUrlForWidth, pictureUrl } from "~/lib/media/media-types";
import { flattenEvents, listEvents } from "~/models/event-reads.server";
import type { CarResult, EventView, PartResult, PostResult, UserResult } from "~/lib/wire";
import { nameKey } from "~/lib/rules/names";
import { partResults } from "~/models/part.server";
import { carNameSelect, carPhotoSelect, coverMediaWhere, ownPhotoOf, pictureSelect, postCardSelect } from "~/models/car.server";

/** The most results of one kind a caller can ask for. */
export const SEARCH_MAX_PER_KIND = 50;
/** Results per kind on the /search page. */
export const SEARCH_PAGE_PER_KIND = 20;
/** The most events a text search considers before ordering (upcoming, then past). */
const EVENT_MATCH_CAP = 500;

export type SearchResults = {
  query: string;
  cars: CarResult[];
  users: UserResult[];
  events: EventView[];
  posts: PostResult[];
  parts: PartResult[];
};

function clamp(limit: number | undefined, fallback: number): number {
  const value = Math.floor(limit ?? fallback);
  if (!Number.isFinite(value)) return fallback;
  return Math.min(SEARCH_MAX_PER_KIND, Math.max(1, value));
}

/**
 * SQLite's LIKE ignores case for ASCII letters; PostgreSQL's LIKE does not, its ILIKE does.
 * (The SQLite statements are the same text as before: only the keyword is spliced in.)
 */
const LIKE = Prisma.raw(databaseProvider === "postgresql" ? "ILIKE" : "LIKE");

/** `expr LIKE '%term%' ESCAPE '\'` for every term, joined with AND. */
function allTermsMatch(expr: Prisma.Sql, terms: string[]): Prisma.Sql {
  return Prisma.join(
    terms.map((term) => Prisma.sql`${expr} ${LIKE} ${containsPattern(term)} ESCAPE '\\'`),
    " AND ",
  );
}

function prepare(query: unknown): { text: string; terms: string[] } {
  const text = normaliseQuery(query);
  return { text, terms: text ? searchTerms(text) : [] };
}

/** The ids `statement` selects (as `id`), in its order. */
async function matchingIds(statement: Prisma.Sql): Promise<number[]> {
  const rows = await prisma.$queryRaw<{ id: number }[]>(statement);
  return rows.map((row) => Number(row.id));
}

function inOrder<T extends { id: number }>(ids: number[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

// ------------------------------------------------------------------ cars

/** Cars whose make, model, trim, nickname or year contain every word of `query`. */
export async function searchCars(query: unknown, options: { limit?: number } = {}): Promise<CarResult[]> {
  const { terms } = prepare(query);
  if (terms.length === 0) return [];
  const limit = clamp(options.limit, SEARCH_PAGE_PER_KIND);
  const text = Prisma.sql`(c."make" || ' ' || c."model" || ' ' || COALESCE(c."trim", '') || ' ' || COALESCE(c."nickname", '') || ' ' || CAST(c."year" AS TEXT))`;
  const first = prefixPattern(terms[0]);
  const ids = await matchingIds(Prisma.sql`
    SELECT c."id" AS id FROM "cars" c JOIN "users" u ON u."id" = c."ownerId"
    WHERE u."suspendedAt" IS NULL AND u."deletedAt" IS NULL AND ${allTermsMatch(text, terms)}
    ORDER BY CASE WHEN c."make" ${LIKE} ${first} ESCAPE '\\' OR c."model" ${LIKE} ${first} ESCAPE '\\'
                    OR c."nickname" ${LIKE} ${first} ESCAPE '\\' THEN 0 ELSE 1 END, c."id" DESC
    LIMIT ${limit}`);
  if (ids.length === 0) return [];
  const cars = await prisma.car.findMany({
    where: { id: { in: ids } },
    select: {
      ...carNameSelect,
      owner: { select: { id: true, username: true } },
      // The car's own photo is its cover; without one, the newest post everyone may see that
      // has a picture gives it.
      ...carPhotoSelect,
      postCars: {
        where: { post: { ...READY_POST, media: { some: coverMediaWhere } } },
        orderBy: [{ post: { createdAt: "desc" } }, { postId: "desc" }],
        take: 1,
        select: { post: { select: { media: { where: coverMediaWhere, orderBy: { position: "asc" }, take: 1, select: pictureSelect } } } },
      },
    },
  });
  return inOrder(ids, cars).map(({ postCars, coverPath, coverVariants, coverWidth, coverHeight, coverMedia, ...car }) => {
    const own = ownPhotoOf({ coverPath, coverVariants, coverWidth, coverHeight, coverMedia });
    return { ...car, cover_image: own ? imageUrlForWidth(own.path, own.variants, 320) : pictureUrl(postCars[0]?.post.media[0], 320) };
  });
}

// ------------------------------------------------------------------ users

const userResultSelect = { id: true, username: true, nickname: true, profileImage: true } as const;

/**
 * Users whose username or nickname contains every word; an exact username first, then
 * usernames starting with the query, then the rest (shorter names first).
 */
export async function searchUsers(query: unknown, options: { limit?: number } = {}): Promise<UserResult[]> {
  const { text, terms } = prepare(query);
  if (terms.length === 0) return [];
  const limit = clamp(options.limit, SEARCH_PAGE_PER_KIND);
  const name = text.toLowerCase().replace(/^@/, "");
  const matches = Prisma.join(
    terms.map((term) => {
      const pattern = containsPattern(term.replace(/^@/, "") || term);
      return Prisma.sql`(u."username" ${LIKE} ${pattern} ESCAPE '\\' OR COALESCE(u."nickname", '') ${LIKE} ${pattern} ESCAPE '\\')`;
    }),
    " AND ",
  );
  const ids = await matchingIds(Prisma.sql`
    SELECT u."id" AS id FROM "users" u
    WHERE u."suspendedAt" IS NULL AND u."deletedAt" IS NULL AND ${matches}
    ORDER BY CASE WHEN u."username" = ${name} THEN 0
                  WHEN u."username" ${LIKE} ${prefixPattern(name)} ESCAPE '\\' THEN 1
                  WHEN COALESCE(u."nickname", '') ${LIKE} ${prefixPattern(text)} ESCAPE '\\' THEN 2
                  ELSE 3 END,
             LENGTH(u."username"), u."id"
    LIMIT ${limit}`);
  if (ids.length === 0) return [];
  return inOrder(ids, await prisma.user.findMany({ where: { id: { in: ids } }, select: userResultSelect }));
}

/** GET /api/users/search?id= or ?username=: the exact user, or null. */
export async function findUserExact(input: { id?: number | null; username?: string | null }) {
  if (input.id !== undefined && input.id !== null) {
    if (!Number.isSafeInteger(input.id) || input.id <= 0) return null;
    return prisma.user.findFirst({ where: { id: input.id, deletedAt: null }, select: { id: true, username: true, nickname: true } });
  }
  const username = normaliseQuery(input.username ?? "")
    .toLowerCase()
    .replace(/^@/, "");
  if (!username) return null;
  return prisma.user.findFirst({ where: { username, deletedAt: null }, select: { id: true, username: true, nickname: true } });
}

// ------------------------------------------------------------------ events

/** Ids of events whose name, place or description contain every word, newest date first. */
async function matchEventIds(terms: string[]): Promise<number[]> {
  const text = Prisma.sql`(e."name" || ' ' || COALESCE(e."location", '') || ' ' || COALESCE(e."description", ''))`;
  return matchingIds(Prisma.sql`
    SELECT e."id" AS id FROM "events" e WHERE ${allTermsMatch(text, terms)}
    ORDER BY e."dateTime" DESC, e."id" DESC LIMIT ${EVENT_MATCH_CAP}`);
}

/**
 * Events for GET /api/events?search=: upcoming soonest first, then past newest first.
 * A blank search lists everything (within the limits).
 */
export async function searchEvents(query: unknown, options: { upcomingLimit?: number; pastLimit?: number; now?: Date } = {}): Promise<EventView[]> {
  const { terms } = prepare(query);
  const now = options.now ?? new Date();
  const ids = terms.length > 0 ? await matchEventIds(terms) : undefined;
  const lists = await listEvents({
    now,
    ids,
    upcomingLimit: options.upcomingLimit ?? 100,
    pastLimit: options.pastLimit ?? 50,
  });
  return flattenEvents(lists, now);
}

// ------------------------------------------------------------------ posts

/** Posts whose story contains every word, newest first. */
export async function searchPosts(query: unknown, options: { limit?: number } = {}): Promise<PostResult[]> {
  const { terms } = prepare(query);
  if (terms.length === 0) return [];
  const limit = clamp(options.limit, SEARCH_PAGE_PER_KIND);
  const ids = await matchingIds(Prisma.sql`
    SELECT p."id" AS id FROM "posts" p JOIN "users" u ON u."id" = p."createdById"
    WHERE u."suspendedAt" IS NULL AND u."deletedAt" IS NULL AND p."status" = 'ready' AND ${allTermsMatch(Prisma.sql`p."story"`, terms)}
    ORDER BY p."id" DESC LIMIT ${limit}`);
  if (ids.length === 0) return [];
  const posts = await prisma.post.findMany({
    where: { id: { in: ids } },
    select: postCardSelect,
  });
  return inOrder(ids, posts).map((post) => ({
    id: post.id,
    story: post.story.length > 280 ? `${post.story.slice(0, 279)}…` : post.story,
    created_at: post.createdAt.toISOString(),
    created_by: post.createdBy,
    cover_image: pictureUrl(post.media[0], 320),
  }));
}

// ------------------------------------------------------------------ parts

/**
 * Parts whose manufacturer, model name or category contain every word, in the spelling
 * typed or its normalised key ("ohlins" finds "Öhlins"). Only parts some car of a member in
 * good standing runs; most-run first.
 */
export async function searchParts(query: unknown, options: { limit?: number } = {}): Promise<PartResult[]> {
  const { terms } = prepare(query);
  if (terms.length === 0) return [];
  const limit = clamp(options.limit, SEARCH_PAGE_PER_KIND);
  const text = Prisma.sql`(m."name" || ' ' || COALESCE(m."key", '') || ' ' || p."modelName" || ' ' || p."modelKey" || ' ' || p."category")`;
  const matches = Prisma.join(
    terms.map((term) => {
      const key = nameKey(term);
      const typed = Prisma.sql`${text} ${LIKE} ${containsPattern(term)} ESCAPE '\\'`;
      return key && key !== term ? Prisma.sql`(${typed} OR ${text} ${LIKE} ${containsPattern(key)} ESCAPE '\\')` : typed;
    }),
    " AND ",
  );
  const ids = await matchingIds(Prisma.sql`
    SELECT p."id" AS id FROM "parts" p JOIN "manufacturers" m ON m."id" = p."manufacturerId"
    JOIN "mods" d ON d."partId" = p."id" JOIN "cars" c ON c."id" = d."carId" JOIN "users" u ON u."id" = c."ownerId"
    WHERE u."suspendedAt" IS NULL AND u."deletedAt" IS NULL AND ${matches}
    GROUP BY p."id"
    ORDER BY COUNT(DISTINCT d."carId") DESC, p."id" DESC
    LIMIT ${limit}`);
  return partResults(ids);
}

// ------------------------------------------------------------------ everything

/**
 * Cars, users, events, posts and parts for the /search page and the header (perKind 3).
 * Events here are matches only (a blank query finds nothing), upcoming first.
 */
export async function searchAll(query: unknown, options: { perKind?: number } = {}): Promise<SearchResults> {
  const { text, terms } = prepare(query);
  if (terms.length === 0) return { query: text, cars: [], users: [], events: [], posts: [], parts: [] };
  const perKind = clamp(options.perKind, SEARCH_PAGE_PER_KIND);
  const [cars, users, events, posts, parts] = await Promise.all([
    searchCars(text, { limit: perKind }),
    searchUsers(text, { limit: perKind }),
    searchEvents(text, { upcomingLimit: perKind, pastLimit: perKind }).then((list) => list.slice(0, perKind)),
    searchPosts(text, { limit: perKind }),
    searchParts(text, { limit: perKind }),
  ]);
  return { query: text, cars, users, events, posts, parts };
}
