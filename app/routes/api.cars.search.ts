// GET /api/cars/search?q=[&limit=] → { cars: [{ id, make, model, year, trim, nickname,
// bodystyle, owner: { id, username }, cover_image }] }. Every word of q must appear in
// the make, model, trim, nickname or year. Odd input (quotes, %, _, \, emoji, very long
// text) is searched for literally; a blank query finds nothing.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { limitParam } from "~/lib/rules/search";
import { SEARCH_MAX_PER_KIND, SEARCH_PAGE_PER_KIND, searchCars } from "~/models/search.server";
export { clientLoader } from "~/lib/client/fetcher-answer";
export { keepWhatWasRead as shouldRevalidate } from "~/lib/client/revalidation";

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const limit = limitParam(params.get("limit"), SEARCH_PAGE_PER_KIND, SEARCH_MAX_PER_KIND);
  const cars = await searchCars(params.get("q") ?? "", { limit });
  return Response.json({ cars });
}
