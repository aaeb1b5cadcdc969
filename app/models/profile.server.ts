// People's pages and your own profile: what /user/{username} shows (cars, posts, follow
// counts), and the settings of /profile (nickname, profile image, show_all_grams_posts).
import { z } from "zod";
import { userText } from "~/lib/schemas/text-schemas";
import { databaseProvider, prisma } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { isoText, jsonDialect, parseJsonCell } from "~/lib/db/json-sql";
import { discardMedia } from "~/lib/media/processed-media.server";
import { processAvatar } from "~/lib/media/photo-storage.server";
import { AVATAR_SMALL_SIZE, MEDIA_URL_PREFIX, imageUrlForWidth, pictureOf, srcSetFor } from "~/lib/media/media-types";
import { inIdOrder } from "~/lib/id-order";
import { UserError } from "~/lib/user-error";

// ------------------------------------------------------------------ a user's page

export const POSTS_PAGE_SIZE = 24;

export type PostTile = {
  id: number;
  /** The start of the story (for text tiles and alt text). */
  story: string;
  kind: "image" | "video" | "text" | "audio" | "empty";
  /** Thumbnail image URL (image, or a video's poster). */
  thumb: string | null;
  thumbSrcSet: string;
  /** Videos: length in milliseconds, when known. */
  durationMs: number | null;
  mediaCount: number;
  /** The author's description of the first photo or video, when there is one. */
  alt: string | null;
  likes: number;
  comments: number;
};

export type CarCard = {
  id: number;
  make: string;
  model: string;
  year: number;
  trim: string | null;
  nickname: string | null;
  followers: number;
  /** Whether the viewer follows this car. */
  following: boolean;
  cover: string | null;
  coverSrcSet: string;
};

export type UserPage = {
  user: {
    id: number;
    username: string;
    nickname: string | null;
    profileImage: string | null;
    joined: string;
  };
  counts: { followers: number; following: number; posts: number; cars: number };
  isSelf: boolean;
  isFollowing: boolean;
  cars: CarCard[];
  posts: PostTile[];
  /** Pass as `before` for the next page of posts; null at the end. */
  nextCursor: number | null;
};

const STORY_EXCERPT = 140;

type TileMediaTuple = [
  kind: string,
  path: string,
  variants: string,
  width: number | null,
  durationMs: number | null,
  posterPath: string | null,
  posterVariants: string,
  posterWidth: number | null,
  alt: string | null,
];
type TileTuple = [id: number, story: string, soundcloudUrl: string | null, first: TileMediaTuple[], mediaCount: number, likes: number, comments: number];
type CarCardTuple = [
  id: number,
  make: string,
  model: string,
  year: number,
  trim: string | null,
  nickname: string | null,
  followers: number,
  following: number,
  cover: Array<[path: string, variants: string, width: number | null]>,
  ownPath: string | null,
  ownVariants: string,
  ownWidth: number | null,
  picked: Array<[kind: string, path: string, variants: string, width: number | null, posterPath: string | null, posterVariants: string, posterWidth: number | null]>,
];
type UserPageTuple = [
  id: number,
  username: string,
  nickname: string | null,
  profileImage: string | null,
  createdAt: string | number,
  followers: number,
  following: number,
  posts: number,
  cars: number,
  followed: number,
  carCards: CarCardTuple[],
  tiles: TileTuple[],
];

/**
 * Ready posts matching `conditions` as grid tiles (see ~/lib/db/json-sql), highest id first, at
 * most `limit`: each with its first media by position and its counts of media, likes (not
 * dislikes) and comments.
 */
