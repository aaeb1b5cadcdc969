// GET /version.json → { versions: [{ date, changes[], buildNumber }] }, newest first.
import { VERSIONS } from "~/lib/rules/changelog";

export function loader() {
  return Response.json({ versions: VERSIONS }, { headers: { "Cache-Control": "public, max-age=300" } });
}
