// Videos: probing with ffprobe and storing with ffmpeg. Every stored video is H.264 (High,
// yuv420p) with AAC audio or none, in an MP4 whose index comes first (+faststart), with no
// container or stream metadata (no location, device, or capture time) and no extra tracks.
// H.264/AAC input that browsers already play upright is copied as it is (a remux); anything
// else is transcoded, scaled so its long side is at most 1920 px, rotated upright and capped
// at 60 frames per second. Transcodes run at the lowest CPU priority with a bounded number of
// threads, so the site stays fast meanwhile. The original upload is never kept.
import { spawn } from "node:child_process";
import { open, rm, stat } from "node:fs/promises";
import { createRequire } from "node:module";
import { constants as osConstants, setPriority } from "node:os";
import path from "node:path";
import { ffmpegPaths, videoThreads } from "~/lib/env.server";

/** The long side of a stored video is at most this. */
export const VIDEO_MAX_EDGE = 1920;
/** Stored videos play at most this many frames per second. */
export const VIDEO_MAX_FPS = 60;
/** x264 quality (lower is better and larger). */
export const VIDEO_CRF = 23;
/** Videos wider or taller than this are refused before any decoding. */
export const VIDEO_MAX_DIMENSION = 8192;

// ------------------------------------------------------------------ the programs

let programs: { ffmpeg: string; ffprobe: string } | undefined;

/** The registry package's binary for this platform, or the bare name (found on PATH). */
function packagedBinary(pkg: string, name: string): string {
  try {
    const required = createRequire(import.meta.url)(pkg) as { path?: string };
    return required.path ?? name;
  } catch {
    return name;
  }
}

export function videoPrograms(): { ffmpeg: string; ffprobe: string } {
  programs ??= ffmpegPaths({
    ffmpeg: packagedBinary("@ffmpeg-installer/ffmpeg", "ffmpeg"),
    ffprobe: packagedBinary("@ffprobe-installer/ffprobe", "ffprobe"),
  });
  return programs;
}

type RunResult = { code: number | null; stdout: Buffer; stderr: string };

/**
 * Runs a program and collects its output. `lowPriority` lowers its CPU priority to the
 * minimum as soon as it starts. Output beyond `maxStdout` bytes fails the run.
 */
function run(program: string, args: string[], options: { lowPriority?: boolean; maxStdout?: number } = {}): Promise<RunResult> {
  const maxStdout = options.maxStdout ?? 16 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ["ignore", "pipe", "pipe"] });
    if (options.lowPriority && child.pid) {
      try {
        setPriority(child.pid, osConstants.priority.PRIORITY_LOW);
      } catch {
        // Not allowed here: it still runs with a bounded thread count.
      }
    }
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdoutBytes += chunk.byteLength;
      if (stdoutBytes > maxStdout) child.kill("SIGKILL");
      else stdout.push(chunk);
    });
    child.stderr.on("data", (chunk: Buffer) => {
      if (stderr.length < 64 * 1024) stderr += chunk.toString("utf8");
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (stdoutBytes > maxStdout) reject(new Error(`${path.basename(program)} wrote more than ${maxStdout} bytes`));
      else resolve({ code, stdout: Buffer.concat(stdout), stderr });
    });
  });
}

// ------------------------------------------------------------------ probing

export type ProbeStream = {
  index: number;
  codec_type?: string;
  codec_name?: string;
  profile?: string;
  pix_fmt?: string;
  width?: number;
  height?: number;
  sample_aspect_ratio?: string;
  r_frame_rate?: string;
  avg_frame_rate?: string;
  duration?: string;
  bits_per_raw_sample?: string;
  tags?: Record<string, string>;
  side_data_list?: Array<{ side_data_type?: string; rotation?: number }>;
  disposition?: { attached_pic?: number };
};

export type Probe = { format: { format_name?: string; duration?: string; size?: string }; streams: ProbeStream[] };

export type VideoFacts = {
  video: ProbeStream;
  audio: ProbeStream | null;
  /** Display size: rotation applied. */
  width: number;
  height: number;
  /** Clockwise rotation a player must apply (0, 90, 180, 270). */
  rotation: number;
  fps: number;
  durationMs: number | null;
};

/** Why a probe failed: the file is damaged (400) or it is not a video we can read (415). */
export class ProbeError extends Error {
  constructor(
    readonly reason: "damaged" | "unreadable",
    message: string,
  ) {
    super(message);
  }
}

const DAMAGE_SIGNS = /moov atom not found|partial file|invalid data found|end of file|truncat|error reading header|EBML header parsing failed/i;

