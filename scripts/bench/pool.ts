// The small pool of real media files that a scale seed points its hundreds of thousands of
// media rows at. Each picture is painted by the demo seed's painter and stored through the
// real upload pipeline (`processUpload`: WebP plus resized copies for srcset), each sample
// video through the same pipeline, avatars through `processAvatar`. The processed files are
// cached (data/seed-cache/scale-pool/<digest>, or SEED_CACHE_DIR), so only the first run on a
// machine pays for the encoding; SEED_CACHE=off turns the cache off.
//
// Media rows need distinct paths (`photos.path` is unique), so the pool lives in one folder,
// MEDIA_DIR/scale, holding 256 symbolic links "00".."ff" that point back at the folder itself:
// `scale/0a/1b/2c/p03-track-side.webp` is a distinct key that opens `scale/p03-track-side.webp`.
// 256³ distinct keys per pool file, for the price of 256 links. Media URLs resolve through
// the app's normal `/media/<key>` route (stat and read follow links).
//
// Caveat: deleting a seeded post deletes its files, and those files are shared by every
// post pointing at the same pool file. A scale database is for measurement, not for use.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { copyFile, mkdir, readFile, readdir, rename, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { discardMedia } from "~/lib/media/processed-media.server";
import { processAvatar } from "~/lib/media/photo-storage.server";
import { processUpload } from "~/lib/media/upload-pipeline.server";
import { mediaDir, resolveKey } from "~/lib/media/media-storage.server";
import { mediaUrl, parseVariants, variantPath } from "~/lib/media/media-types";
import { CARS, VIDEO_FILES } from "../../prisma/seed/data";
import { renderAvatar, renderPicture, type PictureSpec, type SceneName, type Shot } from "../../prisma/seed/scenes";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..");

/** The folder inside the media store that holds the pool. */
export const POOL_FOLDER = "scale";
/** How many link names each level offers ("00".."ff"). */
const LINKS = 256;

export type PoolItem = {
  kind: "image" | "video";
  /** The file's name inside the pool folder ("p03-track-side.webp"). */
  name: string;
  mimeType: string;
  bytes: number;
  width: number | null;
  height: number | null;
  variants: string;
};

export type Pool = {
  images: PoolItem[];
  videos: PoolItem[];
  /** Profile image URLs (what `users.profileImage` holds). */
  avatars: string[];
};

type PictureJob = { name: string; spec: PictureSpec };

const SCENE_SHOTS: Array<[SceneName, Shot]> = [
  ["sunset", "side"],
  ["track", "side"],
  ["garage", "front"],
  ["mountain", "side"],
  ["city", "rear"],
  ["coast", "side"],
  ["desert", "front"],
  ["snow", "side"],
  ["meet", "meet"],
  ["track", "wheel"],
  ["garage", "gauges"],
  ["city", "side"],
];
const ASPECTS: Array<[number, number]> = [
  [1600, 1066],
  [1600, 900],
  [1080, 1350],
  [1200, 1200],
];

function pictureJobs(): PictureJob[] {
  return SCENE_SHOTS.map(([scene, shot], index) => {
    const car = CARS[(index * 5) % CARS.length];
    const [width, height] = ASPECTS[index % ASPECTS.length];
    const others = shot === "meet" ? [1, 2, 3].map((step) => CARS[(index + step * 3) % CARS.length].look) : undefined;
    return {
      name: `p${String(index + 1).padStart(2, "0")}-${scene}-${shot}`,
      spec: { width, height, scene, shot, look: car.look, seed: `scale-${index}`, others },
    };
  });
}

const AVATAR_CARS = [0, 3, 5, 8, 10, 15];
const VIDEO_ASSETS = path.join(root, "prisma", "seed-assets", "videos");

const SOURCES = [
  "scripts/bench/pool.ts",
  "prisma/seed/scenes.ts",
  "app/lib/media/upload-pipeline.server.ts",
  "app/lib/media/photo-decoding.server.ts",
  "app/lib/media/photo-storage.server.ts",
  "app/lib/media/video-upload.server.ts",
  "app/lib/media/media-types.ts",
];

function digest(): string {
  const hash = createHash("sha256");
  for (const file of SOURCES) {
    const full = path.join(root, file);
    hash.update(file).update(existsSync(full) ? readFileSync(full) : "");
  }
  for (const file of Object.values(VIDEO_FILES)) hash.update(file);
  return hash.digest("hex").slice(0, 24);
}

function cacheDir(): string | null {
  if (process.env.SEED_CACHE === "off") return null;
  const base = path.resolve(process.cwd(), process.env.SEED_CACHE_DIR?.trim() || path.join(root, "data", "seed-cache"));
  return path.join(base, "scale-pool", digest());
}

/** Every file of a stored item: the main file and its resized copies. */
function filesOf(key: string, variants: string): string[] {
  return [key, ...parseVariants(variants).map((width) => variantPath(key, width))];
}

type Manifest = { images: PoolItem[]; videos: PoolItem[]; avatars: string[] };

