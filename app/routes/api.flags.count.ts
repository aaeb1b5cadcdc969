// GET /api/flags/count?contentType=&contentId= → { count }.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { FLAG_CONTENT_TYPES, FLAG_MESSAGES, type FlagContentType } from "~/lib/rules/flag-reasons";
import { parseId } from "~/lib/ids";
import { countFlags } from "~/models/flag.server";
import { errorResponse } from "~/lib/server/form-reply.server";
export { clientLoader } from "~/lib/client/fetcher-answer";

export async function loader({ request }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams;
  const contentType = query.get("contentType") ?? "";
  const contentId = parseId(query.get("contentId"));
  if (!(FLAG_CONTENT_TYPES as readonly string[]).includes(contentType) || contentId === null) {
    return errorResponse(400, FLAG_MESSAGES.invalid);
  }
  const count = await countFlags(contentType as FlagContentType, contentId);
  return Response.json({ count }, { headers: { "Cache-Control": "no-store" } });
}
