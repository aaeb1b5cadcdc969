// The incoming folder (UPLOAD_TMP_DIR, default data/incoming): uploaded files are streamed
// here as they arrive and wait until their background job has stored them in the media
// store. A file is named by a random id; the database keeps that name (never a path), so
// nothing outside the folder can be named.
//
// With MEDIA_STORE=s3 no disk is shared between instances: before its job is queued, a
// received file is put in the bucket as `incoming/<name>` (and leaves the local folder); the
// job, on whichever machine it runs, downloads it to a local scratch file (fetchIncoming).
import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { settings, uploadTmpDir } from "~/lib/server/env.server";
import { deleteObjects, getObjectStream, listObjects, ObjectStoreUnavailableError, putObjectFile } from "~/lib/media/object-store.server";
import { UserError } from "~/lib/user-error";

/** Where received files wait in the bucket (MEDIA_STORE=s3). */
export const INCOMING_PREFIX = "incoming/";

/** The answer to an upload while the bucket cannot be reached (503: nothing was kept). */
export const STORE_DOWN_MESSAGE = "Uploads are unavailable for a moment: the media store cannot be reached. Try again in a few minutes.";

/** A queued file's bytes are not there (anywhere): trying again later may find them; it is not a damaged file. */
export class IncomingMissingError extends Error {
  constructor(name: string) {
    super(`The uploaded file ${name} is missing from the incoming store`);
    this.name = "IncomingMissingError";
  }
}

function sharedIncoming(): boolean {
  return settings().MEDIA_STORE === "s3";
}

const NAME_PATTERN = /^[a-f0-9]{32}\.part$/;

/** The absolute incoming folder, read at call time (tests point it elsewhere). */
export function incomingDir(): string {
  return path.resolve(process.cwd(), uploadTmpDir());
}

/** A new file name in the incoming folder, and its path (the folder is created). */
export async function newIncomingFile(): Promise<{ name: string; path: string }> {
  const dir = incomingDir();
  await mkdir(dir, { recursive: true });
  const name = `${randomBytes(16).toString("hex")}.part`;
  return { name, path: path.join(dir, name) };
}

/** The path of an incoming file by its name; null for anything that is not one of ours. */
export function incomingPath(name: string | null | undefined): string | null {
  if (!name || !NAME_PATTERN.test(name)) return null;
  return path.join(incomingDir(), name);
}

/** The name of an incoming file by its path (the inverse of incomingPath). */
export function incomingName(file: string): string | null {
  const name = path.basename(file);
  return path.dirname(path.resolve(file)) === incomingDir() && NAME_PATTERN.test(name) ? name : null;
}

/** Deletes incoming files by path or name (and their copies in the bucket); missing ones are ignored. */
export async function removeIncoming(...files: Array<string | null | undefined>): Promise<void> {
  const names: string[] = [];
  await Promise.all(
    files.map(async (file) => {
      if (!file) return;
      const target = path.isAbsolute(file) ? (incomingName(file) ? file : null) : incomingPath(file);
      if (!target) return;
      names.push(path.basename(target));
      await rm(target, { force: true });
    }),
  );
  // Best effort in the bucket: what stays (the store was down) goes with the hourly sweep.
  if (sharedIncoming() && names.length > 0) await deleteObjects(names.map((name) => INCOMING_PREFIX + name)).catch(() => undefined);
}

/**
 * MEDIA_STORE=s3: puts received files (paths in the incoming folder) in the bucket so a job
 * on any machine finds them, and deletes the local copies. All or nothing: when the bucket
 * fails, those already put are deleted again and a 503 UserError says to try later.
 * With the local disk this does nothing (the files wait where they are).
 */
export async function shareIncoming(files: string[]): Promise<void> {
  if (!sharedIncoming()) return;
  const names = files.map((file) => incomingName(file));
  if (names.some((name) => !name)) throw new Error("Not a file of the incoming folder");
  const put: string[] = [];
  try {
    for (const [index, file] of files.entries()) {
      const object = INCOMING_PREFIX + names[index]!;
      await putObjectFile(object, file);
      put.push(object);
    }
  } catch (error) {
    await deleteObjects(put).catch(() => undefined);
    if (error instanceof ObjectStoreUnavailableError) throw new UserError(503, STORE_DOWN_MESSAGE);
    throw error;
  }
  await Promise.all(files.map((file) => rm(file, { force: true })));
}

/**
 * The local file a job reads an incoming file from, and `done` to call when it is finished
 * with it. With the bucket, it is downloaded to the incoming folder first (and `done` deletes
 * that copy). Throws IncomingMissingError when the bytes are nowhere (the job tries again and
 * reports the file missing), ObjectStoreUnavailableError when the bucket is down.
 */
export async function fetchIncoming(name: string): Promise<{ path: string; done: () => Promise<void> }> {
  const file = incomingPath(name);
  if (!file) throw new IncomingMissingError(name);
  if (!sharedIncoming()) {
    try {
      await stat(file);
    } catch {
      throw new IncomingMissingError(name);
    }
    return { path: file, done: async () => undefined };
  }
  const stream = await getObjectStream(INCOMING_PREFIX + name);
  if (!stream) throw new IncomingMissingError(name);
  await mkdir(path.dirname(file), { recursive: true });
  const done = () => rm(file, { force: true });
  try {
    await pipeline(stream, createWriteStream(file));
  } catch (error) {
    await done();
    throw error instanceof ObjectStoreUnavailableError ? error : new ObjectStoreUnavailableError(`The media store could not read a file: ${String(error)}`);
  }
  return { path: file, done };
}

/**
 * Deletes incoming files older than `olderThanMs` that `isKept` does not claim (a request
 * that died mid-upload, a process killed before it cleaned up). Answers how many went.
 */
export async function sweepIncoming(olderThanMs: number, isKept: (names: string[]) => Promise<Set<string>>): Promise<number> {
  let names: string[];
  try {
    names = (await readdir(incomingDir())).filter((name) => NAME_PATTERN.test(name));
  } catch {
    names = [];
  }
  const now = Date.now();
  const old: string[] = [];
  for (const name of names) {
    try {
      const info = await stat(path.join(incomingDir(), name));
      if (now - info.mtimeMs > olderThanMs) old.push(name);
    } catch {
      // gone meanwhile
    }
  }
  if (sharedIncoming()) {
    try {
      for (const object of await listObjects(INCOMING_PREFIX)) {
        const name = object.name.slice(INCOMING_PREFIX.length);
        if (NAME_PATTERN.test(name) && now - object.mtimeMs > olderThanMs && !old.includes(name)) old.push(name);
      }
    } catch {
      // the bucket is down: the next sweep looks again
    }
  }
  if (old.length === 0) return 0;
  const kept = await isKept(old);
  const doomed = old.filter((name) => !kept.has(name));
  await removeIncoming(...doomed);
  return doomed.length;
}

/** The names of the files in the incoming folder (tests). */
export async function listIncoming(): Promise<string[]> {
  try {
    return (await readdir(incomingDir())).filter((name) => NAME_PATTERN.test(name));
  } catch {
    return [];
  }
}
