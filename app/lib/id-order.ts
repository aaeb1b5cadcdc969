// Rows fetched with `id IN (...)` come back in the database's order. Pages that first pick
// their ids in order (newest first, through an index) put the rows back in that order here.

/** `rows` in the order of `ids`; ids without a row are left out, so are rows not asked for. */
export function inIdOrder<T extends { id: number }>(ids: readonly number[], rows: readonly T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
