import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { MAX_IMAGE_BYTES, MEDIA_MESSAGES, checkPostUpload } from "~/lib/media/upload-limits.server";
import { discardMedia } from "~/lib/media/processed-media.server";
import { processAvatar } from "~/lib/media/photo-storage.server";
import { processUpload } from "~/lib/media/upload-pipeline.server";
import { deleteMedia, isValidKey, mediaDir, newKey, putMedia, readMedia, resolveKey } from "~/lib/media/media-storage.server";
import { parseVariants, variantPath } from "~/lib/media/media-types";
import { loader } from "~/routes/media.$";
import { args } from "../support/requests";
import { expectMediaError } from "../support/media";

const SAMPLE_VIDEO = path.resolve(__dirname, "../../prisma/seed-assets/videos/track-pass.mp4");

/** A phone-like JPEG: EXIF with camera, GPS and a 90° orientation flag. */
async function phoneJpeg(width = 2400, height = 1600) {
  const left = await sharp({ create: { width: width / 2, height, channels: 3, background: "#d22" } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: "#22d" } })
    .composite([{ input: left, left: 0, top: 0 }])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: "PhoneCam", Model: "Pro Max" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 0/1" },
    })
    .toBuffer();
}

function get(key: string, headers: Record<string, string> = {}, method = "GET") {
  const request = new Request(`http://127.0.0.1:3000/media/${key}`, { headers, method });
  return loader(args(request, { "*": key })) as Promise<Response>;
}

