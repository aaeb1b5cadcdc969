// GET /api/feed: pages of the home feed, newest first, in the API's post shape.
//   feed     following: the reader's Following feed (the cars, people and tags they follow,
//            and their own posts; 401 for visitors); latest (the default): everyone's posts
//   tag      only the posts carrying this tag (any case; 404 when no post ever did)
//   limit    page size, default and at most 50 (the first page); later pages ask for 10
//   exclude  ids already loaded ("1,2,3" or repeated): never answered again
//   cursor   the `nextCursor` of the previous page: keyset paging, cheap at any depth
//   grams=1  only the posts Grams shows (the Grams filter, with the reader's show_all_grams_posts)
//   userId / carId   only the posts of one member / naming one car
// Answers { posts, nextCursor }.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getUser, requestStamp } from "~/models/auth.server";
import { KEPT_KEYS_HEADER } from "~/cache/data-keys";
import { parseId, parseIdList } from "~/lib/ids";
import { UserError } from "~/lib/user-error";
import type { DocumentHandle } from "~/root";
import { decodeCursor } from "~/lib/cursor";
import { isFeedChoice } from "~/lib/rules/feed-choice";
import { TAG_NOT_FOUND, findTagId } from "~/models/tag.server";
import { MAX_EXCLUDE, clampLimit, getFeedAnswer, showAllGramsPosts, type FeedOptions } from "~/models/feed.server";
import { errorResponse } from "~/lib/server/form-reply.server";
export { clientLoader } from "~/lib/client/fetcher-answer";
export { keepWhatWasRead as shouldRevalidate } from "~/lib/client/revalidation";

export const handle: DocumentHandle = { cache: "visitors" };

/** An optional id filter: undefined when absent, null when it names no record. */
function idFilter(value: string | null): number | undefined | null {
  return value === null || value === "" ? undefined : parseId(value);
}

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const options: FeedOptions = {};
  const limit = params.get("limit");
  if (limit !== null && limit !== "") {
    const value = Number(limit);
    if (!Number.isFinite(value)) return errorResponse(400, "limit must be a number");
    options.limit = clampLimit(value);
  }
  try {
    options.exclude = parseIdList(params.getAll("exclude"), MAX_EXCLUDE);
    options.cursor = decodeCursor(params.get("cursor"));
  } catch (error) {
    // Answered, not thrown: this loader answers every refusal with a returned Response.
    if (error instanceof UserError) return errorResponse(error.status, error.message);
    throw error;
  }
  const userId = idFilter(params.get("userId"));
  const carId = idFilter(params.get("carId"));
  if (userId === null || carId === null) return errorResponse(400, "Invalid id");
  if (userId !== undefined) options.createdById = userId;
  if (carId !== undefined) options.carId = carId;

  const feed = params.get("feed");
  if (feed !== null && feed !== "" && !isFeedChoice(feed)) return errorResponse(400, "feed must be following or latest");
  const tag = params.get("tag");
  if (tag !== null && tag !== "") {
    const tagId = await findTagId(tag);
    if (tagId === null) return errorResponse(404, TAG_NOT_FOUND);
    options.tagId = tagId;
  }

  const user = await getUser(request);
  options.viewerId = user?.id ?? null;
  if (feed === "following") {
    if (!user) return errorResponse(401, "Sign in to read the posts of what you follow");
    options.following = true;
  }
  if (params.get("grams") === "1" || params.get("grams") === "true") {
    options.grams = { showAll: await showAllGramsPosts(user?.id) };
  }
  // The JSON text as the model gives it: a kept answer that still holds is sent as it is. A
  // member's stamp came with their session, in the same round trip.
  const answer = await getFeedAnswer(options, () => requestStamp(request));
  const headers = new Headers(user ? { "Cache-Control": "private, no-store", Vary: "Cookie" } : { "Cache-Control": "public, max-age=10", Vary: "Cookie" });
  headers.set("Content-Type", "application/json");
  if (answer.kept) headers.set("Server-Timing", 'feed;desc="kept"');
  if (answer.keys) headers.set(KEPT_KEYS_HEADER, answer.keys.join(" "));
  return new Response(answer.body, { headers });
}
