// GET /media/<key>: stored photos and videos. Files never change under a key (every upload
// gets a new random name), so they are cached for a year as immutable. Byte ranges (206)
// let video players seek. Unknown or malformed keys, traversal included, are 404.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { openMedia, statMedia } from "~/lib/media-storage.server";
import { extensionOf } from "~/lib/media-types";

const CONTENT_TYPES: Record<string, string> = {
  webp: "image/webp",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  avif: "image/avif",
  mp4: "video/mp4",
  m4v: "video/x-m4v",
  mov: "video/quicktime",
  webm: "video/webm",
};

const IMMUTABLE = "public, max-age=31536000, immutable";

function notFound() {
  return Response.json({ error: "Not found" }, { status: 404, headers: { "Cache-Control": "no-store" } });
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

export async function loader({ request, params }: LoaderFunctionArgs) {
  const key = params["*"] ?? "";
  const info = await statMedia(key);
  if (!info) return notFound();

  const ext = extensionOf(key);
  const type = CONTENT_TYPES[ext] ?? "application/octet-stream";
  const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  const headers = new Headers({
    "Content-Type": type,
    "Cache-Control": IMMUTABLE,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Cross-Origin-Resource-Policy": "cross-origin",
    "Accept-Ranges": "bytes",
    ETag: etag,
    "Last-Modified": new Date(info.mtimeMs).toUTCString(),
  });
  // Anything that is not a known image or video is a download, never rendered inline.
  if (!CONTENT_TYPES[ext]) headers.set("Content-Disposition", "attachment");

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
  return new Response(createReadableStreamFromReadable(openMedia(key, range)), { status, headers });
}