/** ffprobe's view of a file (format and streams). */
export async function probeVideo(file: string): Promise<Probe> {
  const { ffprobe } = videoPrograms();
  const result = await run(ffprobe, ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", file], {
    maxStdout: 4 * 1024 * 1024,
  });
  if (result.code !== 0) {
    throw new ProbeError(DAMAGE_SIGNS.test(result.stderr) ? "damaged" : "unreadable", result.stderr.trim().split("\n")[0] ?? "ffprobe failed");
  }
  try {
    const probe = JSON.parse(result.stdout.toString("utf8")) as Partial<Probe>;
    return { format: probe.format ?? {}, streams: probe.streams ?? [] };
  } catch {
    throw new ProbeError("unreadable", "ffprobe answered no JSON");
  }
}

function ratio(value: string | undefined): number {
  if (!value) return 0;
  const [top, bottom] = value.split("/").map(Number);
  if (!bottom) return Number.isFinite(top) ? top : 0;
  return top / bottom;
}

/** Clockwise rotation from the display matrix (newer ffprobe) or the `rotate` tag (older). */
function rotationOf(stream: ProbeStream): number {
  const matrix = stream.side_data_list?.find((data) => typeof data.rotation === "number");
  // The display matrix states the counter-clockwise angle; the tag the clockwise one.
  const degrees = matrix ? -(matrix.rotation ?? 0) : Number(stream.tags?.rotate ?? 0);
  const normal = (((Math.round(degrees / 90) * 90) % 360) + 360) % 360;
  return Number.isFinite(normal) ? normal : 0;
}

/** The first real video stream (not cover art) and a readable audio stream; null without video. */
export function videoFacts(probe: Probe): VideoFacts | null {
  const video = probe.streams.find((stream) => stream.codec_type === "video" && !stream.disposition?.attached_pic && stream.codec_name && stream.width && stream.height);
  if (!video?.width || !video.height) return null;
  const audio = probe.streams.find((stream) => stream.codec_type === "audio" && stream.codec_name && stream.codec_name !== "none") ?? null;
  const rotation = rotationOf(video);
  const sar = ratio(video.sample_aspect_ratio);
  const storedWidth = sar > 0 && Math.abs(sar - 1) > 0.01 ? Math.round(video.width * sar) : video.width;
  const turned = rotation === 90 || rotation === 270;
  const seconds = Number(probe.format.duration ?? video.duration);
  const fps = ratio(video.avg_frame_rate) || ratio(video.r_frame_rate);
  return {
    video,
    audio,
    width: turned ? video.height : storedWidth,
    height: turned ? storedWidth : video.height,
    rotation,
    fps,
    durationMs: Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : null,
  };
}

/**
 * Whether the file can be stored by copying its streams: H.264 in 8-bit 4:2:0, at most
 * 1920 px on the long side and 60 fps, square pixels, no rotation for the player to apply,
 * and AAC audio or none, in an MP4/QuickTime container.
 */
export function canRemux(facts: VideoFacts, formatName: string | undefined): boolean {
  const { video, audio } = facts;
  return (
    /mp4|mov/.test(formatName ?? "") &&
    video.codec_name === "h264" &&
    video.pix_fmt === "yuv420p" &&
    (video.bits_per_raw_sample === undefined || video.bits_per_raw_sample === "8") &&
    Math.max(video.width ?? 0, video.height ?? 0) <= VIDEO_MAX_EDGE &&
    facts.fps > 0 &&
    facts.fps <= VIDEO_MAX_FPS + 0.5 &&
    facts.rotation === 0 &&
    (!video.sample_aspect_ratio || ["1:1", "0:1"].includes(video.sample_aspect_ratio)) &&
    (audio === null || audio.codec_name === "aac")
  );
}

// ------------------------------------------------------------------ truncation

/**
 * Whether an MP4/QuickTime file ends inside one of its top-level boxes (a cut-off upload).
 * Reads only the box headers.
 */
export async function isTruncatedMp4(file: string): Promise<boolean> {
  const handle = await open(file, "r");
  try {
    const size = (await handle.stat()).size;
    const header = Buffer.alloc(16);
    let offset = 0;
    let boxes = 0;
    while (offset < size && boxes < 10_000) {
      const { bytesRead } = await handle.read(header, 0, 16, offset);
      if (bytesRead < 8) return true;
      let boxSize = header.readUInt32BE(0);
      if (boxSize === 1) {
        if (bytesRead < 16) return true;
        boxSize = Number(header.readBigUInt64BE(8));
      } else if (boxSize === 0) {
        return false; // the last box runs to the end of the file
      }
      if (boxSize < 8) return true;
      if (offset + boxSize > size) return true;
      offset += boxSize;
      boxes += 1;
    }
    return false;
  } finally {
    await handle.close();
  }
}

// ------------------------------------------------------------------ storing

export type EncodedVideo = {
  /** The MP4 written (at `output`). */
  width: number;
  height: number;
  durationMs: number | null;
  bytes: number;
  /** Whether the streams were copied rather than re-encoded. */
  remuxed: boolean;
};

