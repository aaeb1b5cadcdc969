// The server's check of a report's fields (POST /api/flags/create).
import { z } from "zod";
import { FLAG_CONTENT_TYPES, FLAG_DETAILS_MAX, FLAG_MESSAGES, FLAG_REASON_VALUES, type FlagContentType, type FlagReason } from "~/lib/rules/flag-reasons";
import { idSchema } from "~/lib/ids";

const flagSchema = z.object({
  contentType: z.enum(FLAG_CONTENT_TYPES),
  contentId: idSchema,
  reason: z.enum(FLAG_REASON_VALUES),
  details: z
    .string()
    .trim()
    .max(FLAG_DETAILS_MAX)
    .optional()
    .transform((value) => (value ? value : null)),
});

export type FlagInput = { contentType: FlagContentType; contentId: number; reason: FlagReason; details: string | null };

function single(value: unknown): unknown {
  return Array.isArray(value) ? value[value.length - 1] : value;
}

/**
 * Checks a report's fields. A missing or blank reason gets 'Please select a
 * reason…'; anything else wrong (type, id, an unknown reason, details too long) is
 * 'Invalid request data'. A reporterId field is never read: the reporter is the session.
 */
export function parseFlagInput(fields: Record<string, unknown>): { ok: true; value: FlagInput } | { ok: false; message: string } {
  const reason = single(fields.reason);
  if (reason === undefined || reason === null || (typeof reason === "string" && reason.trim() === "")) {
    return { ok: false, message: FLAG_MESSAGES.reasonRequired };
  }
  const details = single(fields.details);
  const parsed = flagSchema.safeParse({
    contentType: single(fields.contentType),
    contentId: single(fields.contentId),
    reason: typeof reason === "string" ? reason.trim() : reason,
    details: details === null || details === "" ? undefined : details,
  });
  if (!parsed.success) return { ok: false, message: FLAG_MESSAGES.invalid };
  return { ok: true, value: parsed.data };
}