function tilesJson(conditions: Prisma.Sql[], limit: number): Prisma.Sql {
  const json = jsonDialect(databaseProvider);
  const media = json.tuples(
    json.tuple(Prisma.sql`m."kind", m."path", m."variants", m."width", m."durationMs", m."posterPath", m."posterVariants", m."posterWidth", m."alt"`),
    Prisma.sql`m."position", m."id"`,
  );
  const tile = json.tuple(Prisma.sql`
      p."id", p."story", p."soundcloudUrl",
      ${json.nested(Prisma.sql`SELECT ${media} FROM (SELECT * FROM "photos" m WHERE m."postId" = p."id" ORDER BY m."position", m."id" LIMIT 1) m`)},
      (SELECT COUNT(*) FROM "photos" m WHERE m."postId" = p."id"),
      (SELECT COUNT(*) FROM "post_likes" l WHERE l."postId" = p."id" AND l."type" = 'like'),
      (SELECT COUNT(*) FROM "comments" cm WHERE cm."postId" = p."id")`);
  return json.nested(Prisma.sql`SELECT ${json.tuples(tile, Prisma.sql`p."id" DESC`)} FROM (
      SELECT p."id", p."story", p."soundcloudUrl" FROM "posts" p
      WHERE ${Prisma.join([...conditions, Prisma.sql`p."status" = 'ready'`], " AND ")}
      ORDER BY p."id" DESC
      LIMIT ${limit}) p`);
}

/** The conditions of one page of a user's posts (`userId` a parameter or a column). */
function userPostsWhere(userId: number | Prisma.Sql, before: number | null): Prisma.Sql[] {
  return [Prisma.sql`p."createdById" = ${userId}`, ...(before ? [Prisma.sql`p."id" < ${before}`] : [])];
}

async function queryTiles(conditions: Prisma.Sql[], limit: number): Promise<TileTuple[]> {
  const rows = await prisma.$queryRaw<Array<{ tiles: string | null }>>`SELECT ${jsonDialect(databaseProvider).text(tilesJson(conditions, limit))} AS tiles`;
  return parseJsonCell<TileTuple[]>(rows[0]?.tiles, []);
}

function readTile(tile: TileTuple): PostTile {
  const [id, fullStory, soundcloudUrl, [first], mediaCount, likes, comments] = tile;
  const story = fullStory.length > STORY_EXCERPT ? `${fullStory.slice(0, STORY_EXCERPT - 1).trimEnd()}…` : fullStory;
  const base = { id, story, mediaCount, likes, comments, alt: first?.[8]?.trim() || null };
  if (!first) {
    const kind = fullStory.trim() ? "text" : soundcloudUrl ? "audio" : "empty";
    return { ...base, kind, thumb: null, thumbSrcSet: "", durationMs: null };
  }
  // A video shows its poster frame (or a placeholder without one): never a <video> in a grid.
  const [kind, path, variants, width, durationMs, posterPath, posterVariants, posterWidth] = first;
  const picture = pictureOf({ kind, path, variants, width, posterPath, posterVariants, posterWidth });
  return {
    ...base,
    kind: kind === "video" ? "video" : "image",
    thumb: picture ? imageUrlForWidth(picture.path, picture.variants, 640) : null,
    thumbSrcSet: picture ? srcSetFor(picture.path, picture.variants, picture.width) : "",
    durationMs: kind === "video" ? durationMs : null,
  };
}

/** `take` tiles of the `take + 1` read, and the cursor of the next page when there is one. */
function tilePage(tiles: TileTuple[], take: number): { posts: PostTile[]; nextCursor: number | null } {
  const page = tiles.slice(0, take).map(readTile);
  return { posts: page, nextCursor: tiles.length > take ? page[page.length - 1].id : null };
}

/** One page of a user's posts as grid tiles, newest first. One statement. */
export async function getUserPostTiles(userId: number, before: number | null = null, take = POSTS_PAGE_SIZE): Promise<{ posts: PostTile[]; nextCursor: number | null }> {
  return tilePage(await queryTiles(userPostsWhere(userId, before), take + 1), take);
}

/** Grid tiles for the given posts, in the order of `ids` (a saved list, say). One statement. */
export async function getPostTilesByIds(ids: number[]): Promise<PostTile[]> {
  if (ids.length === 0) return [];
  const tiles = await queryTiles([Prisma.sql`p."id" IN (${jsonDialect(databaseProvider).ids(ids)})`], ids.length);
  return inIdOrder(ids, tiles.map(readTile));
}

/**
 * The owner's cars, oldest first, each with its followers, whether the viewer follows it
 * (a visitor, 0, matches no rows) and its cover: its own photo, else the first image by
 * position of the newest ready post tagging the car that has an image (a post still
 * processing is its author's alone).
 */
