// GET /api/users/search?id= or ?username= → { id, username, nickname } of that exact user,
// or 404. GET /api/users/search?q=[&limit=] → { users: [{ id, username,
// nickname, profileImage }] }: usernames and nicknames containing the words, exact and
// prefix matches first.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseId } from "~/lib/ids";
import { limitParam } from "~/lib/rules/search";
import { SEARCH_MAX_PER_KIND, SEARCH_PAGE_PER_KIND, findUserExact, searchUsers } from "~/models/search.server";
import { errorResponse } from "~/lib/server/form-reply.server";
import type { MemberSearchAnswer } from "~/lib/wire";
export { clientLoader } from "~/lib/client/fetcher-answer";
export { keepWhatWasRead as shouldRevalidate } from "~/lib/client/revalidation";

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const id = params.get("id");
  const username = params.get("username");
  if (id !== null || username !== null) {
    let user = null;
    if (id !== null) {
      const userId = parseId(id);
      if (userId === null) return errorResponse(400, "id must be a positive whole number");
      user = await findUserExact({ id: userId });
    } else {
      user = await findUserExact({ username });
    }
    if (!user) return errorResponse(404, "User not found");
    return Response.json(user);
  }
  const limit = limitParam(params.get("limit"), SEARCH_PAGE_PER_KIND, SEARCH_MAX_PER_KIND);
  const users = await searchUsers(params.get("q") ?? "", { limit });
  return Response.json({ users } satisfies MemberSearchAnswer);
}
