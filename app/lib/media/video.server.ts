// Videos: probing with ffprobe and storing with ffmpeg. Every stored video is H.264 (High,
// yuv420p) with AAC audio or none, in an MP4 whose index comes first (+faststart), with no
// container or stream metadata (no location, device, or capture time) and no extra tracks.
// H.264/AAC input that browsers already play upright is copied as it is (a remux); anything
// else is transcoded, scaled so its long side is at most 1920 px, rotated upright and capped
// at 60 frames per second. Transcodes run at the lowest CPU priority with a bounded number of
// threads, so the site stays fast meanwhile. The original upload is never kept.
import { rm, stat } from "node:fs/promises";
import { UPLOAD_LIMITS } from "~/lib/media/media-types";
import { videoThreads, videoTimeoutMs } from "~/lib/server/env.server";
import { MediaTimeoutError, runBounded, videoPrograms, type RunOptions, type RunResult } from "~/lib/media/programs.server";

/** The long side of a stored video is at most this. */
export const VIDEO_MAX_EDGE = 1920;
/** Stored videos play at most this many frames per second. */
export const VIDEO_MAX_FPS = 60;
/** x264 quality (lower is better and larger). */
export const VIDEO_CRF = 23;
/** Videos wider or taller than this are refused before any decoding. */
export const VIDEO_MAX_DIMENSION = 8192;
/**
 * The most work a video may ask of the decoder: pixels per frame times frames, a minute of
 * 1080p at 60 fps (about 7.5 billion pixels). A 4K clip at 30 fps fits in 30 seconds, at
 * 60 fps in 15. Checked from ffprobe's view before anything is decoded.
 */
export const VIDEO_MAX_PIXEL_FRAMES = 1920 * 1080 * 60 * 60;
/** How long one ffprobe run may take. */
export const PROBE_TIMEOUT_MS = 30_000;

/** Input options for every ffmpeg and ffprobe run: local files and pipes only, never the network. */
const LOCAL_ONLY = ["-protocol_whitelist", "file,pipe"];

/** The wall-clock and CPU bounds of one ffmpeg run. */
function ffmpegBounds(): Pick<RunOptions, "timeoutMs" | "cpuSeconds"> {
  const timeoutMs = videoTimeoutMs();
  // Decoder and encoder threads, and a little more, all at full speed the whole time.
  return { timeoutMs, cpuSeconds: (timeoutMs / 1000) * (2 * videoThreads() + 1) };
}

function probeBounds(): Pick<RunOptions, "timeoutMs" | "cpuSeconds"> {
  return { timeoutMs: PROBE_TIMEOUT_MS, cpuSeconds: PROBE_TIMEOUT_MS / 1000 };
}