/** Metadata options: nothing of the source's container, streams or chapters is written. */
const STRIP_METADATA = [
  "-map_metadata",
  "-1",
  "-map_metadata:s:v",
  "-1",
  "-map_metadata:s:a",
  "-1",
  "-map_chapters",
  "-1",
  "-fflags",
  "+bitexact",
  "-flags:v",
  "+bitexact",
  "-flags:a",
  "+bitexact",
];

/** Even, at most VIDEO_MAX_EDGE on the long side, aspect kept (after rotation is applied). */
const SCALE = `scale='if(gte(iw,ih),min(${VIDEO_MAX_EDGE},trunc(iw/2)*2),-2)':'if(gte(iw,ih),-2,min(${VIDEO_MAX_EDGE},trunc(ih/2)*2))'`;

function encodeArguments(input: string, output: string, facts: VideoFacts, remux: boolean): string[] {
  const args = ["-hide_banner", "-nostdin", "-v", "error", "-y", "-i", input, "-map", `0:${facts.video.index}`];
  if (facts.audio) args.push("-map", `0:${facts.audio.index}`);
  args.push("-dn", "-sn", ...STRIP_METADATA);
  if (remux) {
    args.push("-c", "copy");
  } else {
    const filters: string[] = [];
    if (facts.video.sample_aspect_ratio && !["1:1", "0:1"].includes(facts.video.sample_aspect_ratio)) {
      filters.push("scale='trunc(iw*sar/2)*2':ih", "setsar=1");
    }
    filters.push(SCALE);
    if (facts.fps > VIDEO_MAX_FPS + 0.5) filters.push(`fps=${VIDEO_MAX_FPS}`);
    filters.push("format=yuv420p");
    const threads = String(videoThreads());
    args.push(
      "-vf",
      filters.join(","),
      "-c:v",
      "libx264",
      "-profile:v",
      "high",
      "-preset",
      "veryfast",
      "-crf",
      String(VIDEO_CRF),
      "-pix_fmt",
      "yuv420p",
      "-threads",
      threads,
      "-filter_threads",
      "1",
      "-max_muxing_queue_size",
      "4096",
    );
    if (facts.audio) {
      if (facts.audio.codec_name === "aac") args.push("-c:a", "copy");
      else args.push("-c:a", "aac", "-b:a", "160k", "-ac", "2");
    }
    // Rotation is applied by the filters (ffmpeg rotates decoded frames by default): the
    // output carries no rotation of its own.
    args.push("-metadata:s:v:0", "rotate=0");
  }
  args.push("-movflags", "+faststart", "-f", "mp4", output);
  return args;
}

/**
 * Writes the stored form of the video at `input` to `output` (an MP4). Throws ProbeError
 * when the input is damaged or cannot be decoded; `output` is removed then.
 */
export async function encodeVideo(input: string, output: string, probe: Probe): Promise<EncodedVideo> {
  const facts = videoFacts(probe);
  if (!facts) throw new ProbeError("unreadable", "no video stream");
  const remux = canRemux(facts, probe.format.format_name);
  const { ffmpeg } = videoPrograms();
  try {
    const result = await run(ffmpeg, encodeArguments(input, output, facts, remux), { lowPriority: true, maxStdout: 1024 });
    if (result.code !== 0) {
      throw new ProbeError(DAMAGE_SIGNS.test(result.stderr) || remux ? "damaged" : "unreadable", result.stderr.trim().split("\n")[0] ?? "ffmpeg failed");
    }
    const written = await probeVideo(output);
    const out = videoFacts(written);
    if (!out) throw new ProbeError("damaged", "no video was written");
    // A source cut short decodes to less than it declares.
    if (facts.durationMs && out.durationMs && out.durationMs < facts.durationMs * 0.9 - 500) {
      throw new ProbeError("damaged", "the video ends early");
    }
    const { size } = await stat(output);
    return { width: out.width, height: out.height, durationMs: out.durationMs ?? facts.durationMs, bytes: size, remuxed: remux };
  } catch (error) {
    await rm(output, { force: true });
    throw error;
  }
}

/**
 * One frame of a stored video as PNG bytes: at 1 s, or the first frame of a shorter clip.
 */
export async function posterFrame(file: string, durationMs: number | null): Promise<Buffer> {
  const { ffmpeg } = videoPrograms();
  const at = durationMs !== null && durationMs > 1500 ? "1" : "0";
  const result = await run(
    ffmpeg,
    ["-hide_banner", "-nostdin", "-v", "error", "-ss", at, "-i", file, "-frames:v", "1", "-map", "0:v:0", "-f", "image2pipe", "-c:v", "png", "pipe:1"],
    { lowPriority: true, maxStdout: 64 * 1024 * 1024 },
  );
  if (result.code !== 0 || result.stdout.byteLength === 0) throw new ProbeError("damaged", result.stderr.trim() || "no frame");
  return result.stdout;
}
