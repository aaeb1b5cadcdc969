// HEIC/HEIF photos (iPhones write them, often as a grid of tiles). sharp's prebuilt libvips
// cannot decode HEVC, so libheif compiled to WebAssembly (the `heic-decode` package, from
// the npm registry) decodes the primary image to RGBA pixels, which the photo pipeline then
// treats like any other photo. libheif applies the file's own rotation and mirroring while
// decoding, so the pixels come out upright.
//
// Decoding is synchronous WebAssembly work that takes a second or more for a phone photo:
// it runs in a worker thread so the server keeps answering meanwhile.
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

export type HeicPixels = { width: number; height: number; data: Buffer };

/** Why a HEIC could not be decoded: damaged (400), or a size beyond the pixel limit (413). */
export class HeicError extends Error {
  constructor(
    readonly reason: "damaged" | "too-many-pixels" | "too-large",
    message: string,
  ) {
    super(message);
  }
}

// The worker's code: it loads libheif once and then decodes one file per message. For each it
// reads the image size first (no decoding), refuses what is over the limits, then decodes.
// It answers { id, width, height, data } or { id, error, reason }.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const decode = require(workerData.modulePath);
parentPort.on("message", async ({ id, bytes, maxSide, maxPixels }) => {
  try {
    const images = await decode.all({ buffer: bytes });
    try {
      const image = images[0];
      if (!image) throw Object.assign(new Error("no image"), { reason: "damaged" });
      if (image.width > maxSide || image.height > maxSide) throw Object.assign(new Error("too large"), { reason: "too-large" });
      if (image.width * image.height > maxPixels) throw Object.assign(new Error("too many pixels"), { reason: "too-many-pixels" });
      const { width, height, data } = await image.decode();
      parentPort.postMessage({ id, width, height, data }, [data.buffer]);
    } finally {
      images.dispose();
    }
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error), reason: (error && error.reason) || "damaged" });
  }
});
`;

type Answer = { id: number; width: number; height: number; data: Uint8ClampedArray } | { id: number; error: string; reason: HeicError["reason"] };
type Pending = { resolve: (answer: Answer) => void; reject: (error: Error) => void };

/** One worker, started on first use and stopped after a quiet minute. */
const IDLE_MS = 60_000;
let worker: Worker | null = null;
let idleTimer: NodeJS.Timeout | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

function failAll(error: Error) {
  for (const waiting of pending.values()) waiting.reject(error);
  pending.clear();
}

function getWorker(): Worker {
  if (worker) return worker;
  const modulePath = createRequire(import.meta.url).resolve("heic-decode");
  const started = new Worker(WORKER_SOURCE, { eval: true, workerData: { modulePath }, resourceLimits: { maxOldGenerationSizeMb: 512 } });
  started.unref();
  started.on("message", (answer: Answer) => {
    const waiting = pending.get(answer.id);
    pending.delete(answer.id);
    waiting?.resolve(answer);
  });
  started.on("error", (error) => {
    if (worker === started) worker = null;
    failAll(error);
  });
  started.on("exit", (code) => {
    if (worker === started) worker = null;
    failAll(new Error(`HEIC decoder stopped (${code})`));
  });
  worker = started;
  return started;
}

function touchIdleTimer() {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (pending.size === 0 && worker) {
      void worker.terminate();
      worker = null;
    }
  }, IDLE_MS);
  idleTimer.unref();
}

/**
 * Decodes the primary image of a HEIC/HEIF file to RGBA pixels, upright. Refuses images
 * wider or taller than `maxSide` or with more than `maxPixels` pixels before decoding them.
 */
export async function decodeHeic(bytes: Uint8Array, limits: { maxSide: number; maxPixels: number }): Promise<HeicPixels> {
  const id = nextId++;
  let answer: Answer;
  try {
    answer = await new Promise<Answer>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      getWorker().postMessage({ id, bytes, maxSide: limits.maxSide, maxPixels: limits.maxPixels });
    });
  } catch (error) {
    throw new HeicError("damaged", error instanceof Error ? error.message : String(error));
  } finally {
    touchIdleTimer();
  }
  if ("error" in answer) throw new HeicError(answer.reason, answer.error);
  return { width: answer.width, height: answer.height, data: Buffer.from(answer.data.buffer, answer.data.byteOffset, answer.data.byteLength) };
}
