// Your own profile: its settings as /profile and /api/profile read them (nickname, profile
// image, show_all_grams_posts), their rules, and the form that changes them.
import { z } from "zod";
import { userText } from "~/lib/schemas/text-schemas";
import { prisma } from "~/db.server";
import { discardMedia } from "~/lib/media/processed-media.server";
import { processAvatar } from "~/lib/media/photo-storage.server";
import { AVATAR_SMALL_SIZE, MEDIA_URL_PREFIX } from "~/lib/media/media-types";
import { UserError } from "~/lib/user-error";

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
