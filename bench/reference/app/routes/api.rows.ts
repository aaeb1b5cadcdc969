// GET /api/rows: the same 50 rows as JSON.
import { newestRows } from "../db.server";

export async function loader() {
  return Response.json({ rows: await newestRows() });
}
