// The media store: uploaded bytes live under generated random names in MEDIA_DIR
// (default `data/media`, outside app/), sharded into two levels of subfolders.
// A storage key is the file's path inside the store ("ab/cd/abcd….webp"); its public
// URL is `/media/<key>` (see mediaUrl in ~/lib/media/media-types).
//
// The interface is deliberately small (put, stat, read, open a byte range, delete), with two
// places behind it: the local disk (MEDIA_STORE=local, the default) and a bucket
// (MEDIA_STORE=s3, ~/lib/media/object-store.server), where every file has the same name as an
// object. ffmpeg and sharp always work on local scratch files; their results are put here.
import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { copyFile, mkdir, open, readFile, rename, rm, stat, writeFile, type FileHandle } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { settings } from "~/lib/server/env.server";
import { localMediaUrl } from "~/lib/media/media-types";
import {
  countMediaStoreFailure,
  deleteObjects,
  getObject,
  getObjectStream,
  headObject,
  putObject,
  putObjectFile,
  putObjectStream,
} from "~/lib/media/object-store.server";

/** Whether media live in a bucket (MEDIA_STORE=s3) rather than under MEDIA_DIR. */
export function usesObjectStore(): boolean {
  return settings().MEDIA_STORE === "s3";
}

/** The absolute directory of the store, read at call time (tests point it elsewhere). */
export function mediaDir(): string {
  return path.resolve(process.cwd(), settings().MEDIA_DIR);
}

// Keys are lower-case segments of letters, digits, '-' and '_', with one extension on the
// last segment: no dots elsewhere, so no '..', no hidden files, no absolute paths.
const KEY_PATTERN = /^(?:[a-z0-9_-]{1,64}\/){0,4}[a-z0-9_-]{1,96}\.[a-z0-9]{1,8}$/;

export function isValidKey(key: unknown): key is string {
  return typeof key === "string" && key.length <= 256 && KEY_PATTERN.test(key);
}

/** The file of a key, or null when the key is malformed or would leave the store. */
export function resolveKey(key: string): string | null {
  if (!isValidKey(key)) return null;
  const root = mediaDir();
  const file = path.resolve(root, key);
  return file.startsWith(root + path.sep) ? file : null;
}

function fileOf(key: string): string {
  const file = resolveKey(key);
  if (!file) throw new Error(`Invalid media key: ${JSON.stringify(key)}`);
  return file;
}

/**
 * A new random key: 128 random bits in hex, sharded by its first two bytes,
 * e.g. `3f/a2/3fa2…c1.webp`. An optional prefix groups kinds ("avatars/…").
 */
export function newKey(extension: string, prefix?: string): string {
  const id = randomBytes(16).toString("hex");
  const ext = extension.replace(/^\./, "").toLowerCase();
  const key = `${prefix ? `${prefix}/` : ""}${id.slice(0, 2)}/${id.slice(2, 4)}/${id}.${ext}`;
  if (!isValidKey(key)) throw new Error(`Invalid media key: ${JSON.stringify(key)}`);
  return key;
}

export type StoredFile = { key: string; url: string; bytes: number };

/** Writes bytes under a key (atomically: a temporary file renamed into place). */
export async function putMedia(key: string, bytes: Uint8Array): Promise<StoredFile> {
  const file = fileOf(key);
  if (usesObjectStore()) {
    await putObject(key, bytes);
    return { key, url: localMediaUrl(key), bytes: bytes.byteLength };
  }
  try {
    await writeAtomically(file, bytes);
  } catch (error) {
    countMediaStoreFailure("disk", "store a file");
    throw error;
  }
  return { key, url: localMediaUrl(key), bytes: bytes.byteLength };
}

/** Writes `file` whole or not at all: a temporary file beside it, renamed into place. */
async function writeAtomically(file: string, bytes: Uint8Array): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    await writeFile(temporary, bytes, { flag: "wx" });
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** Stores bytes under a new random key with this extension. */
export async function storeMedia(bytes: Uint8Array, extension: string, prefix?: string): Promise<StoredFile> {
  return putMedia(newKey(extension, prefix), bytes);
}

export type MediaStat = { size: number; mtimeMs: number };

