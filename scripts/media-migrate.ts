// `npm run media:migrate`: copies a local media library (MEDIA_DIR, default data/media) into
// the bucket of MEDIA_STORE=s3 (S3_BUCKET …), under the same names, so the app can switch
// stores without changing a single link. Every stored file goes, renditions (.renditions/)
// included; the scratch folder and half-written temporary files do not.
//
// Resumable: an object already in the bucket with the same size (and, when its ETag is a
// plain MD5, the same MD5) is skipped, so an interrupted run is simply started again.
// Checked: after each upload the object's size is read back, and its ETag compared with the
// file's MD5; a large file sent in parts (whose ETag is no MD5) is read back and hashed.
// Exits non-zero when a file could not be copied or checked.
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

export type MigrationSummary = { copied: number; skipped: number; failed: string[]; bytes: number };

async function* filesUnder(root: string, folder = ""): AsyncGenerator<string> {
  let entries;
  try {
    entries = await readdir(path.join(root, folder), { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const name = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (name === ".scratch") continue;
      yield* filesUnder(root, name);
    } else if (entry.isFile() && !entry.name.endsWith(".tmp")) {
      yield name;
    }
  }
}

async function hashOf(stream: AsyncIterable<unknown>, algorithm: "md5" | "sha256"): Promise<string> {
  const hash = createHash(algorithm);
  for await (const chunk of stream) hash.update(chunk as Uint8Array);
  return hash.digest("hex");
}

/** The MD5 an ETag states, or null for a multipart upload's ETag ("…-N"). */
function md5OfEtag(etag: string | null): string | null {
  const bare = etag?.replace(/"/g, "") ?? "";
  return /^[0-9a-f]{32}$/.test(bare) ? bare : null;
}

/**
 * Copies every file under `mediaRoot` into the configured bucket (see the top of this file).
 * `log` receives one line per file copied or failed.
 */
export async function migrateMedia(mediaRoot: string, log: (line: string) => void = () => undefined): Promise<MigrationSummary> {
  const { getObjectStream, headObject, putObjectFile } = await import("../app/lib/media/object-store.server");
  const summary: MigrationSummary = { copied: 0, skipped: 0, failed: [], bytes: 0 };
  for await (const name of filesUnder(mediaRoot)) {
    const file = path.join(mediaRoot, name);
    try {
      const md5 = await hashOf(createReadStream(file), "md5");
      const existing = await headObject(name);
      const { size } = await stat(file);
      const existingMd5 = md5OfEtag(existing?.etag ?? null);
      if (existing && existing.size === size && (existingMd5 === null || existingMd5 === md5)) {
        summary.skipped += 1;
        continue;
      }
      await putObjectFile(name, file);
      const stored = await headObject(name);
      if (!stored || stored.size !== size) throw new Error(`the bucket holds ${stored ? `${stored.size} bytes` : "nothing"}, the file ${size}`);
      const storedMd5 = md5OfEtag(stored.etag);
      if (storedMd5 !== null) {
        if (storedMd5 !== md5) throw new Error("the object's MD5 differs from the file's");
      } else {
        const body = await getObjectStream(name);
        if (!body || (await hashOf(body, "sha256")) !== (await hashOf(createReadStream(file), "sha256"))) {
          throw new Error("the object read back differs from the file");
        }
      }
      summary.copied += 1;
      summary.bytes += size;
      log(`copied ${name} (${size} bytes)`);
    } catch (error) {
      summary.failed.push(name);
      log(`FAILED ${name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return summary;
}

async function main() {
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
  const { existsSync } = await import("node:fs");
  if (existsSync(path.join(root, ".env"))) process.loadEnvFile(path.join(root, ".env"));
  const { settings } = await import("../app/lib/server/env.server");
  const config = settings();
  if (config.MEDIA_STORE !== "s3") {
    console.error("Set MEDIA_STORE=s3 and S3_BUCKET (with S3_REGION, S3_ENDPOINT and credentials as needed): the bucket to copy MEDIA_DIR into.");
    process.exit(2);
  }
  const { checkObjectStore } = await import("../app/lib/media/object-store.server");
  await checkObjectStore();
  const mediaRoot = path.resolve(process.cwd(), config.MEDIA_DIR);
  console.log(`Copying ${mediaRoot} into the bucket ${config.S3_BUCKET}…`);
  const summary = await migrateMedia(mediaRoot, (line) => console.log(line));
  console.log(`${summary.copied} copied (${summary.bytes} bytes), ${summary.skipped} already there, ${summary.failed.length} failed.`);
  if (summary.failed.length > 0) {
    console.error("Run it again to retry the failed files: those already copied are skipped.");
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
