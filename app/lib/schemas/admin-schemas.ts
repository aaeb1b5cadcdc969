// What the Admin Area's actions take. Every bad value is answered with the one message the
// caller passes (the admin pages show "Invalid request" whatever the field).
import { z } from "zod";
import { idField } from "~/lib/ids";
import { textField } from "~/lib/schemas/text-schemas";

/** A text field that may be left out: trimmed, and "" when absent. */
const optionalText = z.union([z.string(), z.undefined()]).transform((value) => (value ?? "").trim());

/** A note for the log: at most 500 characters kept; absent when empty. */
const note = textField.transform((value) => value.slice(0, 500) || undefined);

/** POST /api/admin/users/{id}/role: `role` sets it; without it the role toggles. */
export const roleChangeSchema = z.object({
  role: optionalText.pipe(z.enum(["", "admin", "member"])).transform((value) => value || undefined),
});

const SUSPEND_WORDS: Record<string, boolean> = { true: true, "1": true, on: true, false: false, "0": false, off: false };

/** POST /api/admin/users/{id}/suspend: `suspended` sets it (a word or a JSON boolean); without it, it toggles. */
export const suspendSchema = z.object({
  suspended: z.union([z.boolean(), z.undefined(), z.string().trim()]).transform((value, ctx): boolean | undefined => {
    if (typeof value !== "string") return value;
    if (value in SUSPEND_WORDS) return SUSPEND_WORDS[value];
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: "suspended must be true or false" });
    return z.NEVER;
  }),
  note,
});

/** POST /api/admin/flags: what to do with the reports of one piece of content. */
export const flagDecisionSchema = z
  .object({
    contentType: textField,
    content_type: textField,
    contentId: z.unknown(),
    content_id: z.unknown(),
    action: textField,
    intent: textField,
    note,
  })
  .transform((input) => ({
    contentType: input.contentType || input.content_type,
    contentId: input.contentId ?? input.content_id,
    action: input.action || input.intent,
    note: input.note,
  }))
  .pipe(
    z.object({
      contentType: z.string(),
      contentId: idField(),
      action: z.enum(["dismiss", "remove", "suspend"]),
      note: z.string().optional(),
    }),
  );

/** POST /api/admin/makers: merge the name `merge_id` into `keep_id`, both of one kind. */
export const makerMergeSchema = z.object({
  kind: z.enum(["manufacturer", "vendor", "installer"]),
  keep_id: idField(),
  merge_id: idField(),
});
