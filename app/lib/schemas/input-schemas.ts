// Field builders the actions' schemas share (a yes/no switch, an intent, the `_method`
// stand-in), and the schemas of the actions whose input belongs to no one entity: following,
// blocking, the theme, signing out.
import { z } from "zod";
import { THEME_MODES } from "~/lib/rules/theme";

function lastOf(value: unknown): unknown {
  return Array.isArray(value) ? value[value.length - 1] : value;
}

const ON_WORDS = new Set(["true", "1", "on", "yes"]);
const OFF_WORDS = new Set(["false", "0", "off", "no"]);

/**
 * A yes/no field: a JSON boolean, or true/false, 1/0, on/off, yes/no in any case; a repeated
 * form field counts by its last value. Absent, null or "" is undefined (the action toggles);
 * anything else is a problem reading `message`.
 */
export function switchField(message: string) {
  return z.unknown().transform((raw, ctx): boolean | undefined => {
    const value = lastOf(raw);
    if (value === undefined || value === null || value === "") return undefined;
    if (typeof value === "boolean") return value;
    const word = typeof value === "string" ? value.trim().toLowerCase() : null;
    if (word !== null && ON_WORDS.has(word)) return true;
    if (word !== null && OFF_WORDS.has(word)) return false;
    ctx.addIssue({ code: z.ZodIssueCode.custom, message });
    return z.NEVER;
  });
}

/**
 * What a form's button asks an action to do: one of `intents`. Absent or "" is `fallback`
 * when there is one; anything else (another word, a number, a list) is a problem reading `message`.
 */
export function intentField<T extends string>(intents: readonly [T, ...T[]], message: string, fallback?: T) {
  return z.unknown().transform((value, ctx): T => {
    const word = typeof value === "string" ? value.trim() : value;
    if ((word === undefined || word === "") && fallback !== undefined) return fallback;
    if (typeof word === "string" && (intents as readonly string[]).includes(word)) return word as T;
    ctx.addIssue({ code: z.ZodIssueCode.custom, message });
    return z.NEVER;
  });
}

/**
 * A plain form's stand-in for the method it cannot send: `_method` (PATCH, DELETE), in any
 * case; "" when absent or not text, which the route answers as a method it does not take.
 */
export const methodOverrideSchema = z.object({ _method: z.unknown().transform((value) => (typeof value === "string" ? value.trim().toUpperCase() : "")) });

/** POST /api/cars/{carId}/follow and /api/users/{username}/follow: `following` sets it; without it, it toggles. */
export const followSchema = z.object({ following: switchField("following must be true or false") });

/** POST /api/users/{username}/block: `blocked` sets it; without it, it toggles. */
export const blockSchema = z.object({ blocked: switchField("blocked must be true or false") });

/** POST /theme: the mode to show. */
export const themeSchema = z.object({ mode: z.enum(THEME_MODES, { message: "Choose System, Light or Dark" }) });

/** Actions that take no fields (signing out, here or elsewhere): whatever else is sent is left out. */
export const noFieldsSchema = z.object({});
