// GET /cards/car/{carId}.png: the car's build card (1200×630 PNG: photo, name, headline mods,
// gains), the showcase's og:image and the picture forums show with [img]. Drawn once per
// content and kept on disk (~/lib/media/build-card.server); the ETag is the content's key, so a
// client that has this card gets 304, and a changed car, mod or cover gives a new card.
// Anything that is not a car's card is a 404.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { buildSheet } from "~/lib/rules/build-sheet";
import { CARD_TYPE, cachedCard, readCardPhoto, renderBuildCard } from "~/lib/media/build-card.server";
import { getCarBuild } from "~/models/build-sheet.server";
import { errorResponse } from "~/lib/server/form-reply.server";

/** Scrapers and forums may keep a card ten minutes, then ask again with its ETag. */
const CARD_CACHE_CONTROL = "public, max-age=600";

const FILE = /^(\d{1,15})\.png$/;

function notFound() {
  return errorResponse(404, "No card for this car", { "Cache-Control": "no-store" });
}

function matches(header: string | null, etag: string): boolean {
  return Boolean(header && header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag || tag.trim() === "*"));
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const match = FILE.exec(params.file ?? "");
  const carId = match ? Number(match[1]) : NaN;
  const build = Number.isSafeInteger(carId) && carId > 0 ? await getCarBuild(carId) : null;
  if (!build) return notFound();

  const etag = `"${build.cardKey}"`;
  const headers = new Headers({
    "Content-Type": CARD_TYPE,
    "Cache-Control": CARD_CACHE_CONTROL,
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Cross-Origin-Resource-Policy": "cross-origin",
  });
  if (matches(request.headers.get("If-None-Match"), etag)) return new Response(null, { status: 304, headers });

  const { png, fromCache } = await cachedCard(build.car.id, build.cardKey, async () =>
    renderBuildCard({ car: build.car, owner: build.owner.username, mods: build.mods, sheet: buildSheet(build.mods), photo: await readCardPhoto(build.cover) }),
  );
  headers.set("Content-Length", String(png.byteLength));
  headers.set("X-Card-Cache", fromCache ? "hit" : "miss");
  return new Response(request.method === "HEAD" ? null : new Uint8Array(png), { headers });
}
