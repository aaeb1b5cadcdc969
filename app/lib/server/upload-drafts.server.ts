// The no-JavaScript upload form's way back after a refusal: POST /api/posts keeps what was
// typed (story, cars, mods, layout, audio link) and the error under a random id for a few
// minutes, and sends the browser to /upload?draft=<id>, which fills the form in again.
// Kept as a small file in the incoming folder (UPLOAD_TMP_DIR/drafts), so that whichever of the
// server's processes (WEB_CONCURRENCY) answers the redirect finds it: a story of 5,000
// characters does not fit in a cookie. A draft is only ever shown to its author.
// With MEDIA_STORE=s3 no disk is shared between instances: drafts are objects in the bucket
// (incoming/drafts/<id>.json), so whichever instance answers the redirect finds them.
import { randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { settings } from "~/lib/server/env.server";
import { INCOMING_PREFIX, incomingDir } from "~/lib/server/incoming.server";
import { deleteObjects, getObject, listObjects, ObjectStoreUnavailableError, putObject } from "~/lib/media/object-store.server";

const DRAFTS_PREFIX = `${INCOMING_PREFIX}drafts/`;

function inBucket(): boolean {
  return settings().MEDIA_STORE === "s3";
}

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

const ID_PATTERN = /^[\w-]{22}$/;

function draftsDir(): string {
  return path.join(incomingDir(), "drafts");
}

function draftFile(id: string): string | null {
  return ID_PATTERN.test(id) ? path.join(draftsDir(), `${id}.json`) : null;
}

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

/** Deletes drafts written more than DRAFT_TTL ago, and the oldest beyond DRAFT_MAX - 1. */
async function sweep() {
  if (inBucket()) {
    const files = (await listObjects(DRAFTS_PREFIX)).sort((a, b) => a.mtimeMs - b.mtimeMs);
    const now = Date.now();
    await deleteObjects(files.filter(({ mtimeMs }, index) => now - mtimeMs > DRAFT_TTL || files.length - index >= DRAFT_MAX).map(({ name }) => name));
    return;
  }
  const dir = draftsDir();
  let files: Array<{ file: string; at: number }>;
  try {
    files = readdirSync(dir)
      .filter((name) => name.endsWith(".json"))
      .map((name) => {
        const file = path.join(dir, name);
        try {
          return { file, at: statSync(file).mtimeMs };
        } catch {
          return { file, at: 0 };
        }
      });
  } catch {
    return;
  }
  files.sort((a, b) => a.at - b.at);
  const now = Date.now();
  files.forEach(({ file, at }, index) => {
    if (now - at > DRAFT_TTL || files.length - index >= DRAFT_MAX) rmSync(file, { force: true });
  });
}

/** Keeps a draft for `userId`; returns its id. */
export async function saveDraft(userId: number, draft: UploadDraft, now = Date.now()): Promise<string> {
  await sweep();
  const id = randomBytes(16).toString("base64url");
  if (inBucket()) {
    await putObject(`${DRAFTS_PREFIX}${id}.json`, Buffer.from(JSON.stringify({ userId, at: now, draft } satisfies Entry)));
    return id;
  }
  mkdirSync(draftsDir(), { recursive: true });
  writeFileSync(draftFile(id)!, JSON.stringify({ userId, at: now, draft } satisfies Entry), { mode: 0o600 });
  return id;
}

function readEntry(file: string): Entry | null {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Entry;
  } catch {
    return null;
  }
}

/** The draft `id` of `userId` (null when unknown, expired or someone else's). */
export async function readDraft(userId: number, id: string | null | undefined, now = Date.now()): Promise<UploadDraft | null> {
  const file = id ? draftFile(id) : null;
  if (!file) return null;
  const object = `${DRAFTS_PREFIX}${id}.json`;
  const entry = inBucket() ? parseEntry(await getObject(object)) : readEntry(file);
  if (!entry || entry.userId !== userId) return null;
  if (now - entry.at > DRAFT_TTL) {
    if (inBucket()) await deleteObjects([object]);
    else rmSync(file, { force: true });
    return null;
  }
  return entry.draft;
}

function parseEntry(bytes: Buffer | null): Entry | null {
  try {
    return bytes ? (JSON.parse(bytes.toString("utf8")) as Entry) : null;
  } catch {
    return null;
  }
}

/** `/upload?draft=<id>`: where a refused plain form goes back to. */
export async function draftRedirect(userId: number, fields: Record<string, unknown>, error: string): Promise<string | null> {
  try {
    return `/upload?${DRAFT_PARAM}=${await saveDraft(userId, draftFrom(fields, error))}`;
  } catch (failure) {
    // The bucket is down: null, and the caller answers the refusal without a draft.
    if (failure instanceof ObjectStoreUnavailableError) return null;
    throw failure;
  }
}

/** Forgets every draft (tests). */
export async function clearDrafts() {
  if (inBucket()) await deleteObjects((await listObjects(DRAFTS_PREFIX)).map(({ name }) => name));
  rmSync(draftsDir(), { recursive: true, force: true });
}
