// The bucket behind the media store when MEDIA_STORE=s3 (AWS S3 or an S3-compatible store:
// S3_BUCKET, S3_REGION, S3_ENDPOINT, S3_FORCE_PATH_STYLE, S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY).
// Objects are named exactly like the local store's files ("ab/cd/abcd….webp",
// ".renditions/…", "incoming/…"). Only ~/lib/media/media-storage.server and the migration script
// use this file.
//
// A store that cannot be reached or refuses answers ObjectStoreUnavailableError (the upload
// route answers 503, a job retries); an object that is not there answers null.
import { createReadStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import type { Readable } from "node:stream";
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { objectStoreSettings, type ObjectStoreSettings } from "../server/env.server";
import { STORED_CONTENT_TYPES } from "./media-types";

/** The media store cannot be reached or refused a request (not: an object is missing). */
export class ObjectStoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ObjectStoreUnavailableError";
  }
}

// Headers kept with each object, for a CDN or the bucket's public address serving it directly
// (MEDIA_PUBLIC_URL): the type by extension, cached for a year (a name never changes its
// bytes), and anything that is not a known image or video as a download.
function objectHeaders(name: string): { ContentType: string; CacheControl?: string; ContentDisposition?: string } {
  const extension = name.slice(name.lastIndexOf(".") + 1).toLowerCase();
  const type = STORED_CONTENT_TYPES[extension];
  if (name.startsWith("incoming/")) return { ContentType: "application/octet-stream" };
  return type
    ? { ContentType: type, CacheControl: "public, max-age=31536000, immutable" }
    : { ContentType: "application/octet-stream", CacheControl: "public, max-age=31536000, immutable", ContentDisposition: "attachment" };
}

/** Files at least this large go up in parts (lib-storage's multipart upload). */
const MULTIPART_FROM = 16 * 1024 * 1024;
/** How long one request to the store may take before it counts as down. */
const REQUEST_TIMEOUT_MS = 30_000;

let cached: { key: string; client: S3Client; config: ObjectStoreSettings } | undefined;

/** The client for the configured bucket (made again when the settings change, as in tests). */
function store(): { client: S3Client; bucket: string } {
  const config = objectStoreSettings();
  if (!config) throw new Error("MEDIA_STORE is not s3");
  const key = JSON.stringify(config);
  if (!cached || cached.key !== key) {
    cached?.client.destroy();
    const client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: config.credentials,
      // Checksums only where S3 requires them: many S3-compatible stores refuse the newer trailers.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      maxAttempts: 2,
      requestHandler: { connectionTimeout: 5_000, requestTimeout: REQUEST_TIMEOUT_MS },
    });
    cached = { key, client, config };
  }
  return { client: cached.client, bucket: cached.config.bucket };
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
}

function isMissing(error: unknown): boolean {
  const name = (error as { name?: string })?.name;
  return name === "NoSuchKey" || name === "NotFound" || (statusOf(error) === 404 && name !== "NoSuchBucket");
}

/** Failed calls to the bucket since the process started, by what was being done. */
const failures = new Map<string, number>();

/** The media store's failures so far (the bucket's, and the disk's writes), by store and action. */
export function mediaStoreFailures(): { store: string; action: string; count: number }[] {
  return [...failures].map(([key, count]) => {
    const [store, action] = key.split("\t");
    return { store, action, count };
  });
}

/** Counts a failure of the media store (the metrics report them). */
export function countMediaStoreFailure(store: "s3" | "disk", action: string): void {
  const key = `${store}\t${action}`;
  failures.set(key, (failures.get(key) ?? 0) + 1);
}

function unavailable(action: string, error: unknown): ObjectStoreUnavailableError {
  countMediaStoreFailure("s3", action);
  const status = statusOf(error);
  const reason = error instanceof S3ServiceException ? `${error.name}${status ? ` (${status})` : ""}` : error instanceof Error ? error.message : String(error);
  return new ObjectStoreUnavailableError(`The media store could not ${action}: ${reason}`, { cause: error });
}

async function attempt<T>(action: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw unavailable(action, error);
  }
}

/** Writes an object whole: it appears complete or not at all. */
export async function putObject(name: string, bytes: Uint8Array): Promise<void> {
  const { client, bucket } = store();
  await attempt("store a file", () => client.send(new PutObjectCommand({ Bucket: bucket, Key: name, Body: bytes, ...objectHeaders(name) })));
}