function carCardsJson(ownerId: Prisma.Sql, viewerId: number): Prisma.Sql {
  const json = jsonDialect(databaseProvider);
  const cover = json.tuples(json.tuple(Prisma.sql`m."path", m."variants", m."width"`), Prisma.sql`m."position", m."id"`);
  const car = json.tuple(Prisma.sql`
      c."id", c."make", c."model", c."year", c."trim", c."nickname",
      (SELECT COUNT(*) FROM "car_follows" f WHERE f."carId" = c."id"),
      ${json.flag(Prisma.sql`EXISTS (SELECT 1 FROM "car_follows" f WHERE f."userId" = ${viewerId} AND f."carId" = c."id")`)},
      ${json.nested(Prisma.sql`SELECT ${cover} FROM (
        SELECT * FROM "photos" m
        WHERE m."kind" = 'image' AND m."postId" = (
          SELECT pc."postId" FROM "post_cars" pc JOIN "posts" p ON p."id" = pc."postId" AND p."status" = 'ready'
          WHERE pc."carId" = c."id" AND EXISTS (SELECT 1 FROM "photos" i WHERE i."postId" = pc."postId" AND i."kind" = 'image')
          ORDER BY pc."postId" DESC LIMIT 1)
        ORDER BY m."position", m."id" LIMIT 1) m`)},
      c."coverPath", c."coverVariants", c."coverWidth",
      ${json.nested(
        Prisma.sql`SELECT ${json.tuples(
          json.tuple(Prisma.sql`m."kind", m."path", m."variants", m."width", m."posterPath", m."posterVariants", m."posterWidth"`),
          Prisma.sql`m."id"`,
        )} FROM "photos" m WHERE m."id" = c."coverMediaId"`,
      )}`);
  return json.nested(Prisma.sql`SELECT ${json.tuples(car, Prisma.sql`c."id"`)} FROM "cars" c WHERE c."ownerId" = ${ownerId}`);
}

function readCarCard([id, make, model, year, trim, nickname, followers, following, [newest], ownPath, ownVariants, ownWidth, [picked]]: CarCardTuple): CarCard {
  // The car's own photo (uploaded, else picked from a post) comes before its newest post's.
  const pickedPicture = picked
    ? pictureOf({ kind: picked[0], path: picked[1], variants: picked[2], width: picked[3], posterPath: picked[4], posterVariants: picked[5], posterWidth: picked[6] })
    : null;
  const own = ownPath ? { path: ownPath, variants: ownVariants, width: ownWidth } : pickedPicture;
  const cover: [string, string, number | null] | undefined = own ? [own.path, own.variants, own.width] : newest;
  return {
    id,
    make,
    model,
    year,
    trim,
    nickname,
    followers,
    following: following === 1,
    cover: cover ? imageUrlForWidth(cover[0], cover[1], 640) : null,
    coverSrcSet: cover ? srcSetFor(cover[0], cover[1], cover[2]) : "",
  };
}

/**
 * The whole page as one row with one JSON text: the user, the counts, whether the viewer
 * follows them, the cars and a page of posts (one more than shown, for the cursor). No row
 * for an unknown username.
 */
function userPageStatement(username: string, viewerId: number, before: number | null): Prisma.Sql {
  const json = jsonDialect(databaseProvider);
  const page = json.tuple(Prisma.sql`
      u."id", u."username", u."nickname", u."profileImage", u."createdAt",
      (SELECT COUNT(*) FROM "user_follows" f WHERE f."followingId" = u."id"),
      (SELECT COUNT(*) FROM "user_follows" f WHERE f."followerId" = u."id"),
      (SELECT COUNT(*) FROM "posts" p WHERE p."createdById" = u."id" AND p."status" = 'ready'),
      (SELECT COUNT(*) FROM "cars" c WHERE c."ownerId" = u."id"),
      ${json.flag(Prisma.sql`EXISTS (SELECT 1 FROM "user_follows" f WHERE f."followerId" = ${viewerId} AND f."followingId" = u."id")`)},
      ${carCardsJson(Prisma.sql`u."id"`, viewerId)},
      ${tilesJson(userPostsWhere(Prisma.sql`u."id"`, before), POSTS_PAGE_SIZE + 1)}`);
  return Prisma.sql`SELECT ${json.text(page)} AS page FROM "users" u WHERE u."username" = ${username} AND u."deletedAt" IS NULL`;
}

