// GET /api/parts/search?q=[&limit=] → { parts: [{ id, name, category, href, cars }] }: parts
// whose manufacturer, model name or category contain every word of q (in the spelling typed
// or normalised: "ohlins" finds "Öhlins"), most-run first. A blank query finds nothing.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { limitParam } from "~/lib/rules/search";
import { SEARCH_MAX_PER_KIND, SEARCH_PAGE_PER_KIND, searchParts } from "~/models/search.server";
export { clientLoader } from "~/lib/client/fetcher-answer";
export { keepWhatWasRead as shouldRevalidate } from "~/lib/client/revalidation";

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const limit = limitParam(params.get("limit"), SEARCH_PAGE_PER_KIND, SEARCH_MAX_PER_KIND);
  const parts = await searchParts(params.get("q") ?? "", { limit });
  return Response.json({ parts });
}