/** Size and modification time of a stored file; null when the key is unknown or invalid. */
export async function statMedia(key: string): Promise<MediaStat | null> {
  const file = resolveKey(key);
  if (!file) return null;
  if (usesObjectStore()) {
    const info = await headObject(key);
    return info ? { size: info.size, mtimeMs: info.mtimeMs } : null;
  }
  try {
    const info = await stat(file);
    return info.isFile() ? { size: info.size, mtimeMs: info.mtimeMs } : null;
  } catch {
    return null;
  }
}

/** The whole file; null when unknown or invalid. */
export async function readMedia(key: string): Promise<Buffer | null> {
  const file = resolveKey(key);
  if (!file) return null;
  if (usesObjectStore()) return getObject(key);
  try {
    return await readFile(file);
  } catch {
    return null;
  }
}

/** The first `length` bytes of a stored file (fewer when it is shorter); null when unknown. */
export async function readMediaHead(key: string, length = 32): Promise<Buffer | null> {
  const file = resolveKey(key);
  if (!file) return null;
  if (usesObjectStore()) {
    const info = await headObject(key);
    if (!info) return null;
    return info.size === 0 ? Buffer.alloc(0) : getObject(key, { start: 0, end: Math.min(length, info.size) - 1 });
  }
  let handle: FileHandle | undefined;
  try {
    handle = await open(file, "r");
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } catch {
    return null;
  } finally {
    await handle?.close();
  }
}

/** A stream of the file, or of the inclusive byte range start..end (in a bucket: a ranged GetObject). */
export async function openMedia(key: string, range?: { start: number; end: number }): Promise<Readable> {
  const file = fileOf(key);
  if (usesObjectStore()) {
    const stream = await getObjectStream(key, range);
    if (!stream) throw new Error(`Media file is gone: ${key}`);
    return stream;
  }
  return createReadStream(file, range ? { start: range.start, end: range.end } : undefined);
}

/** Deletes stored files, and the renditions made of them; unknown keys are ignored. */
export async function deleteMedia(...keys: Array<string | null | undefined>): Promise<void> {
  if (usesObjectStore()) {
    const valid = keys.filter((key): key is string => isValidKey(key));
    await deleteObjects(valid.flatMap((key) => [key, ...RENDITION_EXTENSIONS.map((extension) => renditionName(key, extension))]));
    return;
  }
  await Promise.all(
    keys.map(async (key) => {
      if (!key) return;
      const file = resolveKey(key);
      if (!file) return;
      await rm(file, { force: true });
      await Promise.all(RENDITION_EXTENSIONS.map((extension) => rm(renditionFileOf(key, extension)!, { force: true })));
    }),
  );
}

// ------------------------------------------------------------------ renditions
// Another format of a stored file (the JPEG of a WebP photo, for link-preview scrapers) is
// kept beside the store in `.renditions/`, under the file's key with the other extension.
// It is never a key itself (keys cannot start with a dot), so /media/ never serves it, and
// it goes when its file is deleted.

const RENDITIONS_DIR = ".renditions";
export const RENDITION_EXTENSIONS = ["jpg"] as const;

/** The name (inside the store) of a rendition of a valid `key`. */
function renditionName(key: string, extension: (typeof RENDITION_EXTENSIONS)[number]): string {
  return `${RENDITIONS_DIR}/${key.slice(0, key.lastIndexOf("."))}.${extension}`;
}

/** The file a rendition of `key` in `extension` is kept in; null for an invalid key. */
export function renditionFileOf(key: string, extension: (typeof RENDITION_EXTENSIONS)[number]): string | null {
  if (!isValidKey(key)) return null;
  return path.join(mediaDir(), renditionName(key, extension));
}

/** A kept rendition's bytes; null when none was made yet. */
export async function readRendition(key: string, extension: (typeof RENDITION_EXTENSIONS)[number]): Promise<Buffer | null> {
  const file = renditionFileOf(key, extension);
  if (!file) return null;
  if (usesObjectStore()) return getObject(renditionName(key, extension));
  try {
    return await readFile(file);
  } catch {
    return null;
  }
}

