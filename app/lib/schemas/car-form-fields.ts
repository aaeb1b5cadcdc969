// The zod field builders the car, mod and service-log schemas share, and reading their form
// bodies: flat form names made nested (expandFormFields) and a failed parse's messages (issuesOf).
// Each builder takes form strings ("", "1999", "on") and JSON values (1999, true, null) alike:
// a blank optional field is null ("clear it"), a missing one is undefined ("leave it").
import { z } from "zod";
import { normalizeText, type TextOptions } from "~/lib/rules/text-rules";
import { textRules } from "~/lib/schemas/text-schemas";

export function trimmed(value: unknown) {
  return typeof value === "string" ? value.trim() : value;
}

export function requiredText(label: string, max: number) {
  return z.preprocess(
    (value) => (value === null ? "" : normalizeText(value)),
    z
      .string({ required_error: `${label} is required`, invalid_type_error: `${label} must be text` })
      .min(1, `${label} is required`)
      .max(max, `${label} must be at most ${max} characters`)
      .superRefine(textRules(label)),
  );
}

/** Blank means null (clear it); absent means undefined (leave it). */
export function optionalText(label: string, max: number, options: TextOptions = {}) {
  return z.preprocess(
    (value) => {
      const v = normalizeText(value, options);
      return v === "" ? null : v;
    },
    z
      .string({ invalid_type_error: `${label} must be text` })
      .max(max, `${label} must be at most ${max} characters`)
      .superRefine(textRules(label, options))
      .nullable()
      .optional(),
  );
}

export function toNumber(value: unknown) {
  if (typeof value === "string") return value.trim() === "" ? undefined : Number(value.trim());
  if (value === null) return undefined;
  return value;
}

export function toOptionalId(value: unknown) {
  if (value === undefined) return undefined;
  if (value === null || (typeof value === "string" && value.trim() === "")) return null;
  return value;
}

export function toBoolean(value: unknown) {
  if (value === undefined) return undefined;
  if (typeof value === "boolean") return value;
  if (value === null) return false;
  const v = String(value).trim().toLowerCase();
  if (["on", "true", "1", "yes"].includes(v)) return true;
  if (["", "off", "false", "0", "no"].includes(v)) return false;
  return value;
}

/**
 * Turns flat form names (`performance_gains[0].type`) into nested values, so a plain form
 * post to the API reads like JSON. JSON bodies pass through unchanged.
 */
export function expandFormFields(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    const match = /^([A-Za-z_]\w*)\[(\d+)\]\.([A-Za-z_]\w*)$/.exec(key);
    if (!match) {
      if (!(key in out)) out[key] = value;
      continue;
    }
    const [, list, index, field] = match;
    const rows = Array.isArray(out[list]) ? (out[list] as Record<string, unknown>[]) : [];
    out[list] = rows;
    const i = Number(index);
    if (i > 100) continue;
    rows[i] = { ...(rows[i] ?? {}), [field]: value };
  }
  for (const value of Object.values(out)) {
    if (Array.isArray(value)) for (let i = 0; i < value.length; i++) value[i] ??= {};
  }
  return out;
}

/** The first message of a failed parse, for `{ error }` answers, and all of them by field. */
export function issuesOf(error: z.ZodError): { error: string; fields: Record<string, string[]> } {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const name = issue.path.reduce<string>((acc, part) => (typeof part === "number" ? `${acc}[${part}]` : acc ? `${acc}.${part}` : String(part)), "");
    (fields[name || "form"] ??= []).push(issue.message);
  }
  return { error: error.issues[0]?.message ?? "Invalid request data", fields };
}
