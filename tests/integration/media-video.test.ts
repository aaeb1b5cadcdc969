// Phone videos and photos as phones make them, made here at test time: HEVC .mov with
// location, device tags and a rotation flag; VP9 WebM; H.264 MP4 with tags (remuxed);
// 120 fps and 10-bit clips; HEIC; and damaged, empty, unsupported, too long and too large
// files. Stored videos are checked with ffprobe and exiftool.
import { existsSync, readdirSync } from "node:fs";
import { open, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { inspectUploadFile, processUploadFile } from "~/lib/media/upload-pipeline.server";
import { MAX_VIDEO_BYTES } from "~/lib/media/upload-limits.server";
import type { ProcessedMedia, UploadFile } from "~/lib/media/processed-media.server";
import { mediaDir, readMedia, resolveKey } from "~/lib/media/media-storage.server";
import {
  exiftool,
  expectMediaError,
  ffprobe,
  isFastStart,
  makeClip,
  makeCostlyClip,
  makeGridHeic,
  makeHeic,
  PHONE_TAGS,
  samplesFolder,
  truncated,
  withRotation,
} from "../support/media";

const X264 = ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac"];
const X265 = ["-c:v", "libx265", "-x265-params", "log-level=none", "-tag:v", "hvc1", "-pix_fmt", "yuv420p", "-c:a", "aac"];
const ACCEPTED = "(accepted: JPEG, PNG, WebP, GIF, AVIF, HEIC or HEIF photos; MP4, MOV, M4V or WebM videos)";

function upload(file: string, name = path.basename(file)): UploadFile {
  return { path: file, name };
}

async function store(file: string, name?: string): Promise<ProcessedMedia> {
  const inspected = await inspectUploadFile(upload(file, name));
  return processUploadFile(upload(file, name), inspected);
}

/** Every file in the media store (scratch files included), to prove nothing is left behind. */
function storeFiles(): string[] {
  const root = mediaDir();
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The tags a stored video must not carry: location, device, capture time. */
async function expectNoPersonalTags(file: string) {
  const probe = await ffprobe(file);
  const tagText = JSON.stringify([probe.format.tags ?? {}, ...probe.streams.map((stream) => stream.tags ?? {})]).toLowerCase();
  for (const word of ["location", "iso6709", "make", "model", "apple", "iphone", "creation_time", "2026"]) expect(tagText).not.toContain(word);
  const exif = JSON.stringify(await exiftool(file));
  expect(exif).not.toMatch(/GPS|iPhone|Apple|Make|Model|2026:05:01/);
}

async function expectStoredH264(media: ProcessedMedia, size: { width: number; height: number }) {
  const file = resolveKey(media.path)!;
  const probe = await ffprobe(file);
  const video = probe.streams.find((stream) => stream.codec_type === "video")!;
  expect([video.codec_name, video.pix_fmt, video.width, video.height]).toEqual(["h264", "yuv420p", size.width, size.height]);
  expect(video.side_data_list ?? []).toEqual([]);
  for (const stream of probe.streams) expect(["h264", "aac"]).toContain(stream.codec_name);
  expect(await isFastStart(file)).toBe(true);
  expect(media).toMatchObject({ kind: "video", mimeType: "video/mp4", ...size });
  await expectNoPersonalTags(file);
}

// Transcodes run at the lowest CPU priority: on a busy machine they wait for the cores.
describe("videos as phones make them", { timeout: 120_000 }, () => {
  it("transcodes an iPhone-style HEVC .mov with GPS, make/model and a rotation flag: upright H.264 without tags, with a poster", async () => {
    const plain = await makeClip("plain-hevc.mov", { codec: X265 });
    const phone = await withRotation(plain, "IMG_0412.MOV", 90);
    const before = JSON.stringify(await exiftool(phone));
    expect(before).toContain("iPhone 15 Pro");
    expect(before).toMatch(/GPS/);

    const inspected = await inspectUploadFile(upload(phone));
    expect(inspected).toMatchObject({ kind: "video", mime: "video/quicktime", width: 240, height: 320, durationMs: 1500 });
    const media = await processUploadFile(upload(phone), inspected);
    await expectStoredH264(media, { width: 240, height: 320 });
    expect(media.durationMs).toBeGreaterThanOrEqual(1400);
    expect(media.durationMs).toBeLessThanOrEqual(1600);
    expect(media.path).toMatch(/\.mp4$/);

    // The poster: a WebP frame of the same upright shape, with its resized copy.
    expect(media.poster).toMatchObject({ width: 240, height: 320, variants: "" });
    const poster = await sharp((await readMedia(media.poster!.path))!).metadata();
    expect([poster.format, poster.width, poster.height, poster.exif]).toEqual(["webp", 240, 320, undefined]);
  });

  it("transcodes VP9 WebM, records its width, height and duration", async () => {
    const webm = await makeClip("clip.webm", {
      size: "640x360",
      seconds: 1,
      codec: ["-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-c:a", "libopus"],
    });
    const inspected = await inspectUploadFile(upload(webm));
    expect(inspected).toMatchObject({ kind: "video", mime: "video/webm", width: 640, height: 360 });
    expect(inspected.durationMs).toBeGreaterThan(900);
    const media = await processUploadFile(upload(webm), inspected);
    await expectStoredH264(media, { width: 640, height: 360 });
    expect(media.poster).toMatchObject({ width: 640, height: 360, variants: "320" });
  });

  it("copies a compatible H.264/AAC mp4 without re-encoding, dropping its tags", async () => {
    const mp4 = await makeClip("tagged.mp4", { codec: [...X264, ...PHONE_TAGS] });
    expect(JSON.stringify(await exiftool(mp4))).toContain("iPhone 15 Pro");
    const source = (await ffprobe(mp4)).streams.find((stream) => stream.codec_type === "video")!;
    const media = await store(mp4);
    await expectStoredH264(media, { width: 320, height: 240 });
    // Remuxed: the encoder's own profile (x264 ultrafast writes Constrained Baseline) is kept.
    const stored = (await ffprobe(resolveKey(media.path)!)).streams.find((stream) => stream.codec_type === "video")!;
    expect(source.profile).toBe("Constrained Baseline");
    expect(stored.profile).toBe(source.profile);
  });

  it("transcodes clips over 60 fps down to 60, and 10-bit clips to 8-bit High", async () => {
    const fast = await makeClip("fast.mp4", { seconds: 1, rate: 120, codec: X264 });
    const media = await store(fast);
    await expectStoredH264(media, { width: 320, height: 240 });
    const stream = (await ffprobe(resolveKey(media.path)!)).streams.find((candidate) => candidate.codec_type === "video")!;
    expect(stream.avg_frame_rate).toBe("60/1");
    expect(stream.profile).toBe("High");

    const deep = await makeClip("deep.mov", { seconds: 1, codec: [...X265.filter((arg) => arg !== "yuv420p" && arg !== "-pix_fmt"), "-pix_fmt", "yuv420p10le"] });
    expect((await ffprobe(deep)).streams.find((candidate) => candidate.codec_type === "video")!.pix_fmt).toBe("yuv420p10le");
    await expectStoredH264(await store(deep), { width: 320, height: 240 });
  });

  it("scales a clip whose long side is over 1920 px, keeping its shape", async () => {
    const big = await makeClip("big.mp4", { size: "2560x1440", seconds: 0.5, audio: false, codec: ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"] });
    await expectStoredH264(await store(big), { width: 1920, height: 1080 });
  });
});

describe("HEIC photos", () => {
  it("decodes a HEIC into a WebP photo with resized copies", async () => {
    const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#246" } })
      .png()
      .toBuffer();
    const heic = await makeHeic("IMG_0413.HEIC", png);
    const inspected = await inspectUploadFile(upload(heic));
    expect(inspected).toMatchObject({ kind: "image", mime: "image/heic", width: 1200, height: 800 });
    const media = await processUploadFile(upload(heic), inspected);
    expect(media).toMatchObject({ kind: "image", mimeType: "image/webp", width: 1200, height: 800, variants: "320,640,1080", poster: null });
    const stored = await sharp((await readMedia(media.path))!).metadata();
    expect([stored.format, stored.width, stored.height, stored.exif]).toEqual(["webp", 1200, 800, undefined]);
  });

  it("names a damaged HEIC in its error, and leaves nothing behind", async () => {
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#642" } })
      .png()
      .toBuffer();
    const heic = await truncated(await makeHeic("whole.heic", png), "IMG_0414.HEIC", 0.5);
    const before = storeFiles();
    const error = await (async () => {
      const inspected = await inspectUploadFile(upload(heic));
      return processUploadFile(upload(heic), inspected);
    })().catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 400, message: "IMG_0414.HEIC: could not be read (damaged or incomplete)", file: "IMG_0414.HEIC" });
    expect(storeFiles()).toEqual(before);
  });
});

describe("bad files", () => {
  it("answers each kind of bad file with its status and the file's name; nothing is stored", async () => {
    const folder = await samplesFolder();
    const before = storeFiles();

    const empty = path.join(folder, "empty.jpg");
    await writeFile(empty, "");
    await expectMediaError(inspectUploadFile(upload(empty)), 400, "empty.jpg: the file is empty");

    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#c33" } })
      .jpeg()
      .toBuffer();
    const cutJpeg = path.join(folder, "IMG_0001.JPG");
    await writeFile(cutJpeg, jpeg.subarray(0, Math.floor(jpeg.byteLength * 0.6)));
    await expectMediaError(inspectUploadFile(upload(cutJpeg)), 400, "IMG_0001.JPG: could not be read (damaged or incomplete)");

    const clip = await makeClip("whole.mp4", { codec: [...X264, "-movflags", "+faststart"] });
    const cutClip = await truncated(clip, "cut.mp4", 0.6);
    await expectMediaError(inspectUploadFile(upload(cutClip)), 400, "cut.mp4: could not be read (damaged or incomplete)");
    // Index at the end (as a phone writes it), cut before it.
    const tailIndex = await truncated(await makeClip("tail.mov", { codec: X264 }), "tail-cut.mov", 0.7);
    await expectMediaError(inspectUploadFile(upload(tailIndex)), 400, "tail-cut.mov: could not be read (damaged or incomplete)");

    const text = path.join(folder, "notes.mp4");
    await writeFile(text, "not a movie at all");
    await expectMediaError(inspectUploadFile(upload(text)), 415, `notes.mp4: unsupported media type ${ACCEPTED}`);

    // An MP4 holding sound only: ffprobe finds no video in it.
    const audioOnly = await makeClip("sound.mp4", { codec: ["-map", "1:a", "-c:a", "aac", "-f", "mp4"] });
    await expectMediaError(inspectUploadFile(upload(audioOnly)), 415, `sound.mp4: not a video that can be read ${ACCEPTED}`);

    const long = await makeClip("long.mp4", {
      size: "64x48",
      rate: 5,
      seconds: 62,
      audio: false,
      codec: ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"],
    });
    await expectMediaError(inspectUploadFile(upload(long)), 413, "long.mp4: videos can be at most 60 seconds long");

    // Over the size limit: a sparse file starting like a real clip (nothing is read beyond its size).
    const large = path.join(folder, "large.mp4");
    await writeFile(large, await import("node:fs/promises").then((fs) => fs.readFile(clip)));
    const handle = await open(large, "r+");
    await handle.truncate(MAX_VIDEO_BYTES + 1);
    await handle.close();
    await expectMediaError(inspectUploadFile(upload(large)), 413, "large.mp4: videos can be at most 1024 MB");
    await rm(large);

    expect(storeFiles()).toEqual(before);
  });
});

describe("what a video may cost", { timeout: 120_000 }, () => {
  it("refuses a small clip that would keep the decoder busy for long: 16 s of 4K at 60 fps in a few hundred KB", async () => {
    const costly = await makeCostlyClip("black-4k60.mp4", 16);
    const { size } = await stat(costly);
    expect(size).toBeLessThan(1024 * 1024);
    const before = storeFiles();
    const refusal =
      "black-4k60.mp4: videos can hold at most the frames of 60 seconds of 1080p at 60 fps (7.5 billion pixels); 4K fits 30 seconds at 30 fps or 15 seconds at 60 fps";
    await expectMediaError(inspectUploadFile(upload(costly)), 413, refusal);
    // The job refuses it too (a file queued before the limit), without transcoding anything.
    const inspected = { kind: "video" as const, mime: "video/mp4", ext: "mp4", bytes: size, width: 4096, height: 2160, durationMs: 16_000 };
    await expectMediaError(processUploadFile(upload(costly), inspected), 413, refusal);
    expect(storeFiles()).toEqual(before);
  });

  it("takes the same 4K clip at 60 fps when it is short enough (one second)", async () => {
    const short = await makeCostlyClip("black-4k60-short.mp4", 1);
    const media = await store(short);
    expect(media).toMatchObject({ kind: "video", width: 1920 });
  });
});

describe("grid HEIC", () => {
  it("decodes the multi-tile grid that iPhones write, cropped to its declared size", async () => {
    const tile = await sharp({ create: { width: 256, height: 256, channels: 3, background: "#d33" } })
      .png()
      .toBuffer();
    const heic = await makeGridHeic("IMG_0415.HEIC", tile, { columns: 3, rows: 2, width: 700, height: 500 });
    const media = await store(heic);
    expect(media).toMatchObject({ kind: "image", mimeType: "image/webp", width: 700, height: 500 });
    const { data } = await sharp((await readMedia(media.path))!)
      .raw()
      .toBuffer({ resolveWithObject: true });
    // The tile's red fills the whole picture, right to the last row.
    const last = data.length - 3;
    expect(data[last]).toBeGreaterThan(180);
    expect(data[last + 1]).toBeLessThan(90);
  });
});
