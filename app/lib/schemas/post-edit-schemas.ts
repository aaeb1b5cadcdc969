// Editing a post (/post/{id}/edit, PATCH /api/posts/{id}): what may change and how the form
// sends it. The story, cars, tagged mods and layout follow the rules of a new post; each
// medium already in the post is named by its id: `position.<id>` (1 is the cover),
// `alt.<id>` (its description) and `remove.<id>` (ticked: it goes). A medium the form does
// not name keeps its place and description.
import { z } from "zod";
import { MEDIA_FIELD_MESSAGES, altText, positionNumber, typedAlt } from "~/lib/schemas/upload-media-fields";
import { postFieldsSchema } from "~/lib/schemas/post-schemas";

export const POST_EDIT_MESSAGES = {
  empty: "A post needs a photo, a video or a story: keep one of its photos or videos, or write a story",
  badPosition: "Each position must be a whole number from 1 to 999",
  notInPost: "That photo or video is not in this post",
  forbidden: "You can only edit your own posts",
  notReady: "This post is still being prepared: edit it once it is ready",
  saved: "Post updated",
  unchanged: "Nothing to change",
} as const;

/** What one medium of the post becomes. `alt` undefined: keep the description it has. */
export type MediumEdit = { id: number; position: number | null; alt: string | null | undefined; remove: boolean };

export type PostEdit = Pick<z.output<typeof postFieldsSchema>, "story" | "carIds" | "modIds" | "layout"> & { media: MediumEdit[] };

const fieldsSchema = postFieldsSchema.pick({ story: true, carIds: true, modIds: true, layout: true });

const altSchema = z.preprocess(
  (value) => (typeof value === "string" ? typedAlt(value) : value),
  altText(z.string({ invalid_type_error: MEDIA_FIELD_MESSAGES.altTooLong })),
);

const positionSchema = z.preprocess(
  (value) => (typeof value === "string" ? value.trim() : value),
  z.union([z.literal("").transform(() => null), positionNumber(999, POST_EDIT_MESSAGES.badPosition)]),
);

const removeSchema = z.preprocess(
  (value) => (typeof value === "string" ? value.trim().toLowerCase() : value),
  z.union([z.boolean(), z.enum(["on", "true", "1", "yes", "false", "0", "no", ""]).transform((text) => ["on", "true", "1", "yes"].includes(text))]),
);

const MEDIUM_FIELD = /^(position|alt|remove)\.(\d{1,12})$/;

function single(value: unknown): unknown {
  return Array.isArray(value) ? value[value.length - 1] : value;
}

/**
 * Reads an edit from a body's field map (form fields or JSON). Answers the first problem's
 * message instead of throwing.
 */
export function parsePostEdit(fields: Record<string, unknown>): { ok: true; data: PostEdit } | { ok: false; error: string } {
  const parsed = fieldsSchema.safeParse({
    story: fields.story,
    carIds: fields.carIds ?? fields["carIds[]"] ?? fields.car_ids,
    modIds: fields.modIds ?? fields["modIds[]"] ?? fields.mod_ids,
    layout: fields.layout,
  });
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? "Invalid post" };
  const media = new Map<number, MediumEdit>();
  for (const [name, raw] of Object.entries(fields)) {
    const match = MEDIUM_FIELD.exec(name);
    if (!match) continue;
    const id = Number(match[2]);
    if (!Number.isSafeInteger(id) || id <= 0) return { ok: false, error: POST_EDIT_MESSAGES.notInPost };
    const medium = media.get(id) ?? { id, position: null, alt: undefined, remove: false };
    const value = single(raw);
    const result = match[1] === "position" ? positionSchema.safeParse(value) : match[1] === "alt" ? altSchema.safeParse(value) : removeSchema.safeParse(value);
    if (!result.success) return { ok: false, error: result.error.issues[0]?.message ?? "Invalid media fields" };
    if (match[1] === "position") medium.position = result.data as number | null;
    else if (match[1] === "alt") medium.alt = result.data as string | null;
    else medium.remove = result.data as boolean;
    media.set(id, medium);
  }
  return { ok: true, data: { ...parsed.data, media: [...media.values()] } };
}
