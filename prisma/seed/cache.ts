// A cache of what the upload pipeline made of each generated demo picture, so a second
// seed (tests, --reset, a new test database) does not paint and encode 130 pictures again.
// An entry is keyed by the picture's description and the source of the painter and the
// pipeline, so any change to either makes fresh entries. The first seed on a machine fills
// it by running the real pipeline; later ones store copies of those outputs under new
// random names. SEED_CACHE=off turns it off; SEED_CACHE_DIR moves it (default
// data/seed-cache, next to the database, never committed).
import { createHash, randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { newKey, putMedia, readMedia } from "~/lib/media/media-storage.server";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..");
const SOURCES = [
  "prisma/seed/scenes.ts",
  "prisma/seed/videos.ts",
  "app/lib/media/upload-pipeline.server.ts",
  "app/lib/media/photo-decoding.server.ts",
  "app/lib/media/photo-storage.server.ts",
  "app/lib/media/video-upload.server.ts",
  "app/lib/media/media-types.ts",
];

let sourceHash: string | undefined;
function sourcesDigest(): string {
  if (!sourceHash) {
    const hash = createHash("sha256");
    for (const file of SOURCES) {
      const full = path.join(root, file);
      hash.update(file).update(existsSync(full) ? readFileSync(full) : "");
    }
    sourceHash = hash.digest("hex");
  }
  return sourceHash;
}

function cacheDir(): string | null {
  if (process.env.SEED_CACHE === "off") return null;
  return path.resolve(process.cwd(), process.env.SEED_CACHE_DIR?.trim() || "data/seed-cache");
}

/** The random stem of a storage key: `ab/cd/<stem>.webp` → `<stem>`. */
function stemOf(key: string): string {
  const name = key.slice(key.lastIndexOf("/") + 1);
  return name.slice(0, name.indexOf("."));
}

/**
 * What `produce` stores, from the cache when the same picture was made before.
 * `produce` returns its result (JSON-able, mentioning its main storage key as `path`) and
 * the storage keys of every file it wrote.
 */
export async function cached<T extends { path: string }>(description: unknown, produce: () => Promise<{ result: T; files: string[] }>): Promise<T> {
  const dir = cacheDir();
  if (!dir) return (await produce()).result;
  const id = createHash("sha256").update(sourcesDigest()).update(JSON.stringify(description)).digest("hex").slice(0, 32);
  const entry = path.join(dir, id.slice(0, 2), id);

  const manifestFile = path.join(entry, "manifest.json");
  if (existsSync(manifestFile)) {
    try {
      const manifest = JSON.parse(await readFile(manifestFile, "utf8")) as { result: T; files: string[] };
      const oldStem = stemOf(manifest.result.path);
      const parts = manifest.result.path.split("/");
      const prefix = parts.length > 3 ? parts.slice(0, -3).join("/") : undefined;
      const fresh = newKey(manifest.result.path.slice(manifest.result.path.lastIndexOf(".") + 1), prefix);
      const newStem = stemOf(fresh);
      const shardOld = manifest.result.path.slice(0, manifest.result.path.lastIndexOf("/") + 1);
      const shardNew = fresh.slice(0, fresh.lastIndexOf("/") + 1);
      const rekey = (text: string) => text.split(shardOld + oldStem).join(shardNew + newStem);
      for (const [index, key] of manifest.files.entries()) {
        await putMedia(rekey(key), await readFile(path.join(entry, `${index}.bin`)));
      }
      return JSON.parse(rekey(JSON.stringify(manifest.result))) as T;
    } catch {
      // A damaged entry: make the picture again below.
    }
  }

  const made = await produce();
  try {
    const temporary = `${entry}.${randomBytes(6).toString("hex")}.tmp`;
    await mkdir(temporary, { recursive: true });
    for (const [index, key] of made.files.entries()) {
      const bytes = await readMedia(key);
      if (!bytes) throw new Error(`missing ${key}`);
      await writeFile(path.join(temporary, `${index}.bin`), bytes);
    }
    await writeFile(path.join(temporary, "manifest.json"), JSON.stringify(made));
    await rm(entry, { recursive: true, force: true });
    await rename(temporary, entry).catch(() => rm(temporary, { recursive: true, force: true }));
  } catch {
    // The cache is an optimisation only.
  }
  return made.result;
}
