import { describe, expect, it } from "vitest";
import { addFiles, automaticLayoutText, checkFile, formatBytes, moveItem, sentPerFile, sniffKind, UPLOAD_MESSAGES, uploadKindOf } from "~/components/upload/upload-rules";
import { UPLOAD_LIMITS } from "~/lib/media/media-types";

const MB = 1024 * 1024;
const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe("uploadKindOf", () => {
  it("knows photos and videos by their type", () => {
    expect(uploadKindOf(file("a.jpg", "image/jpeg"))).toBe("image");
    expect(uploadKindOf(file("a.heic", "image/heic"))).toBe("image");
    expect(uploadKindOf(file("a.mov", "video/quicktime"))).toBe("video");
    expect(uploadKindOf(file("a.webm", "video/webm"))).toBe("video");
  });

  it("falls back to the extension when the browser gives no type", () => {
    expect(uploadKindOf(file("IMG_1.HEIC", ""))).toBe("image");
    expect(uploadKindOf(file("clip.m4v", "application/octet-stream"))).toBe("video");
  });

  it("refuses other types, whatever the name says", () => {
    expect(uploadKindOf(file("notes.txt", "text/plain"))).toBeNull();
    expect(uploadKindOf(file("photo.jpg", "text/plain"))).toBeNull();
    expect(uploadKindOf(file("movie.avi", "video/x-msvideo"))).toBeNull();
  });
});

describe("checkFile", () => {
  it("answers with the server's words", () => {
    expect(checkFile(file("a.txt", "text/plain"))).toBe("Unsupported media type");
    expect(checkFile(file("a.jpg", "image/jpeg", 0))).toBe(UPLOAD_MESSAGES.empty);
    expect(checkFile(file("a.jpg", "image/jpeg", UPLOAD_LIMITS.imageBytes + 1))).toBe("Images can be at most 15 MB");
    expect(checkFile(file("a.mp4", "video/mp4", UPLOAD_LIMITS.videoBytes + 1))).toBe("Videos can be at most 1024 MB");
    expect(checkFile(file("a.mp4", "video/mp4", 20 * MB))).toBeNull();
  });
});

describe("addFiles", () => {
  it("accepts good files and says why others were refused", () => {
    const { accepted, rejected } = addFiles([], [file("a.jpg", "image/jpeg"), file("b.txt", "text/plain")]);
    expect(accepted.map((f) => f.name)).toEqual(["a.jpg"]);
    expect(rejected).toEqual([{ name: "b.txt", reason: "Unsupported media type" }]);
  });

  it("stops at 20 files", () => {
    const current = Array.from({ length: 19 }, (_, i) => file(`${i}.jpg`, "image/jpeg"));
    const { accepted, rejected } = addFiles(current, [file("x.jpg", "image/jpeg"), file("y.jpg", "image/jpeg")]);
    expect(accepted.map((f) => f.name)).toEqual(["x.jpg"]);
    expect(rejected[0].reason).toBe(UPLOAD_MESSAGES.tooManyFiles);
  });

  it("keeps the post's total under 2048 MB", () => {
    const current = [file("a.mp4", "video/mp4", 1023 * MB), file("b.mp4", "video/mp4", 1023 * MB)];
    const { accepted, rejected } = addFiles(current, [file("c.jpg", "image/jpeg", 3 * MB)]);
    expect(accepted).toEqual([]);
    expect(rejected[0].reason).toBe("A post's files can be at most 2048 MB in total");
  });
});

describe("order of previews", () => {
  it("moves any item to any place, photos and videos alike", () => {
    const items = ["a.jpg", "v1.mp4", "b.jpg", "v2.mp4"];
    expect(moveItem(items, 1, 0)).toEqual(["v1.mp4", "a.jpg", "b.jpg", "v2.mp4"]);
    expect(moveItem(items, 0, 3)).toEqual(["v1.mp4", "b.jpg", "v2.mp4", "a.jpg"]);
    expect(moveItem(items, 0, -1)).toBe(items);
    expect(moveItem(items, 3, 4)).toBe(items);
  });
});

describe("sniffKind (what the first bytes say)", () => {
  const bytes = (...parts: Array<string | number[]>) =>
    Uint8Array.from(parts.flatMap((part) => (typeof part === "string" ? [...part].map((char) => char.charCodeAt(0)) : part)));

  it("knows photos and videos by their bytes and refuses anything else", () => {
    expect(sniffKind(bytes([0xff, 0xd8, 0xff, 0xe1]))).toBe("image");
    expect(sniffKind(bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a]))).toBe("image");
    expect(sniffKind(bytes("RIFF", [0, 0, 0, 0], "WEBPVP8 "))).toBe("image");
    expect(sniffKind(bytes([0, 0, 0, 24], "ftypheic"))).toBe("image");
    expect(sniffKind(bytes([0, 0, 0, 20], "ftypqt  "))).toBe("video");
    expect(sniffKind(bytes([0, 0, 0, 8], "wide"))).toBe("video");
    expect(sniffKind(bytes([0x1a, 0x45, 0xdf, 0xa3]))).toBe("video");
    expect(sniffKind(bytes("just some notes"))).toBeNull();
    expect(sniffKind(bytes())).toBeNull();
  });
});

describe("automaticLayoutText (the default layout)", () => {
  it("names the layout the default picks", () => {
    expect(automaticLayoutText(1)).toBe("Single for 1 item");
    expect(automaticLayoutText(4)).toBe("Carousel for 4 items");
    expect(automaticLayoutText(7)).toBe("Grid for 7 items");
    expect(automaticLayoutText(0)).toMatch(/single, carousel or grid/);
  });
});

describe("formatBytes", () => {
  it("reads well", () => {
    expect(formatBytes(2048)).toBe("2 KB");
    expect(formatBytes(3.4 * MB)).toBe("3.4 MB");
    expect(formatBytes(42 * MB)).toBe("42 MB");
  });
});

describe("sentPerFile (each file's share of the bytes sent)", () => {
  // 100 bytes of fields, then files of 1,000, 500 and 2,000 bytes.
  const sizes = [1000, 500, 2000];
  const total = 100 + 3500;

  it("counts nothing for the files while the fields are sent", () => {
    expect(sentPerFile(0, total, sizes)).toEqual([0, 0, 0]);
    expect(sentPerFile(100, total, sizes)).toEqual([0, 0, 0]);
  });

  it("fills the files in order", () => {
    expect(sentPerFile(600, total, sizes)).toEqual([50, 0, 0]);
    expect(sentPerFile(1100, total, sizes)).toEqual([100, 0, 0]);
    expect(sentPerFile(1350, total, sizes)).toEqual([100, 50, 0]);
    expect(sentPerFile(3100, total, sizes)).toEqual([100, 100, 75]);
  });

  it("is all done when everything is sent, and never over", () => {
    expect(sentPerFile(total, total, sizes)).toEqual([100, 100, 100]);
    expect(sentPerFile(total + 50, total, sizes)).toEqual([100, 100, 100]);
  });
});
