// GET /api/makers?kind=manufacturer|vendor|installer&q= → { names: [...] }: the mod form's
// type-ahead. Up to 10 names of that kind whose normalised key contains q's ("ohl" finds
// "Öhlins"), those that start with it first. A blank q finds nothing.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { normaliseQuery } from "~/lib/rules/search";
import { MAKER_TEXT, isMakerKind, suggestNames } from "~/models/maker.server";
import { errorResponse } from "~/lib/server/form-reply.server";
export { clientLoader } from "~/lib/client/fetcher-answer";
export { keepWhatWasRead as shouldRevalidate } from "~/lib/client/revalidation";

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const kind = params.get("kind") ?? "";
  if (!isMakerKind(kind)) return errorResponse(400, MAKER_TEXT.kind);
  const names = await suggestNames(kind, normaliseQuery(params.get("q") ?? ""));
  return Response.json({ names });
}
