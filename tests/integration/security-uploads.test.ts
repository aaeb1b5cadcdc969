// Uploads treated as hostile (issue 9): decompression bombs and images with oversized
// dimensions are refused before they are decoded, SVG and HTML never get in, polyglots come
// out clean, and the media route never answers inline with markup, whatever a stored file
// holds. Every crafted file is made here, in the test.
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { fileMessage, MAX_IMAGE_DIMENSION, MAX_INPUT_PIXELS, MEDIA_MESSAGES } from "~/lib/media/upload-limits.server";
import { processAvatar } from "~/lib/media/photo-storage.server";
import { processUpload } from "~/lib/media/upload-pipeline.server";
import { newKey, putMedia, readMedia } from "~/lib/media/media-storage.server";
import { resetRateLimits } from "~/models/rate-limit.server";
import { action as createPost } from "~/routes/api.posts";
import { action as updateProfile } from "~/routes/api.profile";
import { loader as media } from "~/routes/media.$";
import { answer, args } from "../support/requests";
import { makeUser, type TestUser } from "../support/accounts";
import { expectMediaError } from "../support/media";

const ORIGIN = "http://127.0.0.1:3000";

afterEach(() => resetRateLimits());

// ------------------------------------------------------------------ crafted files

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, "latin1"), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** A 100-byte-ish PNG whose header declares width x height (its pixel data is a few rows). */
function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(Buffer.alloc(64))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** An animated GIF: a width x height screen and `frames` frames of one pixel each. */
function gifDeclaring(width: number, height: number, frames: number): Buffer {
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(width, 0);
  screen.writeUInt16LE(height, 2);
  screen[4] = 0x80; // a global colour table of 2 entries
  const parts = [Buffer.from("GIF89a", "latin1"), screen, Buffer.from([0, 0, 0, 255, 255, 255])];
  // Loop forever (NETSCAPE2.0), so readers treat it as an animation.
  parts.push(Buffer.from([0x21, 0xff, 0x0b, ...Buffer.from("NETSCAPE2.0", "latin1"), 0x03, 0x01, 0x00, 0x00, 0x00]));
  for (let i = 0; i < frames; i++) {
    parts.push(Buffer.from([0x21, 0xf9, 0x04, 0x00, 0x0a, 0x00, 0x00, 0x00])); // 100 ms
    parts.push(Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0])); // a 1x1 frame at 0,0
    parts.push(Buffer.from([0x02, 0x02, 0x44, 0x01, 0x00])); // its one pixel, LZW
  }
  parts.push(Buffer.from([0x3b]));
  return Buffer.concat(parts);
}

/** A real JPEG whose frame header (SOF) is rewritten to declare width x height. */
async function jpegDeclaring(width: number, height: number): Promise<Buffer> {
  const jpeg = Buffer.from(
    await sharp({ create: { width: 16, height: 16, channels: 3, background: "#888" } })
      .jpeg()
      .toBuffer(),
  );
  for (let i = 2; i < jpeg.length - 9; i++) {
    if (jpeg[i] === 0xff && jpeg[i + 1] >= 0xc0 && jpeg[i + 1] <= 0xc2) {
      jpeg.writeUInt16BE(height, i + 5);
      jpeg.writeUInt16BE(width, i + 7);
      return jpeg;
    }
  }
  throw new Error("no SOF marker");
}

const SVG = '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>';
const HTML = "<!doctype html><html><body><script>fetch('/api/profile',{method:'PATCH'})</script></body></html>";

// ------------------------------------------------------------------ the pipeline

