// GET /api/check-env (debugging only): which settings are present, never their values.
// Not found when NODE_ENV=production.
import { isProduction, settingIsSet } from "~/lib/server/env.server";
import { errorResponse } from "~/lib/server/form-reply.server";
export { clientLoader } from "~/lib/client/fetcher-answer";

export const CHECKED_SETTINGS = ["DATABASE_URL", "SESSION_SECRET", "SMTP_URL", "SOUNDCLOUD_CLIENT_ID", "GOOGLE_CLIENT_ID", "ADMIN_EMAILS"] as const;

export function loader() {
  if (isProduction()) return errorResponse(404, "Not found");
  const settings = Object.fromEntries(CHECKED_SETTINGS.map((name) => [name, settingIsSet(name)]));
  return Response.json({ settings }, { headers: { "Cache-Control": "no-store" } });
}
