// Post rules shared by the upload form and POST /api/posts: fields, limits and messages.
import { z } from "zod";
import { parseIdList } from "~/lib/ids";
import { isLayout } from "~/lib/rules/layout";
import { MAX_CARS_PER_POST, MAX_MODS_PER_POST, MAX_STORY_LENGTH, POST_MESSAGES } from "~/lib/rules/post-messages";
import { INVALID_SOUNDCLOUD_URL, normalizeSoundCloudUrl } from "~/lib/rules/soundcloud";
import { normalizeText } from "~/lib/rules/text-rules";
import { textRules } from "~/lib/schemas/text-schemas";
import { textLinksProblem } from "~/lib/rules/text-links";

// File limits (per file, per post, number of files) and the upload messages live with the
// upload limits in ~/lib/media/upload-limits.server (MAX_IMAGE_BYTES, MAX_VIDEO_BYTES, MAX_POST_BYTES,
// MAX_MEDIA_PER_POST, MEDIA_MESSAGES).

export { MAX_CARS_PER_POST, MAX_MODS_PER_POST, MAX_STORY_LENGTH, POST_MESSAGES } from "~/lib/rules/post-messages";

/** One value or a repeated field, as a list. */
function list(value: unknown): unknown[] {
  if (value === undefined || value === null || value === "") return [];
  return Array.isArray(value) ? value : [value];
}

const carIdsSchema = z.preprocess(
  (value) =>
    list(value)
      // "1,2" from a single text field works like repeated fields.
      .flatMap((item) => (typeof item === "string" ? item.split(",") : [item]))
      .map((item) => (typeof item === "string" ? item.trim() : item))
      .filter((item) => item !== ""),
  z
    .array(z.coerce.number({ invalid_type_error: POST_MESSAGES.carIds }).int(POST_MESSAGES.carIds).positive(POST_MESSAGES.carIds))
    .max(MAX_CARS_PER_POST, POST_MESSAGES.tooManyCars)
    .transform((ids) => [...new Set(ids)]),
);

/**
 * The mods a post tags: repeated fields or "1,2", as ids; a repeated id counts once. Whether
 * they belong to the post's cars is the model's check (post-mods.server).
 */
const modIdsSchema = z.preprocess(
  (value) => list(value).map((item) => (typeof item === "number" ? String(item) : item)),
  z
    .array(z.string({ invalid_type_error: POST_MESSAGES.modIds }))
    .transform((values, ctx) => {
      try {
        // No cap here: the count of distinct ids is checked next, with the post's own message.
        return parseIdList(values, Number.POSITIVE_INFINITY);
      } catch {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: POST_MESSAGES.modIds });
        return z.NEVER;
      }
    })
    .pipe(z.array(z.number()).max(MAX_MODS_PER_POST, POST_MESSAGES.tooManyMods)),
);

// Forms send line breaks as CRLF; count them as one character, as the textarea does.
const optionalText = (value: unknown) => (typeof value === "string" ? value.replace(/\r\n/g, "\n") : value === undefined || value === null ? "" : value);

/** The text fields of a new post (files are checked separately). */
export const postFieldsSchema = z.object({
  story: z.preprocess(
    (value) => normalizeText(optionalText(value), { multiline: true }),
    z
      .string()
      .max(MAX_STORY_LENGTH, POST_MESSAGES.storyTooLong)
      .superRefine(textRules("The story", { multiline: true }))
      .superRefine((story, ctx) => {
        // At most MAX_TAGS_PER_POST tags and MAX_MENTIONS_PER_TEXT mentions (a longer story is refused above).
        const problem = story.length <= MAX_STORY_LENGTH ? textLinksProblem(story, { label: "The story", tags: true }) : null;
        if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
      }),
  ),
  carIds: carIdsSchema,
  modIds: modIdsSchema,
  layout: z.preprocess(
    (value) => (typeof value === "string" ? value.trim().toLowerCase() : (value ?? "")),
    z
      .string()
      .refine((value) => value === "" || isLayout(value), POST_MESSAGES.layout)
      .transform((value) => (isLayout(value) ? value : null)),
  ),
  soundcloud_url: z.preprocess(
    optionalText,
    z
      .string()
      .trim()
      .transform((value, ctx) => {
        if (value === "") return null;
        const normalized = normalizeSoundCloudUrl(value);
        if (!normalized) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: INVALID_SOUNDCLOUD_URL });
          return z.NEVER;
        }
        return normalized;
      }),
  ),
});

export type PostFields = z.output<typeof postFieldsSchema>;

/** Reads the fields from a body's field map (accepts `soundcloudUrl`, `carId` and `mod_ids` aliases too). */
export function parsePostFields(fields: Record<string, unknown>): { ok: true; data: PostFields } | { ok: false; error: string } {
  const result = postFieldsSchema.safeParse({
    story: fields.story,
    carIds: fields.carIds ?? fields["carIds[]"] ?? fields.car_ids ?? fields.carId,
    modIds: fields.modIds ?? fields["modIds[]"] ?? fields.mod_ids,
    layout: fields.layout,
    soundcloud_url: fields.soundcloud_url ?? fields.soundcloudUrl,
  });
  if (!result.success) return { ok: false, error: result.error.issues[0]?.message ?? "Invalid post" };
  return { ok: true, data: result.data };
}

/** A post needs at least one of story, media or an audio link. */
export function isEmptyPost(fields: Pick<PostFields, "story" | "soundcloud_url">, mediaCount: number): boolean {
  return fields.story === "" && !fields.soundcloud_url && mediaCount === 0;
}

export const SHARE_CHANNELS = ["link", "embed", "native"] as const;
export type ShareChannel = (typeof SHARE_CHANNELS)[number];

/** POST /api/posts/{id}/share: where it was shared; absent, null or "" is a link. */
export const shareSchema = z.object({
  channel: z.preprocess(
    (value) => (value === undefined || value === null || value === "" ? "link" : value),
    z.enum(SHARE_CHANNELS, { message: POST_MESSAGES.badShareChannel }),
  ),
});

/** DELETE /api/posts/{id} from a plain form, which can only POST: intent=delete (or _method=DELETE). */
export const postDeleteFormSchema = z
  .object({ intent: z.unknown(), _method: z.unknown() })
  .refine((fields) => fields.intent === "delete" || fields._method === "DELETE", "Send DELETE, or intent=delete from a form");
