// The no-JavaScript upload form's way back after a refusal: POST /api/posts keeps what was
// typed (story, cars, mods, layout, audio link) and the error under a random id for a few
// minutes, and sends the browser to /upload?draft=<id>, which fills the form in again.
// Kept in memory (one server process; a restart only loses the typed text): a story of
// 5,000 characters does not fit in a cookie. A draft is only ever shown to its author.
import { randomBytes } from "node:crypto";

export const DRAFT_PARAM = "draft";
export const DRAFT_TTL = 10 * 60 * 1000;
export const DRAFT_MAX = 500;

export type UploadDraft = {
  error: string;
  story: string;
  carIds: number[];
  modIds: number[];
  layout: string;
  soundcloud_url: string;
};

type Entry = { userId: number; at: number; draft: UploadDraft };

const drafts = new Map<string, Entry>();

function text(value: unknown, max: number): string {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === "string" ? first.slice(0, max) : "";
}

function ids(value: unknown): number[] {
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return [
    ...new Set(
      list
        .flatMap((item) => (typeof item === "string" ? item.split(",") : []))
        .map((item) => Number(item.trim()))
        .filter((id) => Number.isSafeInteger(id) && id > 0),
    ),
  ].slice(0, 50);
}

/** The draft of a refused form from its fields (as POST /api/posts read them). */
export function draftFrom(fields: Record<string, unknown>, error: string): UploadDraft {
  return {
    error,
    story: text(fields.story, 10_000),
    carIds: ids(fields.carIds ?? fields["carIds[]"] ?? fields.car_ids ?? fields.carId),
    modIds: ids(fields.modIds ?? fields["modIds[]"] ?? fields.mod_ids),
    layout: text(fields.layout, 20),
    soundcloud_url: text(fields.soundcloud_url ?? fields.soundcloudUrl, 600),
  };
}

function sweep(now: number) {
  for (const [id, entry] of drafts) {
    if (now - entry.at > DRAFT_TTL) drafts.delete(id);
  }
  while (drafts.size >= DRAFT_MAX) drafts.delete(drafts.keys().next().value as string);
}

/** Keeps a draft for `userId`; returns its id. */
export function saveDraft(userId: number, draft: UploadDraft, now = Date.now()): string {
  sweep(now);
  const id = randomBytes(16).toString("base64url");
  drafts.set(id, { userId, at: now, draft });
  return id;
}

/** The draft `id` of `userId` (null when unknown, expired or someone else's). */
export function readDraft(userId: number, id: string | null | undefined, now = Date.now()): UploadDraft | null {
  if (!id) return null;
  const entry = drafts.get(id);
  if (!entry || entry.userId !== userId) return null;
  if (now - entry.at > DRAFT_TTL) {
    drafts.delete(id);
    return null;
  }
  return entry.draft;
}

/** `/upload?draft=<id>`: where a refused plain form goes back to. */
export function draftRedirect(userId: number, fields: Record<string, unknown>, error: string): string {
  return `/upload?${DRAFT_PARAM}=${saveDraft(userId, draftFrom(fields, error))}`;
}

/** Forgets every draft (tests). */
export function clearDrafts() {
  drafts.clear();
}
