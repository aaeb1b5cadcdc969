// Multipart bodies with files, streamed: each file part goes straight into a file in the
// incoming folder as it arrives (busboy parses the stream), so an upload is never held
// whole in memory. Limits are counted while the bytes flow: a file over its cap, the files
// together over the total, too many files or too many or too long text fields stop the
// upload at once with a 413. Whatever was written is deleted on every failure; on success
// the caller owns the files (and calls `discard` when it no longer needs them).
//
// Everything that is not a kept file (text fields, part headers, file parts under names we
// do not keep) shares a small budget, counted on the raw body as it arrives: a huge text
// field or a skipped part is cut off there, not read to its end. The whole body is capped
// at the files' total plus that budget.
import { openAsBlob } from "node:fs";
import { open as openFile } from "node:fs/promises";
import { Readable, Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { assertSameOrigin, readBody, safeRedirect, type Body } from "~/lib/server/http.server";
import { UserError } from "~/lib/user-error";
import { MAX_IMAGE_BYTES, MEDIA_MESSAGES } from "~/lib/media/upload-limits.server";
import { newIncomingFile, removeIncoming } from "~/lib/server/incoming.server";

export type MultipartLimits = {
  /** Field names whose file parts are kept; file parts under other names are skipped. */
  fileFields: ReadonlySet<string>;
  maxFiles: number;
  /** Largest single file. */
  maxFileBytes: number;
  /** Largest total of all kept files. */
  maxTotalBytes: number;
  /** Largest text field. */
  maxFieldBytes?: number;
  /** Most text fields. */
  maxFields?: number;
  /** Largest total of everything that is not a kept file: text fields, part headers, skipped parts. */
  maxTextBytes?: number;
  messages: {
    tooManyFiles: string;
    /** For one file over maxFileBytes (the file's name is put in front). */
    fileTooLarge: string;
    totalTooLarge: string;
  };
};

/** A received file, on disk in the incoming folder. */
export type ReceivedFile = {
  /** Absolute path of the file in the incoming folder. */
  path: string;
  /** The name the file had on the sender's device ("" when none was sent). */
  name: string;
  field: string;
  /** The type the sender declared (never trusted; the bytes are sniffed later). */
  declaredType: string;
  bytes: number;
};

export type ReceivedForm = {
  fields: Record<string, string | string[]>;
  files: ReceivedFile[];
};

const DEFAULT_FIELD_BYTES = 64 * 1024;
const DEFAULT_FIELDS = 200;
const DEFAULT_TEXT_BYTES = 1024 * 1024;
/** Bytes the parser may hold back inside a part (a possible boundary); allowed on top of the budget. */
const PARSER_SLACK_BYTES = 64 * 1024;
const TOO_LARGE = "Request body is too large";

/** The refusal for a body whose text fields and other non-file parts pass the budget. */
function textTooLarge(maxTextBytes: number): UserError {
  const size = maxTextBytes >= 1024 * 1024 ? `${Math.floor(maxTextBytes / (1024 * 1024))} MB` : `${Math.floor(maxTextBytes / 1024)} KB`;
  return new UserError(413, `${TOO_LARGE}: its text fields and parts other than the files can be at most ${size}`);
}

/** Counts the bytes going through and stops the stream past a cap. */
class ByteCounter extends Transform {
  bytes = 0;
  constructor(private readonly check: (chunkBytes: number) => UserError | null) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.bytes += chunk.byteLength;
    const refusal = this.check(chunk.byteLength);
    if (refusal) callback(refusal);
    else callback(null, chunk);
  }
}

function addField(fields: ReceivedForm["fields"], name: string, value: string) {
  const existing = fields[name];
  if (existing === undefined) fields[name] = value;
  else if (Array.isArray(existing)) existing.push(value);
  else fields[name] = [existing, value];
}

/** A file part's name as a short, printable label (for messages and the author's list). */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  const printable = base
    .normalize("NFC")
    // eslint-disable-next-line no-control-regex -- control characters are exactly what this strips
    .replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, "")
    .trim();
  return printable.length > 120 ? `${printable.slice(0, 100)}…${printable.slice(-19)}` : printable;
}

