// People's pages and your own profile: what /user/{username} shows (cars, posts, follow
// counts), and the settings of /profile (nickname, profile image, show_all_grams_posts).
import { z } from "zod";
import { userText } from "~/lib/text-schemas";
import { prisma } from "~/db.server";
import { READY_POST } from "~/lib/post-status";
import { discardMedia, processAvatar } from "~/lib/images.server";
import { AVATAR_SMALL_SIZE, MEDIA_URL_PREFIX, imageUrlForWidth, pictureOf, srcSetFor, type StoredPictureFields } from "~/lib/media-types";
import { countPostStats, type PostStats } from "~/models/counts.server";
import { getCarFollowerCounts } from "~/models/follow.server";
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

const tileMediaSelect = {
  take: 1,
  orderBy: [{ position: "asc" as const }, { id: "asc" as const }],
  select: { kind: true, path: true, variants: true, width: true, durationMs: true, posterPath: true, posterVariants: true, posterWidth: true },
};

type TileMedia = StoredPictureFields & { durationMs: number | null };

function tileOf(post: { id: number; story: string; soundcloudUrl: string | null; media: TileMedia[] }, counts: PostStats): PostTile {
  const first = post.media[0];
  const story = post.story.length > STORY_EXCERPT ? `${post.story.slice(0, STORY_EXCERPT - 1).trimEnd()}…` : post.story;
  const base = { id: post.id, story, mediaCount: counts.media, likes: counts.likes, comments: counts.comments };
  if (!first) {
    const kind = post.story.trim() ? "text" : post.soundcloudUrl ? "audio" : "empty";
    return { ...base, kind, thumb: null, thumbSrcSet: "", durationMs: null };
  }
  // A video shows its poster frame (or a placeholder without one): never a <video> in a grid.
  const picture = pictureOf(first);
  return {
    ...base,
    kind: first.kind === "video" ? "video" : "image",
    thumb: picture ? imageUrlForWidth(picture.path, picture.variants, 640) : null,
    thumbSrcSet: picture ? srcSetFor(picture.path, picture.variants, picture.width) : "",
    durationMs: first.kind === "video" ? first.durationMs : null,
  };
}

/** One page of a user's posts as grid tiles, newest first. */
export async function getUserPostTiles(userId: number, before: number | null = null, take = POSTS_PAGE_SIZE): Promise<{ posts: PostTile[]; nextCursor: number | null }> {
  const rows = await prisma.post.findMany({
    where: { createdById: userId, ...READY_POST, ...(before ? { id: { lt: before } } : {}) },
    orderBy: { id: "desc" },
    take: take + 1,
    select: {
      id: true,
      story: true,
      soundcloudUrl: true,
      media: tileMediaSelect,
    },
  });
  const page = rows.slice(0, take);
  const stats = await countPostStats(page.map((row) => row.id));
  return { posts: page.map((row) => tileOf(row, stats(row.id))), nextCursor: rows.length > take ? page[page.length - 1].id : null };
}

/** Grid tiles for the given posts, in the order of `ids` (a saved list, say). */
export async function getPostTilesByIds(ids: number[]): Promise<PostTile[]> {
  if (ids.length === 0) return [];
  const rows = await prisma.post.findMany({
    where: { id: { in: ids }, ...READY_POST },
    select: {
      id: true,
      story: true,
      soundcloudUrl: true,
      media: tileMediaSelect,
    },
  });
  const stats = await countPostStats(rows.map((row) => row.id));
  return inIdOrder(ids, rows).map((row) => tileOf(row, stats(row.id)));
}

async function getCarCards(ownerId: number, viewerId: number | null): Promise<CarCard[]> {
  const cars = await prisma.car.findMany({
    where: { ownerId },
    orderBy: { id: "asc" },
    select: {
      id: true,
      make: true,
      model: true,
      year: true,
      trim: true,
      nickname: true,
      // The newest post of the car that has a picture gives the cover.
      postCars: {
        where: { post: { media: { some: { kind: "image" } } } },
        orderBy: { postId: "desc" },
        take: 1,
        select: {
          post: {
            select: {
              media: {
                where: { kind: "image" },
                orderBy: [{ position: "asc" }, { id: "asc" }],
                take: 1,
                select: { path: true, variants: true, width: true },
              },
            },
          },
        },
      },
    },
  });
  const followers = await getCarFollowerCounts(cars.map((car) => car.id));
  const followed =
    viewerId === null || cars.length === 0
      ? new Set<number>()
      : new Set(
          (
            await prisma.carFollow.findMany({
              where: { userId: viewerId, carId: { in: cars.map((car) => car.id) } },
              select: { carId: true },
            })
          ).map((row) => row.carId),
        );
  return cars.map((car) => {
    const cover = car.postCars[0]?.post.media[0];
    return {
      id: car.id,
      make: car.make,
      model: car.model,
      year: car.year,
      trim: car.trim,
      nickname: car.nickname,
      followers: followers.get(car.id) ?? 0,
      following: followed.has(car.id),
      cover: cover ? imageUrlForWidth(cover.path, cover.variants, 640) : null,
      coverSrcSet: cover ? srcSetFor(cover.path, cover.variants, cover.width) : "",
    };
  });
}

/** Everything /user/{username} shows, or null for an unknown user. */
export async function getUserPage(username: string, viewerId: number | null, before: number | null = null): Promise<UserPage | null> {
  const user = await prisma.user.findUnique({
    where: { username: username.toLowerCase() },
    select: {
      id: true,
      username: true,
      nickname: true,
      profileImage: true,
      createdAt: true,
    },
  });
  if (!user) return null;
  const isSelf = viewerId === user.id;
  const [followers, following, postCount, carCount, follow, cars, posts] = await Promise.all([
    prisma.userFollow.count({ where: { followingId: user.id } }),
    prisma.userFollow.count({ where: { followerId: user.id } }),
    prisma.post.count({ where: { createdById: user.id, ...READY_POST } }),
    prisma.car.count({ where: { ownerId: user.id } }),
    viewerId && !isSelf ? prisma.userFollow.findUnique({ where: { followerId_followingId: { followerId: viewerId, followingId: user.id } } }) : null,
    getCarCards(user.id, viewerId),
    getUserPostTiles(user.id, before),
  ]);
  return {
    user: {
      id: user.id,
      username: user.username,
      nickname: user.nickname,
      profileImage: user.profileImage,
      joined: user.createdAt.toISOString(),
    },
    counts: { followers, following, posts: postCount, cars: carCount },
    isSelf,
    isFollowing: Boolean(follow),
    cars,
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