describe("processUpload: images", () => {
  it("re-encodes a JPEG to WebP without EXIF or GPS, upright, with resized copies", async () => {
    const input = await phoneJpeg();
    const inputMeta = await sharp(input).metadata();
    expect(inputMeta.exif?.toString("latin1")).toContain("PhoneCam");
    expect(inputMeta.orientation).toBe(6);

    const media = await processUpload(input);
    expect(media).toMatchObject({ kind: "image", mimeType: "image/webp", width: 1365, height: 2048, variants: "320,640,1080" });
    expect(media.url).toBe(`/media/${media.path}`);
    expect(media.path).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{32}\.webp$/);

    const stored = await readMedia(media.path);
    expect(stored?.byteLength).toBe(media.bytes);
    const meta = await sharp(stored!).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([1365, 2048]);
    // Auto-rotated: the red left half of the landscape original is now on top.
    const { data } = await sharp(stored!).resize(4, 4).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(150);
    expect(data[data.length - 1]).toBeGreaterThan(150);
    expect(data[2]).toBeLessThan(100);

    for (const width of parseVariants(media.variants)) {
      const copy = await readMedia(variantPath(media.path, width));
      const copyMeta = await sharp(copy!).metadata();
      expect(copyMeta.format).toBe("webp");
      expect(copyMeta.width).toBe(width);
      expect(copyMeta.exif).toBeUndefined();
    }
  });

  it("writes only the copies narrower than the original", async () => {
    const small = await sharp({ create: { width: 700, height: 500, channels: 4, background: "#0a0" } })
      .png()
      .toBuffer();
    const media = await processUpload(small);
    expect(media).toMatchObject({ width: 700, height: 500, variants: "320,640" });
  });

  it("keeps an animated GIF animated, as WebP", async () => {
    const frames = await Promise.all(
      ["#f00", "#00f", "#0f0"].map((background) =>
        sharp({ create: { width: 300, height: 200, channels: 3, background } })
          .png()
          .toBuffer(),
      ),
    );
    const gif = await sharp(frames, { join: { animated: true } })
      .gif({ delay: [100, 100, 100] })
      .toBuffer();
    const media = await processUpload(gif);
    expect(media).toMatchObject({ kind: "image", mimeType: "image/webp", width: 300, height: 200, variants: "" });
    const meta = await sharp((await readMedia(media.path))!).metadata();
    expect([meta.format, meta.pages]).toEqual(["webp", 3]);
  });

  it("refuses a text file whatever its name says", async () => {
    const file = new File(["just some notes, honestly"], "holiday.jpg", { type: "image/jpeg" });
    await expectMediaError(processUpload(new Uint8Array(await file.arrayBuffer())), 415, "Unsupported media type");
  });

  it("refuses SVG, PDF and other types, and empty files", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    await expectMediaError(processUpload(svg), 415, "Unsupported media type");
    await expectMediaError(processUpload(Buffer.from("%PDF-1.4\n%âãÏÓ\n1 0 obj\n")), 415, "Unsupported media type");
    await expectMediaError(processUpload(new Uint8Array(0)), 400, MEDIA_MESSAGES.empty);
  });

  it("refuses images wider or taller than 10,000 px", async () => {
    const wide = await sharp({ create: { width: 12_000, height: 20, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    await expectMediaError(processUpload(wide), 413, MEDIA_MESSAGES.dimensionsTooLarge);
  });

  it("refuses decompression bombs: a tiny file with too many pixels", async () => {
    const bomb = await sharp({ create: { width: 9000, height: 9000, channels: 3, background: "#000" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    await expectMediaError(processUpload(bomb), 413, MEDIA_MESSAGES.tooManyPixels);
  });

  it("refuses files over the size limits", async () => {
    const big = Buffer.alloc(MAX_IMAGE_BYTES + 1);
    big.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
    await expectMediaError(processUpload(big), 413, MEDIA_MESSAGES.imageTooLarge);
    const jpeg = await phoneJpeg(400, 300);
    await expectMediaError(processUpload(jpeg, { maxBytes: 100 }), 413, MEDIA_MESSAGES.fileTooLarge);
    expect(() => checkPostUpload([1024, 1024, 1].map((mb) => mb * 1024 * 1024))).toThrow(MEDIA_MESSAGES.postTooLarge);
    expect(() => checkPostUpload([1, 2, 3])).not.toThrow();
  });

  it("refuses a cut-off image as damaged (400), not as an unsupported type", async () => {
    const jpeg = await phoneJpeg(400, 300);
    await expectMediaError(processUpload(jpeg.subarray(0, 400)), 400, "Could not be read (damaged or incomplete)");
    await expectMediaError(processUpload(jpeg.subarray(0, 400), { name: "IMG_0001.JPG" }), 400, "IMG_0001.JPG: could not be read (damaged or incomplete)");
  });
});

describe("processUpload: videos", () => {
  it("stores a phone-compatible H.264 mp4 by copying its streams, with its size, length and a poster", async () => {
    const bytes = await readFile(SAMPLE_VIDEO);
    const media = await processUpload(bytes);
    expect(media).toMatchObject({ kind: "video", mimeType: "video/mp4", width: 480, height: 854, variants: "", durationMs: 3000 });
    expect(media.path).toMatch(/\.mp4$/);
    expect(media.poster).toMatchObject({ width: 480, height: 854, variants: "320" });
    const poster = await sharp((await readMedia(media.poster!.path))!).metadata();
    expect([poster.format, poster.width, poster.height]).toEqual(["webp", 480, 854]);
  });

  it("refuses a text file named like a video", async () => {
    const file = new File(["not a movie"], "clip.mp4", { type: "video/mp4" });
    await expectMediaError(processUpload(new Uint8Array(await file.arrayBuffer())), 415, "Unsupported media type");
  });
});

describe("processAvatar", () => {
  it("makes square 256 and 64 px WebP profile images", async () => {
    const avatar = await processAvatar(await phoneJpeg(900, 600));
    expect(avatar.path).toMatch(/^avatars\//);
    expect(avatar.url).toBe(`/media/${avatar.path}`);
    const large = await sharp((await readMedia(avatar.path))!).metadata();
    const small = await sharp((await readMedia(variantPath(avatar.path, 64)))!).metadata();
    expect([large.format, large.width, large.height, large.exif]).toEqual(["webp", 256, 256, undefined]);
    expect([small.width, small.height]).toEqual([64, 64]);
    await expectMediaError(processAvatar(await readFile(SAMPLE_VIDEO)), 415, "Unsupported media type");
  });
});

describe("the media store", () => {
  it("keeps files under generated, sharded names inside MEDIA_DIR", () => {
    const key = newKey("webp");
    expect(key).toMatch(/^([0-9a-f]{2})\/([0-9a-f]{2})\/\1\2[0-9a-f]{28}\.webp$/);
    expect(resolveKey(key)).toBe(path.join(mediaDir(), key));
    expect(newKey("mp4")).not.toBe(newKey("mp4"));
  });

  it("rejects keys that could leave the store", () => {
    for (const bad of ["../secret.webp", "ab/../../etc/passwd", "/etc/passwd", "ab/.hidden.webp", "ab\\cd.webp", "ab//cd.webp", "a.b/c.webp", "", "x"]) {
      expect(isValidKey(bad)).toBe(false);
      expect(resolveKey(bad)).toBeNull();
    }
  });

  it("deletes a stored item with its resized copies and poster", async () => {
    const media = await processUpload(await phoneJpeg(1400, 1000));
    const poster = await putMedia(newKey("webp"), Buffer.from("poster"));
    const files = [media.path, ...parseVariants(media.variants).map((width) => variantPath(media.path, width)), poster.key];
    for (const key of files) expect(existsSync(resolveKey(key)!)).toBe(true);
    await discardMedia({ ...media, posterPath: poster.key });
    for (const key of files) expect(existsSync(resolveKey(key)!)).toBe(false);
    await expect(deleteMedia("../nothing.webp", null)).resolves.toBeUndefined();
  });
});

describe("GET /media/*", () => {
  it("serves a stored image with immutable caching, nosniff and an ETag", async () => {
    const media = await processUpload(await phoneJpeg(800, 600));
    const response = await get(media.path);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Accept-Ranges")).toBe("bytes");
    expect(response.headers.get("Content-Length")).toBe(String(media.bytes));
    const etag = response.headers.get("ETag");
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    const body = Buffer.from(await response.arrayBuffer());
    expect(Buffer.compare(body, (await readMedia(media.path))!)).toBe(0);

    const again = await get(media.path, { "If-None-Match": etag! });
    expect(again.status).toBe(304);
    expect(again.body).toBeNull();

    expect(media.variants).toBe("320");
    const variant = await get(variantPath(media.path, 320));
    expect(variant.status).toBe(200);
    expect((await sharp(Buffer.from(await variant.arrayBuffer())).metadata()).width).toBe(320);

    const head = await get(media.path, {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("Content-Length")).toBe(String(media.bytes));
  });

  it("answers byte ranges with 206 so videos can seek", async () => {
    const media = await processUpload(await readFile(SAMPLE_VIDEO));
    const bytes = (await readMedia(media.path))!;

    const first = await get(media.path, { Range: "bytes=0-99" });
    expect(first.status).toBe(206);
    expect(first.headers.get("Content-Type")).toBe("video/mp4");
    expect(first.headers.get("Content-Range")).toBe(`bytes 0-99/${bytes.byteLength}`);
    expect(first.headers.get("Content-Length")).toBe("100");
    expect(Buffer.compare(Buffer.from(await first.arrayBuffer()), bytes.subarray(0, 100))).toBe(0);

    const open = await get(media.path, { Range: "bytes=1000-" });
    expect(open.status).toBe(206);
    expect(Buffer.compare(Buffer.from(await open.arrayBuffer()), bytes.subarray(1000))).toBe(0);

    const suffix = await get(media.path, { Range: "bytes=-500" });
    expect(suffix.headers.get("Content-Range")).toBe(`bytes ${bytes.byteLength - 500}-${bytes.byteLength - 1}/${bytes.byteLength}`);
    expect(Buffer.compare(Buffer.from(await suffix.arrayBuffer()), bytes.subarray(-500))).toBe(0);

    const beyond = await get(media.path, { Range: `bytes=${bytes.byteLength}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("Content-Range")).toBe(`bytes */${bytes.byteLength}`);

    const multiple = await get(media.path, { Range: "bytes=0-1,5-6" });
    expect(multiple.status).toBe(200);
    expect((await multiple.arrayBuffer()).byteLength).toBe(bytes.byteLength);
  });

  it("answers 404 for unknown keys and traversal attempts", async () => {
    const unknown = await get(newKey("webp"));
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "Not found", status: 404 });
    for (const bad of ["../package.json", "../../etc/passwd", "%2e%2e/%2e%2e/etc/passwd", "..%2fpackage.json", "/etc/passwd", "ab/../../package.json", "ab/cd", ""]) {
      expect((await get(bad)).status).toBe(404);
    }
  });

  it("never serves other files inline", async () => {
    const key = newKey("svg");
    await putMedia(key, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'));
    const response = await get(key);
    expect(response.headers.get("Content-Type")).toBe("application/octet-stream");
    expect(response.headers.get("Content-Disposition")).toBe("attachment");
    expect(response.headers.get("Content-Security-Policy")).toContain("sandbox");
  });
});