/**
 * Reads a multipart/form-data request, streaming each kept file part to the incoming
 * folder. Throws UserError 413 (a limit, naming the file where one is to blame) or 400
 * (a malformed body); nothing written survives a throw.
 */
export async function receiveMultipart(request: Request, limits: MultipartLimits): Promise<ReceivedForm> {
  if (!request.body) throw new UserError(400, "Malformed form body");
  const maxFieldBytes = limits.maxFieldBytes ?? DEFAULT_FIELD_BYTES;
  const maxTextBytes = limits.maxTextBytes ?? DEFAULT_TEXT_BYTES;
  const fields: ReceivedForm["fields"] = {};
  const files: ReceivedFile[] = [];
  const written: string[] = [];
  const pending: Promise<void>[] = [];
  const open = new Set<Readable>();
  let total = 0;
  let failure: UserError | null = null;

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": request.headers.get("Content-Type") ?? "" },
      defParamCharset: "utf8",
      limits: {
        fieldSize: maxFieldBytes,
        fields: limits.maxFields ?? DEFAULT_FIELDS,
        // Counted here, not by busboy, so the answer can name the file.
        files: limits.maxFiles + 20,
      },
    });
  } catch {
    throw new UserError(400, "Malformed form body");
  }
  const source = Readable.fromWeb(request.body as unknown as NodeWebReadableStream<Uint8Array>);
  // Kept file parts still being written, with their counters.
  const writing = new Map<Readable, ByteCounter>();
  // Counts the raw body. Of the bytes read before this chunk, those not yet parsed (in this
  // meter's and the parser's buffers), those on their way to a kept file (in its part's and
  // counter's buffers) and those the kept files' counters have seen (`total`) are accounted
  // for: the rest are text fields, part headers and skipped parts.
  const meter = new ByteCounter((chunkBytes) => {
    if (meter.bytes > limits.maxTotalBytes + maxTextBytes) return new UserError(413, TOO_LARGE);
    let accounted = total + meter.readableLength + parser.writableLength;
    for (const [stream, counter] of writing) accounted += stream.readableLength + counter.writableLength;
    if (meter.bytes - chunkBytes - accounted > maxTextBytes + PARSER_SLACK_BYTES) return textTooLarge(maxTextBytes);
    return null;
  });

  const done = new Promise<void>((resolve, reject) => {
    const fail = (error: unknown) => {
      failure ??= error instanceof UserError ? error : new UserError(400, "Malformed form body");
      source.unpipe(meter);
      meter.unpipe(parser);
      source.destroy();
      meter.destroy();
      // File parts still being written end now, so their writers finish and can be cleaned up.
      for (const stream of open) stream.destroy(failure);
      reject(failure);
    };

    parser.on("field", (name, value, info) => {
      if (info.valueTruncated || info.nameTruncated) return fail(new UserError(413, `${TOO_LARGE}: the field ${JSON.stringify(name.slice(0, 40))} is too long`));
      addField(fields, name, value);
    });
    parser.on("fieldsLimit", () => fail(new UserError(413, TOO_LARGE)));
    parser.on("filesLimit", () => fail(new UserError(413, limits.messages.tooManyFiles)));
    parser.on("partsLimit", () => fail(new UserError(413, TOO_LARGE)));

    parser.on("file", (field, stream, info) => {
      const name = cleanFileName(info.filename);
      // No file chosen (an empty file input sends a nameless part) or a file under another name.
      if (failure || (info.filename ?? "") === "" || !limits.fileFields.has(field)) {
        stream.resume();
        return;
      }
      if (files.length >= limits.maxFiles) {
        stream.resume();
        return fail(new UserError(413, limits.messages.tooManyFiles));
      }
      const entry: ReceivedFile = { path: "", name, field, declaredType: info.mimeType ?? "", bytes: 0 };
      files.push(entry);
      open.add(stream);
      // The pipeline reports a part's errors; this keeps a late destroy from going unheard.
      stream.on("error", () => undefined);
      stream.once("close", () => open.delete(stream));
      const counter = new ByteCounter((chunkBytes) => {
        total += chunkBytes;
        if (counter.bytes > limits.maxFileBytes) return new UserError(413, `${name}: ${limits.messages.fileTooLarge}`);
        if (total > limits.maxTotalBytes) return new UserError(413, `${name}: ${limits.messages.totalTooLarge}`);
        return null;
      });
      writing.set(stream, counter);
      pending.push(
        (async () => {
          const target = await newIncomingFile();
          entry.path = target.path;
          written.push(target.path);
          // The file is opened before anything flows: a stream that opened it itself could
          // create it after a refusal had already cleaned up, when the first chunk is over a limit.
          const file = await openFile(target.path, "wx");
          await pipeline(stream, counter, file.createWriteStream());
          open.delete(stream);
          writing.delete(stream);
          entry.bytes = counter.bytes;
        })().catch((error: unknown) => {
          stream.resume();
          fail(error);
        }),
      );
    });
    parser.on("error", fail);
    parser.on("close", () => {
      Promise.all(pending).then(() => (failure ? reject(failure) : resolve()), fail);
    });
    source.on("error", fail);
    meter.on("error", fail);
    source.pipe(meter).pipe(parser);
  });

  try {
    await done;
    if (failure) throw failure;
  } catch (error) {
    // Wait for the writers to stop before deleting what they wrote.
    await Promise.allSettled(pending);
    await removeIncoming(...written);
    throw error instanceof UserError ? error : new UserError(400, "Malformed form body");
  }
  return { fields, files };
}

