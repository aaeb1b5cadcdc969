// Assertions and samples shared by the upload tests. Samples are made at test time with the
// ffmpeg the pipeline runs (the system's), libheif's heif-enc, and checked with ffprobe and
// exiftool.
import { execFile } from "node:child_process";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { videoPrograms } from "~/lib/media/programs.server";
import { expect } from "vitest";
import { UserError } from "~/lib/user-error";

/** `promise` rejects with a UserError (a refused upload) of `status` and `message`. */
export async function expectMediaError(promise: Promise<unknown>, status: number, message: string) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(UserError);
  expect((error as UserError).status).toBe(status);
  expect((error as UserError).message).toBe(message);
}

// ------------------------------------------------------------------ samples made at test time

const run = promisify(execFile);

let sampleDir: string | undefined;

/** A folder for this run's samples. */
export async function samplesFolder(): Promise<string> {
  sampleDir ??= await mkdtemp(path.join(tmpdir(), "media-samples-"));
  return sampleDir;
}

/** Tags a phone writes into a clip: location, make, model, capture time. */
export const PHONE_TAGS = [
  "-movflags",
  "use_metadata_tags",
  "-metadata",
  "com.apple.quicktime.location.ISO6709=+51.5074-000.1278+010.000/",
  "-metadata",
  "location=+51.5074-000.1278/",
  "-metadata",
  "com.apple.quicktime.make=Apple",
  "-metadata",
  "com.apple.quicktime.model=iPhone 15 Pro",
  "-metadata",
  "make=Apple",
  "-metadata",
  "model=iPhone 15 Pro",
  "-metadata",
  "creation_time=2026-05-01T10:00:00Z",
];

/**
 * A short test clip made with ffmpeg: `size` (WxH) test pattern with a tone, `seconds` long,
 * encoded with `codec` arguments into `name` (its extension picks the container).
 */
export async function makeClip(
  name: string,
  options: { size?: string; seconds?: number; rate?: number; codec: string[]; extra?: string[]; audio?: boolean },
): Promise<string> {
  const file = path.join(await samplesFolder(), name);
  const { size = "320x240", seconds = 1.5, rate = 30, codec, extra = [], audio = true } = options;
  const input = ["-f", "lavfi", "-i", `testsrc2=size=${size}:rate=${rate}`];
  if (audio) input.push("-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100");
  await run(videoPrograms().ffmpeg, ["-v", "error", "-y", ...input, "-t", String(seconds), ...codec, ...extra, file]);
  return file;
}

/**
 * A small file that asks a lot of the decoder: `seconds` of black 4096x2160 at 60 fps
 * (a few hundred KB). One second is encoded and then repeated by copying, so it is quick
 * to make.
 */
export async function makeCostlyClip(name: string, seconds = 16): Promise<string> {
  const folder = await samplesFolder();
  const second = path.join(folder, `one-second-${name}`);
  const file = path.join(folder, name);
  const { ffmpeg } = videoPrograms();
  await run(ffmpeg, [
    "-v",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-i",
    "color=black:s=4096x2160:r=60",
    "-t",
    "1",
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    "-pix_fmt",
    "yuv420p",
    second,
  ]);
  await run(ffmpeg, ["-v", "error", "-y", "-stream_loop", String(seconds - 1), "-i", second, "-c", "copy", file]);
  return file;
}

/** Rewrites a clip's container with a rotation flag (clockwise degrees) for players to apply. */
export async function withRotation(source: string, name: string, degrees: number): Promise<string> {
  const file = path.join(await samplesFolder(), name);
  await run(videoPrograms().ffmpeg, ["-v", "error", "-y", "-i", source, "-c", "copy", "-map_metadata", "0", ...PHONE_TAGS, "-metadata:s:v:0", `rotate=${degrees}`, file]);
  return file;
}

/** The first `fraction` of a file, as a new file (an upload cut short). */
export async function truncated(source: string, name: string, fraction: number): Promise<string> {
  const bytes = await readFile(source);
  const file = path.join(await samplesFolder(), name);
  await writeFile(file, bytes.subarray(0, Math.floor(bytes.byteLength * fraction)));
  return file;
}

/** ffprobe's JSON for a file: format and streams with their tags. */
export async function ffprobe(file: string): Promise<{
  format: { tags?: Record<string, string>; duration?: string };
  streams: Array<{
    codec_type: string;
    codec_name: string;
    pix_fmt?: string;
    profile?: string;
    width?: number;
    height?: number;
    avg_frame_rate?: string;
    tags?: Record<string, string>;
    side_data_list?: unknown[];
  }>;
}> {
  const { stdout } = await run(videoPrograms().ffprobe, ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", file]);
  return JSON.parse(stdout);
}

/** Every tag exiftool reads from a file, as "Group:Name" → value. */
export async function exiftool(file: string): Promise<Record<string, unknown>> {
  const { stdout } = await run("exiftool", ["-j", "-a", "-G1", "-n", file]);
  return (JSON.parse(stdout) as Array<Record<string, unknown>>)[0];
}

/** Whether an MP4's index (moov) comes before its data (mdat): playback can start at once. */
export async function isFastStart(file: string): Promise<boolean> {
  const bytes = await readFile(file);
  const moov = bytes.indexOf("moov", 0, "latin1");
  const mdat = bytes.indexOf("mdat", 0, "latin1");
  return moov !== -1 && mdat !== -1 && moov < mdat;
}

/** A HEIC photo made with libheif's encoder from a PNG. */
export async function makeHeic(name: string, png: Buffer): Promise<string> {
  const folder = await samplesFolder();
  const source = path.join(folder, `${name}.png`);
  const file = path.join(folder, name);
  await writeFile(source, png);
  await run("heif-enc", ["-q", "60", "-o", file, source]);
  return file;
}

// ------------------------------------------------------------------ a grid HEIC, as iPhones write

function box(type: string, ...parts: Buffer[]): Buffer {
  const payload = Buffer.concat(parts);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + payload.length, 0);
  header.write(type, 4, "latin1");
  return Buffer.concat([header, payload]);
}