/** Keeps a rendition (atomically: a temporary file renamed into place). */
export async function putRendition(key: string, extension: (typeof RENDITION_EXTENSIONS)[number], bytes: Uint8Array): Promise<void> {
  const file = renditionFileOf(key, extension);
  if (!file) throw new Error(`Invalid media key: ${JSON.stringify(key)}`);
  if (usesObjectStore()) return putObject(renditionName(key, extension), bytes);
  await writeAtomically(file, bytes);
}

/**
 * Moves a finished file (written by ffmpeg, say) into the store under `key`. The source
 * should be on the same disk as the store (see scratchFileFor); across disks it is copied.
 */
export async function putMediaFile(key: string, source: string): Promise<StoredFile> {
  const file = fileOf(key);
  if (usesObjectStore()) {
    try {
      const bytes = await putObjectFile(key, source);
      return { key, url: localMediaUrl(key), bytes };
    } finally {
      await rm(source, { force: true });
    }
  }
  await mkdir(path.dirname(file), { recursive: true });
  try {
    await rename(source, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
    const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      await copyFile(source, temporary);
      await rename(temporary, file);
    } finally {
      await rm(temporary, { force: true });
      await rm(source, { force: true });
    }
  }
  const { size } = await stat(file);
  return { key, url: localMediaUrl(key), bytes: size };
}

/** A fresh scratch file name inside the store's own `.scratch` folder (never served: keys cannot start with a dot). */
export async function scratchFileFor(extension: string): Promise<string> {
  const folder = path.join(mediaDir(), ".scratch");
  await mkdir(folder, { recursive: true });
  return path.join(folder, `${randomBytes(12).toString("hex")}.${extension.replace(/^\./, "")}`);
}

// ------------------------------------------------------------------ private files
// Files for one member's eyes only (their data downloads) are kept beside the store in
// `.private/`, on the same disk or in the same bucket as the media. Their names start with a
// dot, so they are never keys and /media never serves them: only the route that checks who
// asks hands them out.

const PRIVATE_DIR = ".private";
// A private file's name inside `.private/`: a folder and a file, e.g. "exports/3fa2….zip".
const PRIVATE_NAME = /^[a-z0-9_-]{1,32}\/[a-z0-9_-]{1,96}\.[a-z0-9]{1,8}$/;

function privateName(name: string): string {
  if (!PRIVATE_NAME.test(name)) throw new Error(`Invalid private file name: ${JSON.stringify(name)}`);
  return `${PRIVATE_DIR}/${name}`;
}

/** A new random private file name in `folder` with this extension ("exports/3fa2….zip"). */
export function newPrivateName(folder: string, extension: string): string {
  const name = `${folder}/${randomBytes(16).toString("hex")}.${extension.replace(/^\./, "").toLowerCase()}`;
  privateName(name);
  return name;
}

/**
 * Writes a stream to a private file as it comes, never holding it whole: on disk a temporary
 * file renamed into place, in a bucket a multipart upload. Either the file appears complete
 * or not at all.
 */
export async function writePrivateFile(name: string, source: Readable, contentType: string): Promise<void> {
  const stored = privateName(name);
  if (usesObjectStore()) {
    await putObjectStream(stored, source, { ContentType: contentType, CacheControl: "private, no-store", ContentDisposition: "attachment" });
    return;
  }
  const file = path.join(mediaDir(), stored);
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    await pipeline(source, createWriteStream(temporary, { flags: "wx" }));
    await rename(temporary, file);
  } catch (error) {
    source.destroy();
    await rm(temporary, { force: true });
    throw error;
  }
}

/** A stream of a private file and its size; null when it is not there. */
export async function openPrivateFile(name: string): Promise<{ stream: Readable; size: number } | null> {
  const stored = privateName(name);
  if (usesObjectStore()) {
    const info = await headObject(stored);
    if (!info) return null;
    const stream = await getObjectStream(stored);
    return stream ? { stream, size: info.size } : null;
  }
  const file = path.join(mediaDir(), stored);
  try {
    const info = await stat(file);
    if (!info.isFile()) return null;
    return { stream: createReadStream(file), size: info.size };
  } catch {
    return null;
  }
}

/** Deletes a private file; one that is not there is ignored. */
export async function deletePrivateFile(name: string): Promise<void> {
  const stored = privateName(name);
  if (usesObjectStore()) return deleteObjects([stored]);
  await rm(path.join(mediaDir(), stored), { force: true });
}
