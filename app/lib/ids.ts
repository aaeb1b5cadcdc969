// Record ids, read the one way everywhere: from a route's URL, a query string, a form or
// a JSON body. An id is a whole number from 1 to ID_MAX written in decimal digits only
// ("0x1F", "1e1", "-1", "1.0" and " 1" are not ids); JSON may also send it as a number.
// Anything else names no record, so a page or an API answers it as it answers an id that
// does not exist: 404. Shared by server and browser code (the parsing has no server part).
import { z } from "zod";
import { UserError } from "~/lib/user-error";

/** The largest id: ids are the database's `Int`, a 32-bit signed integer (SERIAL in PostgreSQL). */
export const ID_MAX = 2_147_483_647;

const DECIMAL_DIGITS = /^\d+$/;

/** The id `value` names, or null when it names none. */
export function parseId(value: unknown): number | null {
  const id = typeof value === "number" ? value : typeof value === "string" && DECIMAL_DIGITS.test(value) ? Number(value) : Number.NaN;
  return Number.isInteger(id) && id >= 1 && id <= ID_MAX ? id : null;
}

/** The id schema of a form or JSON field whose problem reads `message`. */
export function idField(message = "Invalid id") {
  return z.unknown().transform((value, ctx): number => {
    const id = parseId(value);
    if (id !== null) return id;
    ctx.addIssue({ code: z.ZodIssueCode.custom, message });
    return z.NEVER;
  });
}

/** An id in a zod schema (see parseId). */
export const idSchema = idField();

/**
 * The id in the route parameter `name`. A bad one throws the UserError 404 every route answers
 * for a missing record, with the route's `notFound` message.
 */
export function requireId(params: Readonly<Record<string, string | undefined>>, name: string, notFound = "Not found"): number {
  const id = parseId(params[name]);
  if (id === null) throw new UserError(404, notFound);
  return id;
}

/**
 * A list of ids from a query string, "1,2,3" or the parameter repeated: unique, in order.
 * Anything that is not an id, or more than `max` of them, is a UserError 400.
 */
export function parseIdList(values: readonly string[], max: number): number[] {
  const ids = new Set<number>();
  for (const value of values) {
    for (const part of value.split(",")) {
      const trimmed = part.trim();
      if (trimmed === "") continue;
      const id = parseId(trimmed);
      if (id === null) throw new UserError(400, "Invalid id list");
      ids.add(id);
    }
  }
  if (ids.size > max) throw new UserError(400, `At most ${max} ids may be excluded`);
  return [...ids];
}
