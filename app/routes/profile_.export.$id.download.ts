// GET /profile/export/{id}/download: the zip of a member's data download, for that member
// alone, while it is kept (a week). Anyone else, and a download that does not exist or is not
// ready, gets 404; one past its week gets 410 with a page saying so (its file is deleted
// then). The zip is streamed from where it is kept, never read whole.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { SITE_NAME } from "~/lib/rules/brand";
import { parseId } from "~/lib/ids";
import { UserError } from "~/lib/user-error";
import { requireUserPage } from "~/models/auth.server";
import { openDataExport } from "~/models/data-export-requests.server";
import { errorResponse } from "~/lib/server/form-reply.server";

const PAGE_STYLE = "font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5";

/** A small page for a browser, `{ error }` for anything else. */
function refusal(request: Request, status: number, title: string, text: string): Response {
  const headers = { "Cache-Control": "private, no-store" };
  if (!(request.headers.get("Accept") ?? "").includes("text/html")) return errorResponse(status, title, headers);
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · ${SITE_NAME}</title></head>
<body style="${PAGE_STYLE}">
<main>
<h1>${title}</h1>
<p>${text}</p>
<p><a href="/profile/export">Go to Download my data</a></p>
</main>
</body>
</html>
`;
  return new Response(html, { status, headers: { ...headers, "Content-Type": "text/html; charset=utf-8" } });
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserPage(request);
  const id = parseId(params.id);
  if (id === null) return refusal(request, 404, "Download not found", "There is no download at this address for your account.");
  try {
    const file = await openDataExport(user.id, id);
    const name = `${SITE_NAME.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-data-${file.createdAt.toISOString().slice(0, 10)}.zip`;
    return new Response(createReadableStreamFromReadable(file.stream), {
      status: 200,
      headers: {
        "Content-Type": "application/zip",
        "Content-Length": String(file.size),
        "Content-Disposition": `attachment; filename="${name}"`,
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    if (error.status === 410)
      return refusal(request, 410, "This download has expired", "Downloads of your data are kept for a week, then deleted. You can ask for a new one at any time.");
    return refusal(request, 404, "Download not found", "There is no download at this address for your account.");
  }
}