describe("images with oversized dimensions", () => {
  it("refuses a PNG that declares 100000 x 100000 from its header, without decoding it", async () => {
    const bomb = pngDeclaring(100_000, 100_000);
    expect(bomb.byteLength).toBeLessThan(200);
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(100_000);
    const started = Date.now();
    await expectMediaError(processUpload(bomb), 413, MEDIA_MESSAGES.dimensionsTooLarge);
    await expectMediaError(processAvatar(bomb), 413, MEDIA_MESSAGES.dimensionsTooLarge);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("refuses a JPEG whose frame header claims 60000 x 60000", async () => {
    const jpeg = await jpegDeclaring(60_000, 60_000);
    await expectMediaError(processUpload(jpeg), 413, MEDIA_MESSAGES.dimensionsTooLarge);
  });

  it("refuses one side over the maximum even when the pixel count is small", async () => {
    await expectMediaError(processUpload(pngDeclaring(MAX_IMAGE_DIMENSION + 1, 1)), 413, MEDIA_MESSAGES.dimensionsTooLarge);
  });
});

describe("decompression bombs", () => {
  it("refuses a small file with too many pixels (declared, within the side limit)", async () => {
    const side = Math.ceil(Math.sqrt(MAX_INPUT_PIXELS)) + 100; // under 10,000 px a side
    expect(side).toBeLessThanOrEqual(MAX_IMAGE_DIMENSION);
    await expectMediaError(processUpload(pngDeclaring(side, side)), 413, MEDIA_MESSAGES.tooManyPixels);
  });

  it("refuses a real, highly compressed image with too many pixels, made with sharp", async () => {
    const bomb = await sharp({ create: { width: 9000, height: 6000, channels: 3, background: "#000" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.byteLength).toBeLessThan(200 * 1024);
    await expectMediaError(processUpload(bomb), 413, MEDIA_MESSAGES.tooManyPixels);
    await expectMediaError(processAvatar(bomb), 413, MEDIA_MESSAGES.tooManyPixels);
  });

  it("counts every frame of an animation", async () => {
    const frames = Math.ceil(MAX_INPUT_PIXELS / (2000 * 2000)) + 1;
    const animated = gifDeclaring(2000, 2000, frames);
    expect(animated.byteLength).toBeLessThan(500);
    expect((await sharp(animated, { limitInputPixels: false }).metadata()).pages).toBe(frames);
    await expectMediaError(processUpload(animated), 413, MEDIA_MESSAGES.tooManyPixels);
    // The same animation with fewer frames is fine.
    const fine = await processUpload(gifDeclaring(200, 200, 3));
    expect(fine.mimeType).toBe("image/webp");
  });
});

describe("markup never gets in", () => {
  it("refuses SVG (with or without an XML prolog, BOM or leading space) and HTML, whatever the name", async () => {
    for (const text of [SVG, `\uFEFF${SVG}`, `   \n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`, HTML]) {
      await expectMediaError(processUpload(Buffer.from(text)), 415, MEDIA_MESSAGES.unsupported);
      await expectMediaError(processAvatar(Buffer.from(text)), 415, MEDIA_MESSAGES.unsupported);
    }
  });

  it("refuses a GIF header followed by HTML (a polyglot that is no image) as a damaged file", async () => {
    await expectMediaError(processUpload(Buffer.from(`GIF89a/*${HTML}*/`)), 400, MEDIA_MESSAGES.damaged);
  });

  it("re-encodes a real image carrying markup (text chunk, data after the end) into clean WebP", async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3a6" } })
      .png()
      .toBuffer();
    const iend = png.lastIndexOf(Buffer.from("IEND", "latin1")) - 4;
    const polyglot = Buffer.concat([png.subarray(0, iend), chunk("tEXt", Buffer.from(`Comment\0${HTML}`)), png.subarray(iend), Buffer.from(SVG)]);
    const jpeg = Buffer.concat([await sharp(png).jpeg().toBuffer(), Buffer.from(HTML)]);
    for (const input of [polyglot, jpeg]) {
      const stored = await processUpload(input);
      expect(stored.mimeType).toBe("image/webp");
      const bytes = (await readMedia(stored.path))!;
      expect(bytes.subarray(0, 4).toString("latin1")).toBe("RIFF");
      expect(bytes.toString("latin1")).not.toMatch(/<script|<svg|<html/i);
    }
  });
});

// ------------------------------------------------------------------ the routes

describe("upload routes answer a clear 4xx", () => {
  let member: TestUser;
  beforeAll(async () => {
    member = await makeUser("uploader");
  });

  function multipart(urlPath: string, field: string, bytes: Uint8Array, filename: string, type: string, extra: Record<string, string> = {}) {
    const form = new FormData();
    for (const [name, value] of Object.entries(extra)) form.append(name, value);
    form.append(field, new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), filename);
    return new Request(ORIGIN + urlPath, { method: "POST", body: form, headers: { Cookie: member.cookie } });
  }

  it("POST /api/posts: 415 for an SVG named .png, 413 for a declared 100000 px image", async () => {
    const svg = await answer(createPost(args(multipart("/api/posts", "media", Buffer.from(SVG), "cute.png", "image/png", { story: "look" }))));
    expect(svg.status).toBe(415);
    expect(await svg.json()).toEqual({ error: fileMessage("cute.png", 415, MEDIA_MESSAGES.unsupported), status: 415 });

    const huge = await answer(createPost(args(multipart("/api/posts", "media", pngDeclaring(100_000, 100_000), "huge.png", "image/png", { story: "big" }))));
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ error: fileMessage("huge.png", 413, MEDIA_MESSAGES.dimensionsTooLarge), status: 413 });
  });

  it("PATCH /api/profile: a hostile profile photo is refused with its message", async () => {
    const request = multipart("/api/profile", "profile_image", Buffer.from(HTML), "me.jpg", "image/jpeg");
    const response = await answer(updateProfile(args(request)));
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect((await response.json()).error).toBe(MEDIA_MESSAGES.unsupported);
  });
});

describe("GET /media/<key> never serves markup inline", () => {
  async function get(key: string) {
    const response = (await media(args(new Request(`${ORIGIN}/media/${key}`), { "*": key }))) as Response;
    expect(response.status).toBe(200);
    return response;
  }

  function expectDownload(response: Response) {
    expect(response.headers.get("Content-Type")).toBe("application/octet-stream");
    expect(response.headers.get("Content-Disposition")).toBe("attachment");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Content-Security-Policy")).toMatch(/^default-src 'none';.*\bsandbox$/);
  }

  it("sends SVG and HTML files as downloads", async () => {
    for (const [ext, text] of [
      ["svg", SVG],
      ["html", HTML],
      ["htm", HTML],
      ["xml", SVG],
      ["svgz", SVG],
    ] as const) {
      const key = newKey(ext);
      await putMedia(key, Buffer.from(text));
      expectDownload(await get(key));
    }
  });

  it("sends markup stored under an image name as a download, not as that image type", async () => {
    for (const ext of ["png", "jpg", "webp", "gif", "avif"]) {
      const key = newKey(ext);
      await putMedia(key, Buffer.from(SVG));
      expectDownload(await get(key));
    }
  });

  it("serves real images inline, sandboxed", async () => {
    const stored = await processUpload(
      await sharp({ create: { width: 40, height: 30, channels: 3, background: "#fff" } })
        .png()
        .toBuffer(),
    );
    const response = await get(stored.path);
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    expect(response.headers.get("Content-Disposition")).toBe("inline");
    expect(response.headers.get("Content-Security-Policy")).toContain("sandbox");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });
});
