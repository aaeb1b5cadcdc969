// GET /media/<key>: stored photos and videos. Files never change under a key (every upload
// gets a new random name), so they are cached for a year as immutable. Byte ranges (206)
// let video players seek. Unknown or malformed keys, traversal included, are 404.
// Stored files are treated as hostile: only known image and video types are served inline,
// an image only when its first bytes prove its type, never SVG or HTML; everything goes out
// with nosniff and a sandboxing CSP, so even a file that slipped through cannot run script.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { openMedia, readMediaHead, statMedia } from "~/lib/media/media-storage.server";
import { extensionOf, imageTypeOfBytes, STORED_CONTENT_TYPES } from "~/lib/media/media-types";
import { ObjectStoreUnavailableError } from "~/lib/media/object-store.server";
import { errorResponse } from "~/lib/server/form-reply.server";

const IMMUTABLE = "public, max-age=31536000, immutable";

/** Answers on stored media: no sniffing, no scripts, no plugins, no frames, a unique origin. */
export const MEDIA_CSP = "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox";

// Whether a key's bytes agree with its image extension. Files never change under a key, so
// the answer is kept (a bounded map: oldest entries go first).
const verdicts = new Map<string, boolean>();
const MAX_VERDICTS = 10_000;

async function bytesMatchName(key: string, type: string): Promise<boolean> {
  if (!type.startsWith("image/")) return true; // videos: served as video/*, never rendered as a page
  const known = verdicts.get(key);
  if (known !== undefined) return known;
  const head = await readMediaHead(key, 32);
  const found = head ? imageTypeOfBytes(head) : null;
  const ok = found !== null && found === type;
  if (verdicts.size >= MAX_VERDICTS) verdicts.delete(verdicts.keys().next().value as string);
  verdicts.set(key, ok);
  return ok;
}

function notFound() {
  return errorResponse(404, "Not found", { "Cache-Control": "no-store" });
}

type Range = { start: number; end: number };

/** One `bytes=` range of a file of `size` bytes; "invalid" to ignore the header, null when unsatisfiable. */
function parseRange(header: string, size: number): Range | null | "invalid" {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return "invalid"; // several ranges or another unit: send the whole file
  const [, first, last] = match;
  if (first === "" && last === "") return "invalid";
  let start: number;
  let end: number;
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0) return null;
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(first);
    end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
    if (last !== "" && Number(last) < start) return "invalid";
  }
  if (start >= size || size === 0) return null;
  return { start, end };
}

export async function loader(args: LoaderFunctionArgs) {
  try {
    return await serve(args);
  } catch (error) {
    // The bucket (MEDIA_STORE=s3) is down or refusing: a short answer the browser may retry.
    if (!(error instanceof ObjectStoreUnavailableError)) throw error;
    return errorResponse(503, "Media are unavailable for a moment. Try again shortly.", { "Cache-Control": "no-store", "Retry-After": "5" });
  }
}

async function serve({ request, params }: LoaderFunctionArgs) {
  const key = params["*"] ?? "";
  const info = await statMedia(key);
  if (!info) return notFound();

  const ext = extensionOf(key);
  const named = STORED_CONTENT_TYPES[ext];
  // Inline only for a known type whose bytes agree; anything else is a download.
  const inline = named !== undefined && (await bytesMatchName(key, named));
  const type = inline ? named : "application/octet-stream";
  const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  const headers = new Headers({
    "Content-Type": type,
    "Cache-Control": IMMUTABLE,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": MEDIA_CSP,
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Resource-Policy": "cross-origin",
    "Accept-Ranges": "bytes",
    ETag: etag,
    "Last-Modified": new Date(info.mtimeMs).toUTCString(),
  });
  // Anything that is not a known image or video is a download, never rendered inline.
  headers.set("Content-Disposition", inline ? "inline" : "attachment");

  const noneMatch = request.headers.get("If-None-Match");
  if (noneMatch && noneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag || tag.trim() === "*")) {
    return new Response(null, { status: 304, headers });
  }

  let range: Range | undefined;
  const rangeHeader = request.headers.get("Range");
  const ifRange = request.headers.get("If-Range");
  if (rangeHeader && (!ifRange || ifRange === etag)) {
    const parsed = parseRange(rangeHeader, info.size);
    if (parsed === null) {
      headers.set("Content-Range", `bytes */${info.size}`);
      headers.delete("Content-Type");
      return new Response(null, { status: 416, headers });
    }
    if (parsed !== "invalid") range = parsed;
  }

  const length = range ? range.end - range.start + 1 : info.size;
  headers.set("Content-Length", String(length));
  if (range) headers.set("Content-Range", `bytes ${range.start}-${range.end}/${info.size}`);
  const status = range ? 206 : 200;
  if (request.method === "HEAD" || length === 0) return new Response(null, { status, headers });
  return new Response(createReadableStreamFromReadable(await openMedia(key, range)), { status, headers });
}