/** Deletes received files (after a refusal, or once they are no longer needed). */
export async function discardReceived(files: ReadonlyArray<Pick<ReceivedFile, "path">>): Promise<void> {
  await removeIncoming(...files.map((file) => file.path));
}

/**
 * A body with at most a few small files (the profile photo): multipart bodies are streamed
 * through receiveMultipart, and each kept file reaches `run` as a File read lazily from the
 * incoming folder (deleted once `run` is done); other bodies are read by readBody.
 */
export async function withUploadBody<T>(request: Request, limits: MultipartLimits, run: (body: Body) => Promise<T>): Promise<T> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.includes("multipart/form-data")) return run(await readBody(request, limits.maxTotalBytes + (limits.maxFieldBytes ?? DEFAULT_FIELD_BYTES)));
  assertSameOrigin(request);
  const length = Number(request.headers.get("Content-Length") ?? "0");
  // Refusals are thrown as UserErrors, as readBody's are.
  if (length > limits.maxTotalBytes + 1024 * 1024) throw new UserError(413, "Request body is too large");
  const form = await receiveMultipart(request, limits);
  try {
    const fields: Record<string, unknown> = { ...form.fields };
    for (const file of form.files) {
      const blob = await openAsBlob(file.path, { type: file.declaredType });
      const value = new File([blob], file.name, { type: file.declaredType });
      const existing = fields[file.field];
      fields[file.field] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
    }
    const redirectTo = typeof fields.redirectTo === "string" ? safeRedirect(fields.redirectTo) : null;
    delete fields.redirectTo;
    return await run({ fields, redirectTo });
  } finally {
    await discardReceived(form.files);
  }
}

/**
 * One photo in the form field `field`, streamed to disk as it arrives (413 past the image
 * limit); `tooMany` is what a request with more than one hears.
 */
export function onePhotoUpload(field: string, tooMany: string): MultipartLimits {
  const tooLarge = MEDIA_MESSAGES.imageTooLarge;
  return {
    fileFields: new Set([field]),
    maxFiles: 1,
    maxFileBytes: MAX_IMAGE_BYTES,
    maxTotalBytes: MAX_IMAGE_BYTES,
    messages: { tooManyFiles: tooMany, fileTooLarge: tooLarge, totalTooLarge: tooLarge },
  };
}

/** One profile photo. */
export const PROFILE_UPLOAD = onePhotoUpload("profile_image", "Send one profile photo");
