// GET /og-image/<key>.jpg: the JPEG rendition of the stored WebP picture <key>.webp, for
// link-preview scrapers that cannot read WebP (the og:image and twitter:image of shared
// pages, oEmbed thumbnails). Pictures never change under a key, so the answer is cached for
// a year as immutable. Anything that is not a stored picture is a 404.
import { createHash } from "node:crypto";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { shareJpeg } from "~/lib/media/share-image.server";
import { errorResponse } from "~/lib/server/form-reply.server";

const IMMUTABLE = "public, max-age=31536000, immutable";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const jpeg = await shareJpeg(params["*"] ?? "");
  if (!jpeg) return errorResponse(404, "Image not found", { "Cache-Control": "no-store" });
  const etag = `"${createHash("sha256").update(jpeg).digest("base64url").slice(0, 22)}"`;
  const headers = new Headers({
    "Content-Type": "image/jpeg",
    "Content-Length": String(jpeg.byteLength),
    "Cache-Control": IMMUTABLE,
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Cross-Origin-Resource-Policy": "cross-origin",
  });
  const noneMatch = request.headers.get("If-None-Match");
  if (noneMatch && noneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag || tag.trim() === "*")) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(request.method === "HEAD" ? null : new Uint8Array(jpeg), { headers });
}