/** Everything /user/{username} shows, or null for an unknown user. One statement. */
export async function getUserPage(username: string, viewerId: number | null, before: number | null = null): Promise<UserPage | null> {
  // A visitor matches no rows: user ids start at 1.
  const rows = await prisma.$queryRaw<Array<{ page: string | null }>>(userPageStatement(username.toLowerCase(), viewerId ?? 0, before));
  const tuple = parseJsonCell<UserPageTuple | null>(rows[0]?.page, null);
  if (!tuple) return null;
  const [id, name, nickname, profileImage, createdAt, followers, following, postCount, carCount, followed, cars, tiles] = tuple;
  const isSelf = viewerId === id;
  const posts = tilePage(tiles, POSTS_PAGE_SIZE);
  return {
    user: { id, username: name, nickname, profileImage, joined: isoText(createdAt) },
    counts: { followers, following, posts: postCount, cars: carCount },
    isSelf,
    isFollowing: !isSelf && followed === 1,
    cars: cars.map(readCarCard),
    posts: posts.posts,
    nextCursor: posts.nextCursor,
  };
}

// ------------------------------------------------------------------ your own profile

export const NICKNAME_MAX = 40;

export const PROFILE_MESSAGES = {
  nicknameTooLong: `Nickname must be at most ${NICKNAME_MAX} characters`,
  nicknameInvalid: "Nickname cannot contain line breaks or control characters",
  settingInvalid: "show_all_grams_posts must be true or false",
} as const;

/** The API shape of PATCH/GET /api/profile. */
export type ProfileView = {
  id: number;
  username: string;
  email: string;
  nickname: string | null;
  profile_image: string | null;
  show_all_grams_posts: boolean;
};

/** A nickname under the text rules; empty means none (the username shows instead). */
export const nicknameSchema = userText("Nickname")
  .refine((value) => value.length <= NICKNAME_MAX, PROFILE_MESSAGES.nicknameTooLong)
  .transform((value) => (value === "" ? null : value));

/** true/false, or the strings a form sends ("true", "false", "on", "1", "0"). */
export const settingSchema = z.union([z.boolean(), z.string()]).transform((value, ctx) => {
  if (typeof value === "boolean") return value;
  const word = value.trim().toLowerCase();
  if (["true", "on", "1", "yes"].includes(word)) return true;
  if (["false", "off", "0", "no", ""].includes(word)) return false;
  ctx.addIssue({ code: z.ZodIssueCode.custom, message: PROFILE_MESSAGES.settingInvalid });
  return z.NEVER;
});

export async function getOwnProfile(userId: number): Promise<ProfileView | null> {
  const user = await prisma.user.findUnique({
    where: { id: userId },
    select: { id: true, username: true, email: true, nickname: true, profileImage: true, profile: { select: { showAllGramsPosts: true } } },
  });
  if (!user) return null;
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    nickname: user.nickname,
    profile_image: user.profileImage,
    show_all_grams_posts: user.profile?.showAllGramsPosts ?? false,
  };
}

/** profiles.show_all_grams_posts of a user (false for visitors and users without a row). */
export async function getShowAllGramsPosts(userId: number | null): Promise<boolean> {
  if (userId === null) return false;
  const profile = await prisma.profile.findUnique({ where: { id: userId }, select: { showAllGramsPosts: true } });
  return profile?.showAllGramsPosts ?? false;
}

/** The stored key of one of our avatar URLs ("/media/avatars/…"), or null for anything else. */
function storedAvatarKey(url: string | null): string | null {
  if (!url || !url.startsWith(`${MEDIA_URL_PREFIX}avatars/`)) return null;
  return url.slice(MEDIA_URL_PREFIX.length);
}

/**
 * Changes the given settings (already validated). `profileImage` is the URL of a processed
 * avatar, or null to remove it; the replaced image's files are deleted.
 */
