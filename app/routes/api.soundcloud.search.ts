// GET /api/soundcloud/search?q=: { collection: [MusicTrack] }. Placeholder
// results, flagged `placeholder: true`, when SoundCloud is not configured or fails.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { searchTracks } from "~/lib/server/soundcloud.server";
export { clientLoader } from "~/lib/client/fetcher-answer";

export async function loader({ request }: LoaderFunctionArgs) {
  const q = new URL(request.url).searchParams.get("q") ?? "";
  const result = await searchTracks(q);
  return Response.json(result, { headers: { "Cache-Control": "private, max-age=60" } });
}
