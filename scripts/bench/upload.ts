// Upload-to-ready rows of the benchmark: a phone-like clip is made with ffmpeg (cached in
// tests/.tmp/bench-cache/clips), sent to POST /api/posts as a multipart upload streamed from
// disk, and the post's processing state is polled until it is ready (or failed). Meanwhile the
// home page is read by a few clients; its p50 is compared with the p50 of the same reads just
// before the upload (idle).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, openAsBlob, renameSync, statSync } from "node:fs";
import path from "node:path";
import { videoPrograms } from "../../app/lib/media/programs.server";
import { root, type Member } from "./server";

export type Clip = {
  key: string;
  label: string;
  file: string;
  /** ffmpeg arguments after the input that make the clip. */
  make: string[];
};

const CLIPS_DIR = path.join(root, "tests", ".tmp", "bench-cache", "clips");

export const CLIPS: Clip[] = [
  {
    key: "upload-hevc-1080p",
    label: "upload → ready: 10 s 1080p HEVC .mov",
    file: "hevc-1080p-10s.mov",
    make: [
      "-f",
      "lavfi",
      "-i",
      "testsrc2=size=1920x1080:rate=30",
      "-f",
      "lavfi",
      "-i",
      "sine=frequency=440:sample_rate=48000",
      "-t",
      "10",
      "-c:v",
      "libx265",
      "-preset",
      "ultrafast",
      "-tag:v",
      "hvc1",
      "-pix_fmt",
      "yuv420p",
      "-c:a",
      "aac",
      "-shortest",
    ],
  },
  {
    // 4K at 30 fps fits the cost limit for 30 s (docs/media.md): a minute of it is refused.
    key: "upload-4k-25s",
    label: "upload → ready: 25 s 4K H.264 .mp4",
    file: "h264-4k-25s.mp4",
    make: [
      "-f",
      "lavfi",
      "-i",
      "testsrc2=size=3840x2160:rate=30",
      "-f",
      "lavfi",
      "-i",
      "sine=frequency=440:sample_rate=48000",
      "-t",
      "25",
      "-c:v",
      "libx264",
      "-preset",
      "ultrafast",
      "-crf",
      "28",
      "-pix_fmt",
      "yuv420p",
      "-c:a",
      "aac",
      "-shortest",
    ],
  },
];

export type UploadResult = {
  key: string;
  label: string;
  bytes: number;
  /** Seconds until the upload was answered (the file safely on disk). */
  answeredS: number | null;
  /** Seconds from the start of the upload until the post was ready. */
  readyS: number | null;
  status: string;
  idleP50: number | null;
  busyP50: number | null;
  note: string;
};

/** Makes the clip once (ffmpeg at low priority); answers its path. */
export function ensureClip(clip: Clip, log: (line: string) => void): string {
  mkdirSync(CLIPS_DIR, { recursive: true });
  const file = path.join(CLIPS_DIR, clip.file);
  if (existsSync(file)) return file;
  log(`Making ${clip.file} with ffmpeg…`);
  const partial = `${file}.part${path.extname(file)}`;
  const made = spawnSync("nice", ["-n", "10", videoPrograms().ffmpeg, "-y", "-loglevel", "error", ...clip.make, partial], {
    stdio: ["ignore", "ignore", "pipe"],
    timeout: 20 * 60_000,
  });
  if (made.status !== 0) throw new Error(`ffmpeg could not make ${clip.file}: ${made.stderr?.toString().trim().split("\n").slice(-3).join(" ")}`);
  renameSync(partial, file);
  return file;
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Reads `/` with `clients` parallel readers until `until()` says stop; answers the latencies (ms). */
async function readHome(url: string, cookie: string, clients: number, until: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (!until()) {
        const started = performance.now();
        try {
          const response = await fetch(`${url}/`, { headers: { Cookie: cookie } });
          await response.arrayBuffer();
          if (response.ok) latencies.push(performance.now() - started);
        } catch {
          // counted as missing
        }
      }
    }),
  );
  return latencies;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One upload-to-ready row. */
export async function uploadToReady(
  url: string,
  member: Member,
  clip: Clip,
  options: { idleSeconds?: number; maxMinutes?: number; clients?: number; log?: (line: string) => void } = {},
): Promise<UploadResult> {
  const log = options.log ?? (() => undefined);
  const clients = options.clients ?? 2;
  const result: UploadResult = { key: clip.key, label: clip.label, bytes: 0, answeredS: null, readyS: null, status: "not run", idleP50: null, busyP50: null, note: "" };
  let file: string;
  try {
    file = ensureClip(clip, log);
  } catch (error) {
    result.note = (error as Error).message;
    return result;
  }
  result.bytes = statSync(file).size;

  const idleEnd = performance.now() + (options.idleSeconds ?? 5) * 1000;
  result.idleP50 = median(await readHome(url, member.cookie, clients, () => performance.now() > idleEnd));

  let finished = false;
  const busy = readHome(url, member.cookie, clients, () => finished);
  const started = performance.now();
  try {
    const form = new FormData();
    form.append("story", `Benchmark upload ${clip.file}`);
    form.append("media", await openAsBlob(file, { type: "application/octet-stream" }), clip.file);
    const response = await fetch(`${url}/api/posts`, { method: "POST", body: form, headers: { Cookie: member.cookie, Origin: url, Accept: "application/json" } });
    result.answeredS = (performance.now() - started) / 1000;
    const body = (await response.json()) as { post?: { id: number }; error?: string };
    if (response.status !== 201 || !body.post) {
      result.status = `${response.status}`;
      result.note = body.error ?? "";
      return result;
    }
    const deadline = started + (options.maxMinutes ?? 20) * 60_000;
    for (;;) {
      const state = await fetch(`${url}/api/posts/${body.post.id}/processing`, { headers: { Cookie: member.cookie } });
      const processing = state.ok ? ((await state.json()) as { processing: { status: string; files: Array<{ error: string | null }> } }).processing : null;
      if (processing && processing.status !== "processing") {
        result.status = processing.status;
        result.readyS = (performance.now() - started) / 1000;
        if (processing.status === "failed")
          result.note = processing.files
            .map((f) => f.error)
            .filter(Boolean)
            .join("; ");
        break;
      }
      if (performance.now() > deadline) {
        result.status = "timeout";
        break;
      }
      await sleep(250);
    }
  } finally {
    finished = true;
    result.busyP50 = median(await busy);
  }
  return result;
}

export function uploadTable(results: UploadResult[]): string {
  const lines = ["| row | MB | answered s | ready s | status | home p50 idle ms | home p50 meanwhile ms | × idle |", "|:---|---:|---:|---:|:---|---:|---:|---:|"];
  for (const r of results) {
    const ratio = r.idleP50 && r.busyP50 ? (r.busyP50 / r.idleP50).toFixed(2) : "";
    lines.push(
      `| ${r.label} | ${(r.bytes / 1024 / 1024).toFixed(1)} | ${r.answeredS?.toFixed(1) ?? ""} | ${r.readyS?.toFixed(1) ?? ""} | ${r.status}${r.note ? ` (${r.note})` : ""} | ${r.idleP50?.toFixed(1) ?? ""} | ${r.busyP50?.toFixed(1) ?? ""} | ${ratio} |`,
    );
  }
  return lines.join("\n");
}
