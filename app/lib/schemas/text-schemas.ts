// The text rules (app/lib/rules/text-rules.ts) as zod schemas, shared by the forms and the server.
import { z } from "zod";
import { normalizeText, TEXT_MESSAGES, textProblem, type TextOptions } from "~/lib/rules/text-rules";

/** A superRefine step that adds the text rules' message for `label` to a string schema. */
export function textRules(label: string, options: TextOptions = {}) {
  return (value: string, ctx: z.RefinementCtx) => {
    const problem = textProblem(value, options);
    if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: TEXT_MESSAGES[problem](label, options) });
  };
}

/**
 * A string field under the text rules: normalised first, then checked. `.pipe()` it into
 * the field's own length and format rules.
 */
export function userText(label: string, options: TextOptions & { required_error?: string; invalid_type_error?: string } = {}) {
  const { required_error, invalid_type_error, ...rules } = options;
  return z
    .string({ required_error, invalid_type_error })
    .transform((value) => normalizeText(value, rules) as string)
    .superRefine(textRules(label, rules));
}

/**
 * A text field whose problems the model words ("Enter the code..."): a string, trimmed, or
 * "" when it is absent or not a string, so the model's message is the one the user sees.
 */
export const textField = z.unknown().transform((value) => (typeof value === "string" ? value.trim() : ""));
