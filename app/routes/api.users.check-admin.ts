import type { LoaderFunctionArgs } from "@remix-run/node";
import { errorResponse } from "~/lib/http.server";
import { isAdminById } from "~/models/user.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const userId = Number(new URL(request.url).searchParams.get("userId"));
  if (!Number.isSafeInteger(userId) || userId <= 0) return errorResponse(400, "userId must be a positive whole number");
  return Response.json({ isAdmin: await isAdminById(userId) });
}