export async function updateProfile(
  userId: number,
  changes: { nickname?: string | null; showAllGramsPosts?: boolean; profileImage?: string | null },
): Promise<ProfileView> {
  const before = await prisma.user.findUnique({ where: { id: userId }, select: { profileImage: true } });
  const userData: { nickname?: string | null; profileImage?: string | null } = {};
  if (changes.nickname !== undefined) userData.nickname = changes.nickname;
  if (changes.profileImage !== undefined) userData.profileImage = changes.profileImage;

  await prisma.$transaction([
    ...(Object.keys(userData).length > 0 ? [prisma.user.update({ where: { id: userId }, data: userData })] : []),
    ...(changes.showAllGramsPosts !== undefined
      ? [
          prisma.profile.upsert({
            where: { id: userId },
            create: { id: userId, showAllGramsPosts: changes.showAllGramsPosts },
            update: { showAllGramsPosts: changes.showAllGramsPosts },
          }),
        ]
      : []),
  ]);

  const oldKey = changes.profileImage !== undefined && before?.profileImage !== changes.profileImage ? storedAvatarKey(before?.profileImage ?? null) : null;
  if (oldKey) {
    await discardMedia({ path: oldKey, variants: String(AVATAR_SMALL_SIZE) }).catch((error) => console.error("Could not delete the old profile image", error));
  }
  const profile = await getOwnProfile(userId);
  if (!profile) throw new Error("The user disappeared while updating their profile");
  return profile;
}

// ------------------------------------------------------------------ the profile form

export type ProfileField = "nickname" | "show_all_grams_posts" | "profile_image";
export type ProfileErrors = Partial<Record<ProfileField, string>>;

export type ProfileFormResult = { ok: true; profile: ProfileView } | { ok: false; status: 400 | 413 | 415; errors: ProfileErrors };

export const PROFILE_IMAGE_REQUIRED = "Choose an image to upload";

function lastValue(value: unknown): unknown {
  return Array.isArray(value) ? value[value.length - 1] : value;
}

function uploadedFile(value: unknown): File | null {
  const file = lastValue(value);
  return file instanceof File && (file.size > 0 || file.name !== "") ? file : null;
}

/**
 * Applies a profile change from a form or JSON body: `nickname`, `show_all_grams_posts`,
 * `profile_image` (an uploaded file) and `remove_profile_image`. Fields left out stay as
 * they are. Bad input gives a message per field and changes nothing.
 */
export async function applyProfileChanges(userId: number, fields: Record<string, unknown>): Promise<ProfileFormResult> {
  const errors: ProfileErrors = {};
  const changes: Parameters<typeof updateProfile>[1] = {};
  let status: 400 | 413 | 415 = 400;

  if (fields.nickname !== undefined) {
    const raw = lastValue(fields.nickname);
    const parsed = nicknameSchema.safeParse(raw === null ? "" : raw);
    if (parsed.success) changes.nickname = parsed.data;
    else errors.nickname = typeof raw === "string" ? parsed.error.issues[0].message : "Nickname must be text";
  }
  if (fields.show_all_grams_posts !== undefined) {
    const parsed = settingSchema.safeParse(lastValue(fields.show_all_grams_posts));
    if (parsed.success) changes.showAllGramsPosts = parsed.data;
    else errors.show_all_grams_posts = PROFILE_MESSAGES.settingInvalid;
  }

  const file = uploadedFile(fields.profile_image);
  const remove = settingSchema.safeParse(lastValue(fields.remove_profile_image ?? false));
  if (remove.success && remove.data) changes.profileImage = null;
  if (fields.profile_image !== undefined && !file && typeof fields.profile_image === "string" && fields.profile_image !== "") {
    errors.profile_image = PROFILE_IMAGE_REQUIRED;
  }
  if (Object.keys(errors).length > 0) return { ok: false, status, errors };

  let stored: { path: string } | null = null;
  if (file) {
    try {
      const avatar = await processAvatar(new Uint8Array(await file.arrayBuffer()));
      stored = avatar;
      changes.profileImage = avatar.url;
    } catch (error) {
      if (!(error instanceof UserError)) throw error;
      status = error.status as 400 | 413 | 415;
      return { ok: false, status, errors: { profile_image: error.message } };
    }
  }
  try {
    return { ok: true, profile: await updateProfile(userId, changes) };
  } catch (error) {
    if (stored) await discardMedia({ path: stored.path, variants: String(AVATAR_SMALL_SIZE) });
    throw error;
  }
}
