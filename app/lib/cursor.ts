// Keyset cursors. A list read newest first by (createdAt, id) goes on from the last row a page
// showed: the next page holds the rows older than it, so rows written meanwhile never shift a
// page. The cursor is `<createdAt ISO>_<id>`, readable and safe in a query string once encoded.
import { parseId } from "~/lib/ids";
import { UserError } from "~/lib/user-error";

export type Cursor = { createdAt: Date; id: number };

/** The cursor that goes on after `row` (its createdAt as a Date or as ISO text). */
export function encodeCursor(row: { createdAt: Date | string; id: number }): string {
  const createdAt = typeof row.createdAt === "string" ? row.createdAt : row.createdAt.toISOString();
  return `${createdAt}_${row.id}`;
}

/** The cursor in a query string; null when absent; throws a UserError 400 when malformed. */
export function decodeCursor(value: string | null | undefined): Cursor | null {
  if (value === null || value === undefined || value === "") return null;
  const cut = value.lastIndexOf("_");
  const createdAt = new Date(value.slice(0, cut));
  const id = parseId(value.slice(cut + 1));
  if (cut <= 0 || Number.isNaN(createdAt.getTime()) || id === null) {
    throw new UserError(400, "Invalid cursor");
  }
  return { createdAt, id };
}

/** A page's cursor: a malformed one (a broken link) is null, so the page shows the newest rows. */
export function readCursor(value: string | null | undefined): Cursor | null {
  try {
    return decodeCursor(value);
  } catch {
    return null;
  }
}
