// Assertions and samples shared by the upload tests. Samples are made at test time with the
// ffmpeg that `npm ci` installs, libheif's heif-enc, and checked with ffprobe and exiftool.
import { execFile } from "node:child_process";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { videoPrograms } from "~/lib/video.server";
import { expect } from "vitest";
import { MediaError } from "~/lib/images.server";

/** `promise` rejects with a MediaError of `status` and `message`. */
export async function expectMediaError(promise: Promise<unknown>, status: number, message: string) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MediaError);
  expect((error as MediaError).status).toBe(status);
  expect((error as MediaError).message).toBe(message);
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
  "-movflags", "use_metadata_tags",
  "-metadata", "com.apple.quicktime.location.ISO6709=+51.5074-000.1278+010.000/",
  "-metadata", "location=+51.5074-000.1278/",
  "-metadata", "com.apple.quicktime.make=Apple",
  "-metadata", "com.apple.quicktime.model=iPhone 15 Pro",
  "-metadata", "make=Apple",
  "-metadata", "model=iPhone 15 Pro",
  "-metadata", "creation_time=2026-05-01T10:00:00Z",
];

/**
 * A short test clip made with ffmpeg: `size` (WxH) test pattern with a tone, `seconds` long,
 * encoded with `codec` arguments into `name` (its extension picks the container).
 */
export async function makeClip(name: string, options: { size?: string; seconds?: number; rate?: number; codec: string[]; extra?: string[]; audio?: boolean }): Promise<string> {
  const file = path.join(await samplesFolder(), name);
  const { size = "320x240", seconds = 1.5, rate = 30, codec, extra = [], audio = true } = options;
  const input = ["-f", "lavfi", "-i", `testsrc2=size=${size}:rate=${rate}`];
  if (audio) input.push("-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100");
  await run(videoPrograms().ffmpeg, ["-v", "error", "-y", ...input, "-t", String(seconds), ...codec, ...extra, file]);
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
  streams: Array<{ codec_type: string; codec_name: string; pix_fmt?: string; profile?: string; width?: number; height?: number; avg_frame_rate?: string; tags?: Record<string, string>; side_data_list?: unknown[] }>;
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