/** Runs the real pipeline on every pool picture, video and avatar; moves the results into `folder`. */
async function produce(folder: string, log: (line: string) => void): Promise<Manifest> {
  await mkdir(folder, { recursive: true });
  const moveInto = async (key: string, name: string) => {
    const from = resolveKey(key);
    if (!from) throw new Error(`Invalid key ${key}`);
    await rename(from, path.join(folder, name));
  };
  const images: PoolItem[] = [];
  for (const job of pictureJobs()) {
    const stored = await processUpload(await renderPicture(job.spec));
    const name = `${job.name}.webp`;
    for (const [index, file] of filesOf(stored.path, stored.variants).entries()) {
      await moveInto(file, index === 0 ? name : path.basename(variantPath(name, parseVariants(stored.variants)[index - 1])));
    }
    images.push({ kind: "image", name, mimeType: stored.mimeType, bytes: stored.bytes, width: stored.width, height: stored.height, variants: stored.variants });
    log(`  pool: ${name} ${stored.width}x${stored.height} (${stored.variants || "no copies"})`);
  }
  const videos: PoolItem[] = [];
  for (const [clip, file] of Object.entries(VIDEO_FILES)) {
    const source = path.join(VIDEO_ASSETS, file);
    if (!existsSync(source)) continue;
    const stored = await processUpload(await readFile(source));
    const ext = stored.path.slice(stored.path.lastIndexOf(".") + 1);
    const name = `v${String(videos.length + 1).padStart(2, "0")}-${clip.toLowerCase().replace(/[^a-z0-9_-]/g, "-")}.${ext}`;
    await moveInto(stored.path, name);
    // The scale pool keeps no poster frames: their grids show the video placeholder.
    if (stored.poster) await discardMedia({ path: stored.poster.path, variants: stored.poster.variants });
    videos.push({ kind: "video", name, mimeType: stored.mimeType, bytes: stored.bytes, width: stored.width, height: stored.height, variants: "" });
    log(`  pool: ${name}`);
  }
  const avatars: string[] = [];
  for (const [index, carIndex] of AVATAR_CARS.entries()) {
    const car = CARS[carIndex % CARS.length];
    const stored = await processAvatar(await renderAvatar(car.look, `scale-avatar-${index}`));
    const name = `a${String(index + 1).padStart(2, "0")}.webp`;
    await moveInto(stored.path, name);
    await moveInto(variantPath(stored.path, Number(stored.variants)), path.basename(variantPath(name, Number(stored.variants))));
    avatars.push(name);
  }
  return { images, videos, avatars };
}

/**
 * Puts the pool into MEDIA_DIR/scale (from the cache when possible) with its 256 links, and
 * answers what is in it.
 */
export async function preparePool(log: (line: string) => void = () => {}): Promise<Pool> {
  const folder = path.join(mediaDir(), POOL_FOLDER);
  const cache = cacheDir();
  let manifest: Manifest | null = null;
  await mkdir(folder, { recursive: true });

  if (cache && existsSync(path.join(cache, "manifest.json"))) {
    try {
      const cached = JSON.parse(await readFile(path.join(cache, "manifest.json"), "utf8")) as Manifest;
      for (const file of await readdir(cache)) {
        if (file !== "manifest.json") await copyFile(path.join(cache, file), path.join(folder, file));
      }
      manifest = cached;
      log(`Media pool: ${cached.images.length} pictures, ${cached.videos.length} videos, ${cached.avatars.length} avatars (from the cache)`);
    } catch {
      manifest = null;
    }
  }
  if (!manifest) {
    log("Media pool: encoding pictures through the upload pipeline (once per machine)…");
    const started = Date.now();
    // The pipeline writes under random shard folders of MEDIA_DIR: point it at a scratch
    // folder meanwhile, so nothing but the pool is left behind.
    const fresh = path.join(folder, `.new-${process.pid}`);
    const scratch = path.join(folder, `.scratch-${process.pid}`);
    const saved = process.env.MEDIA_DIR;
    process.env.MEDIA_DIR = scratch;
    try {
      manifest = await produce(fresh, log);
    } finally {
      if (saved === undefined) delete process.env.MEDIA_DIR;
      else process.env.MEDIA_DIR = saved;
    }
    for (const file of await readdir(fresh)) await rename(path.join(fresh, file), path.join(folder, file));
    await rm(fresh, { recursive: true, force: true });
    await rm(scratch, { recursive: true, force: true });
    log(`Media pool made in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (cache) {
      try {
        const temporary = `${cache}.${process.pid}.tmp`;
        await mkdir(temporary, { recursive: true });
        for (const item of [...manifest.images, ...manifest.videos]) {
          for (const file of filesOf(item.name, item.variants)) await copyFile(path.join(folder, file), path.join(temporary, file));
        }
        for (const name of manifest.avatars) {
          await copyFile(path.join(folder, name), path.join(temporary, name));
          const small = path.basename(variantPath(name, 64));
          if (existsSync(path.join(folder, small))) await copyFile(path.join(folder, small), path.join(temporary, small));
        }
        await writeFile(path.join(temporary, "manifest.json"), JSON.stringify(manifest));
        await rm(cache, { recursive: true, force: true });
        await rename(temporary, cache);
      } catch {
        // The cache only saves time.
      }
    }
  }

  for (let index = 0; index < LINKS; index++) {
    const link = path.join(folder, linkName(index));
    if (!existsSync(link)) await symlink(".", link);
  }
  return {
    images: manifest.images,
    videos: manifest.videos,
    avatars: manifest.avatars.map((name) => mediaUrl(`${POOL_FOLDER}/${name}`)),
  };
}

function linkName(index: number): string {
  return index.toString(16).padStart(2, "0");
}

/** A storage key for media row `id` that opens pool file `name` (distinct for every id below 256³). */
export function poolKey(id: number, name: string): string {
  if (!Number.isSafeInteger(id) || id <= 0 || id >= LINKS ** 3) throw new RangeError(`Media id ${id} is outside the pool's key space`);
  return `${POOL_FOLDER}/${linkName((id >>> 16) & 255)}/${linkName((id >>> 8) & 255)}/${linkName(id & 255)}/${name}`;
}