function fullBox(type: string, version: number, flags: number, ...parts: Buffer[]): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(((version & 0xff) << 24) | (flags & 0xffffff), 0);
  return box(type, head, ...parts);
}

const u8 = (value: number) => Buffer.from([value]);
const u16 = (value: number) => {
  const bytes = Buffer.alloc(2);
  bytes.writeUInt16BE(value);
  return bytes;
};
const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};

/** The hvcC box and the coded picture of a single-image HEIC (as heif-enc writes it). */
function singleImageParts(heic: Buffer): { hvcC: Buffer; data: Buffer } {
  const hvcAt = heic.indexOf("hvcC", 0, "latin1") - 4;
  const hvcC = heic.subarray(hvcAt, hvcAt + heic.readUInt32BE(hvcAt));
  const ilocAt = heic.indexOf("iloc", 0, "latin1") - 4;
  let at = ilocAt + 8;
  const version = heic[at];
  at += 4;
  const offsetSize = heic[at] >> 4;
  const lengthSize = heic[at] & 15;
  const baseSize = heic[at + 1] >> 4;
  at += 2;
  at += 2; // item count
  at += 2; // item id
  if (version >= 1) at += 2; // construction method
  at += 2; // data reference index
  const read = (size: number) => {
    const value = size === 8 ? Number(heic.readBigUInt64BE(at)) : size === 4 ? heic.readUInt32BE(at) : 0;
    at += size;
    return value;
  };
  const base = read(baseSize);
  at += 2; // extent count (one)
  const offset = base + read(offsetSize);
  const length = read(lengthSize);
  return { hvcC, data: heic.subarray(offset, offset + length) };
}

/**
 * A HEIC whose primary image is a `columns` × `rows` grid of copies of one tile (the layout
 * iPhones use), cropped to `width` × `height`.
 */
export async function makeGridHeic(name: string, tilePng: Buffer, grid: { columns: number; rows: number; width: number; height: number }): Promise<string> {
  const tile = await readFile(await makeHeic(`${name}-tile.heic`, tilePng));
  const { hvcC, data } = singleImageParts(tile);
  const tileSize = { width: tile.readUInt32BE(tile.indexOf("ispe", 0, "latin1") + 8), height: tile.readUInt32BE(tile.indexOf("ispe", 0, "latin1") + 12) };
  const count = grid.columns * grid.rows;
  const gridId = 1;
  const tileIds = Array.from({ length: count }, (_, index) => index + 2);
  const descriptor = Buffer.concat([u8(0), u8(0), u8(grid.rows - 1), u8(grid.columns - 1), u16(grid.width), u16(grid.height)]);

  const ftyp = box("ftyp", Buffer.from("heic", "latin1"), u32(0), Buffer.from("mif1heicmiaf", "latin1"));
  const build = (mdatStart: number) => {
    const hdlr = fullBox("hdlr", 0, 0, u32(0), Buffer.from("pict", "latin1"), Buffer.alloc(12), u8(0));
    const pitm = fullBox("pitm", 0, 0, u16(gridId));
    const ilocItems = [
      Buffer.concat([u16(gridId), u16(1), u16(0), u16(1), u32(0), u32(descriptor.length)]),
      ...tileIds.map((id) => Buffer.concat([u16(id), u16(0), u16(0), u16(1), u32(mdatStart), u32(data.length)])),
    ];
    const iloc = fullBox("iloc", 1, 0, u8(0x44), u8(0x00), u16(1 + count), ...ilocItems);
    const infe = (id: number, type: string, hidden: boolean) => fullBox("infe", 2, hidden ? 1 : 0, u16(id), u16(0), Buffer.from(type, "latin1"), u8(0));
    const iinf = fullBox("iinf", 0, 0, u16(1 + count), infe(gridId, "grid", false), ...tileIds.map((id) => infe(id, "hvc1", true)));
    const iref = fullBox("iref", 0, 0, box("dimg", u16(gridId), u16(count), ...tileIds.map(u16)));
    const ispe = (width: number, height: number) => fullBox("ispe", 0, 0, u32(width), u32(height));
    const ipco = box("ipco", hvcC, ispe(tileSize.width, tileSize.height), ispe(grid.width, grid.height));
    const ipmaEntries = [Buffer.concat([u16(gridId), u8(1), u8(3)]), ...tileIds.map((id) => Buffer.concat([u16(id), u8(2), u8(0x81), u8(2)]))];
    const ipma = fullBox("ipma", 0, 0, u32(1 + count), ...ipmaEntries);
    const idat = box("idat", descriptor);
    return fullBox("meta", 0, 0, hdlr, pitm, iloc, iinf, iref, box("iprp", ipco, ipma), idat);
  };
  // Every tile points at the same coded picture, stored once in mdat.
  const metaLength = build(0).length;
  const meta = build(ftyp.length + metaLength + 8);
  const file = path.join(await samplesFolder(), name);
  await writeFile(file, Buffer.concat([ftyp, meta, box("mdat", data)]));
  return file;
}