/** The first line of `-version` of the ffmpeg and ffprobe the pipeline runs. */
export async function videoProgramVersions(): Promise<{ ffmpeg: string; ffprobe: string }> {
  const { ffmpeg, ffprobe } = videoPrograms();
  const [a, b] = await Promise.all([runBounded(ffmpeg, ["-version"], probeBounds()), runBounded(ffprobe, ["-version"], probeBounds())]);
  const first = (result: RunResult) => result.stdout.toString("utf8").split("\n")[0]?.trim() ?? "";
  return { ffmpeg: first(a), ffprobe: first(b) };
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
  nb_frames?: string;
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
  /** The pixels the decoder must produce: width x height x frames (see videoCost). */
  pixelFrames: number;
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
  const result = await runBounded(ffprobe, [...LOCAL_ONLY, "-v", "error", "-print_format", "json", "-show_format", "-show_streams", file], {
    ...probeBounds(),
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
  const durationMs = Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : null;
  return {
    video,
    audio,
    width: turned ? video.height : storedWidth,
    height: turned ? storedWidth : video.height,
    rotation,
    fps,
    durationMs,
    pixelFrames: videoCost(video, durationMs),
  };
}

/**
 * What decoding a video costs, in pixels: width x height x frames. The frames are the more
 * of the count the stream declares and its frame rate times its length. The rate is
 * ffprobe's average (avg_frame_rate), else its base rate (r_frame_rate) when that is a
 * frame rate at all (a recorder's 1000/1 is a clock, not a rate); a rate or length that
 * cannot be read counts as the most a stored video has (60 fps, the longest clip).
 */
export function videoCost(video: ProbeStream, durationMs: number | null): number {
  const average = ratio(video.avg_frame_rate);
  const base = ratio(video.r_frame_rate);
  const rate = Number.isFinite(average) && average > 0 ? average : Number.isFinite(base) && base > 0 && base <= 4 * VIDEO_MAX_FPS ? base : VIDEO_MAX_FPS;
  const seconds = durationMs !== null ? durationMs / 1000 : UPLOAD_LIMITS.videoSeconds;
  const declared = Number(video.nb_frames ?? 0);
  const frames = Math.max(Number.isFinite(declared) ? declared : 0, rate * seconds);
  return (video.width ?? 0) * (video.height ?? 0) * frames;
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
  // The decoder gets the same thread cap as the encoder (by default it takes every core).
  const args = ["-hide_banner", "-nostdin", "-v", "error", "-y", ...LOCAL_ONLY, "-threads", String(videoThreads()), "-i", input, "-map", `0:${facts.video.index}`];
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
 * Reads ffmpeg's progress lines (`out_time_us=…`) and reports the share of the clip written
 * so far, 0 to 1, each time it grows.
 */
export function progressReader(durationMs: number, onProgress: (fraction: number) => void): (chunk: Buffer) => void {
  let rest = "";
  let last = -1;
  return (chunk) => {
    const lines = (rest + chunk.toString("utf8")).split("\n");
    rest = lines.pop() ?? "";
    for (const line of lines) {
      const match = /^out_time_us=(\d+)$/.exec(line.trim());
      if (!match) continue;
      const fraction = Math.min(1, Number(match[1]) / 1000 / durationMs);
      if (fraction > last) {
        last = fraction;
        onProgress(fraction);
      }
    }
  };
}

/**
 * Writes the stored form of the video at `input` to `output` (an MP4). Throws ProbeError
 * when the input is damaged or cannot be decoded; `output` is removed then.
 */
export async function encodeVideo(input: string, output: string, probe: Probe, onProgress?: (fraction: number) => void): Promise<EncodedVideo> {
  const facts = videoFacts(probe);
  if (!facts) throw new ProbeError("unreadable", "no video stream");
  const remux = canRemux(facts, probe.format.format_name);
  const { ffmpeg } = videoPrograms();
  try {
    const bounds = ffmpegBounds();
    const args = encodeArguments(input, output, facts, remux);
    const watch = onProgress && facts.durationMs ? progressReader(facts.durationMs, onProgress) : null;
    // ffmpeg writes "key=value" lines of its progress to stdout; the output file is the last argument.
    if (watch) args.splice(args.length - 1, 0, "-progress", "pipe:1");
    const result = await runBounded(ffmpeg, args, { ...bounds, lowPriority: true, maxStdout: 1024, onStdout: watch ?? undefined });
    // Ended by the kernel for its CPU time (SIGXCPU, then SIGKILL): as good as too slow.
    if (result.signal === "SIGXCPU" || result.signal === "SIGKILL") throw new MediaTimeoutError(ffmpeg, bounds.timeoutMs);
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
  const result = await runBounded(
    ffmpeg,
    [
      "-hide_banner",
      "-nostdin",
      "-v",
      "error",
      ...LOCAL_ONLY,
      "-threads",
      String(videoThreads()),
      "-ss",
      at,
      "-i",
      file,
      "-frames:v",
      "1",
      "-map",
      "0:v:0",
      "-f",
      "image2pipe",
      "-c:v",
      "png",
      "pipe:1",
    ],
    { ...ffmpegBounds(), lowPriority: true, maxStdout: 64 * 1024 * 1024 },
  );
  if (result.code !== 0 || result.stdout.byteLength === 0) throw new ProbeError("damaged", result.stderr.trim() || "no frame");
  return result.stdout;
}