/** Uploads a local file (in parts when large); the object appears only once every part is in. */
export async function putObjectFile(name: string, file: string): Promise<number> {
  const { client, bucket } = store();
  const { size } = await stat(file);
  if (size < MULTIPART_FROM) {
    await putObject(name, await readFile(file));
    return size;
  }
  await attempt("store a file", async () => {
    const upload = new Upload({
      client,
      params: { Bucket: bucket, Key: name, Body: createReadStream(file), ...objectHeaders(name) },
      partSize: 8 * 1024 * 1024,
      queueSize: 2,
      // A failed multipart upload is aborted, so no half-written object or orphaned parts stay.
      leavePartsOnError: false,
    });
    await upload.done();
  });
  return size;
}

/**
 * Uploads a stream of unknown length in parts, read as it comes (at most a few parts held at
 * once), with the headers given; the object appears only once every part is in.
 */
export async function putObjectStream(name: string, body: Readable, headers: { ContentType: string; CacheControl?: string; ContentDisposition?: string }): Promise<void> {
  const { client, bucket } = store();
  await attempt("store a file", async () => {
    const upload = new Upload({
      client,
      params: { Bucket: bucket, Key: name, Body: body, ...headers },
      partSize: 8 * 1024 * 1024,
      queueSize: 2,
      leavePartsOnError: false,
    });
    await upload.done();
  });
}

export type ObjectInfo = { size: number; mtimeMs: number; etag: string | null };

/** Size, time and ETag of an object; null when there is none. */
export async function headObject(name: string): Promise<ObjectInfo | null> {
  const { client, bucket } = store();
  try {
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: name }));
    return { size: head.ContentLength ?? 0, mtimeMs: head.LastModified?.getTime() ?? 0, etag: head.ETag ?? null };
  } catch (error) {
    if (isMissing(error)) return null;
    throw unavailable("read a file", error);
  }
}

/** A stream of the object, or of the inclusive byte range start..end; null when there is none. */
export async function getObjectStream(name: string, range?: { start: number; end: number }): Promise<Readable | null> {
  const { client, bucket } = store();
  try {
    const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: name, Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
    return answer.Body as Readable;
  } catch (error) {
    if (isMissing(error)) return null;
    throw unavailable("read a file", error);
  }
}

/** The whole object (or a range of it); null when there is none. */
export async function getObject(name: string, range?: { start: number; end: number }): Promise<Buffer | null> {
  const stream = await getObjectStream(name, range);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  } catch (error) {
    throw unavailable("read a file", error);
  }
  return Buffer.concat(chunks);
}

/** The objects whose names start with `prefix` (every page of the listing). */
export async function listObjects(prefix: string): Promise<Array<{ name: string; size: number; mtimeMs: number; etag: string | null }>> {
  const { client, bucket } = store();
  const found: Array<{ name: string; size: number; mtimeMs: number; etag: string | null }> = [];
  let token: string | undefined;
  do {
    const page = await attempt("list files", () => client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token })));
    for (const object of page.Contents ?? []) {
      if (object.Key) found.push({ name: object.Key, size: object.Size ?? 0, mtimeMs: object.LastModified?.getTime() ?? 0, etag: object.ETag ?? null });
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return found;
}

/** Deletes objects; names that are not there are ignored. */
export async function deleteObjects(names: string[]): Promise<void> {
  if (names.length === 0) return;
  const { client, bucket } = store();
  for (let from = 0; from < names.length; from += 1000) {
    const batch = names.slice(from, from + 1000);
    const answer = await attempt("delete files", () =>
      client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } })),
    );
    const failed = (answer.Errors ?? []).filter((error) => error.Code !== "NoSuchKey");
    if (failed.length) throw new ObjectStoreUnavailableError(`The media store could not delete ${failed.length} file(s): ${failed[0].Code ?? "error"}`);
  }
}

/**
 * Checks that the bucket is there and these credentials may use it; throws an Error naming
 * the setting to fix. Run when the server starts with MEDIA_STORE=s3.
 */
export async function checkObjectStore(): Promise<void> {
  const { client, bucket } = store();
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch (error) {
    const status = statusOf(error);
    const name = (error as { name?: string })?.name;
    if (status === 404 || name === "NoSuchBucket" || name === "NotFound") {
      throw new Error(`S3_BUCKET=${JSON.stringify(bucket)} does not exist in the media store: create it or correct S3_BUCKET (and S3_REGION, S3_ENDPOINT).`);
    }
    if (status === 403 || status === 401 || name === "InvalidAccessKeyId" || name === "SignatureDoesNotMatch" || name === "Forbidden") {
      throw new Error(
        `The media store refused S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY for S3_BUCKET=${JSON.stringify(bucket)}: check the credentials and their permissions.`,
      );
    }
    throw new Error(
      `The media store at ${cached?.config.endpoint ?? "AWS S3"} cannot be reached (check S3_ENDPOINT and S3_REGION): ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
