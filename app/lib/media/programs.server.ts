// The programs the media pipeline runs (ffmpeg and ffprobe: a setting's, else the system's,
// else the npm package's) and how every run of them is bounded: a process group of its own,
// a wall-clock limit that kills the whole group, CPU time and memory limits from the kernel,
// and the lowest CPU priority when asked.
import { spawn } from "node:child_process";
import { accessSync, constants as fsConstants, statSync } from "node:fs";
import { createRequire } from "node:module";
import { constants as osConstants, setPriority } from "node:os";
import path from "node:path";
import { ffmpegSettings, isProduction, searchPath } from "~/lib/server/env.server";

/** The address space one ffmpeg or ffprobe process may reserve (a decoder bug runs out of it). */
export const VIDEO_MEMORY_LIMIT_BYTES = 3 * 1024 ** 3;

export type VideoPrograms = {
  ffmpeg: string;
  ffprobe: string;
  /** Where each came from: a setting, the system (maintained by its package manager) or the npm package. */
  source: { ffmpeg: ProgramSource; ffprobe: ProgramSource };
};
export type ProgramSource = "setting" | "system" | "npm";

let programs: { key: string; found: VideoPrograms } | undefined;
/** The last warning printed (once is enough). */
let warned: string | null = null;

function isExecutable(file: string): boolean {
  try {
    accessSync(file, fsConstants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Where the system's programs are looked for: /usr/bin first (what the package manager keeps up to date), then PATH. */
export function systemDirs(): string[] {
  return ["/usr/bin", ...searchPath()];
}

/** The system's program of that name, or null. */
export function systemProgram(name: string, dirs: string[] = systemDirs()): string | null {
  for (const dir of dirs) {
    const candidate = path.join(dir, name);
    // The npm packages' binaries are the fallback, never "the system's".
    if (candidate.includes(`${path.sep}node_modules${path.sep}`)) continue;
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

/** The registry package's binary for this platform, or the bare name. */
function packagedBinary(pkg: string, name: string): string {
  try {
    const required = createRequire(import.meta.url)(pkg) as { path?: string };
    return required.path ?? name;
  } catch {
    return name;
  }
}

function resolveProgram(name: "ffmpeg" | "ffprobe", setting: string | null, pkg: string, dirs: string[]): { file: string; source: ProgramSource } {
  if (setting) return { file: setting, source: "setting" };
  const system = systemProgram(name, dirs);
  if (system) return { file: system, source: "system" };
  return { file: packagedBinary(pkg, name), source: "npm" };
}

/** The programs found: the settings' first, then the system's in `dirs`, then the npm packages'. */
export function findVideoPrograms(dirs: string[] = systemDirs()): VideoPrograms {
  const chosen = ffmpegSettings();
  const ffmpeg = resolveProgram("ffmpeg", chosen.ffmpeg, "@ffmpeg-installer/ffmpeg", dirs);
  const ffprobe = resolveProgram("ffprobe", chosen.ffprobe, "@ffprobe-installer/ffprobe", dirs);
  return { ffmpeg: ffmpeg.file, ffprobe: ffprobe.file, source: { ffmpeg: ffmpeg.source, ffprobe: ffprobe.source } };
}

/**
 * The ffmpeg and ffprobe every video goes through: FFMPEG_PATH / FFPROBE_PATH when set, else
 * the operating system's (Debian's gets security updates), else the old static build that
 * `npm ci` installs (a warning in production says so).
 */
export function videoPrograms(): VideoPrograms {
  const chosen = ffmpegSettings();
  const key = `${chosen.ffmpeg ?? ""}\n${chosen.ffprobe ?? ""}`;
  if (programs?.key !== key) programs = { key, found: findVideoPrograms() };
  return programs.found;
}

/**
 * Called at start-up: in production, warns when the npm packages' ffmpeg/ffprobe (a static
 * build from 2018 that gets no security fixes) will decode uploads.
 */
export function warnAboutVideoPrograms(found: VideoPrograms = videoPrograms(), log: (line: string) => void = (line) => console.warn(line)): void {
  const fallback = (["ffmpeg", "ffprobe"] as const).filter((name) => found.source[name] === "npm");
  if (fallback.length === 0 || !isProduction()) return;
  const line =
    `Warning: no system ${fallback.join(" or ")} was found, so uploads are decoded by the old static build from npm (${fallback.map((name) => found[name]).join(", ")}), ` +
    "which gets no security fixes. Install the system's ffmpeg (apt-get install ffmpeg) or set FFMPEG_PATH and FFPROBE_PATH.";
  if (warned === line) return;
  warned = line;
  log(line);
}

// ------------------------------------------------------------------ running them, with bounds

/** The CPU time and memory limits, applied by util-linux's prlimit (or the shell's ulimit without it). */
let limiter: string | null | undefined;

export type RunOptions = {
  /** Wall-clock limit: past it the program and everything it started are killed. */
  timeoutMs: number;
  /** Lowest CPU priority. */
  lowPriority?: boolean;
  /** Output beyond this many bytes fails the run. */
  maxStdout?: number;
  /** CPU seconds (all threads together) before the kernel ends it; the wall-clock limit's seconds by default. */
  cpuSeconds?: number;
  /** Address space, in bytes (VIDEO_MEMORY_LIMIT_BYTES by default). */
  memoryBytes?: number;
  /** Takes the output as it comes instead of keeping it (the result's stdout is then empty, and maxStdout does not apply). */
  onStdout?: (chunk: Buffer) => void;
};

export type RunResult = { code: number | null; signal: NodeJS.Signals | null; stdout: Buffer; stderr: string; ms: number };

/** A program that ran past its wall-clock limit; it and its children were killed. */
export class MediaTimeoutError extends Error {
  constructor(
    readonly program: string,
    readonly timeoutMs: number,
  ) {
    super(`${path.basename(program)} ran longer than ${Math.round(timeoutMs / 1000)} s and was stopped`);
  }
}

/**
 * Process groups still running, killed should this process exit before them (one set per
 * process, kept on globalThis for development rebuilds).
 */
const EXIT_HOOK = Symbol.for("carsocial.mediaGroups");
const hookHolder = globalThis as { [EXIT_HOOK]?: Set<number> };
const liveGroups: Set<number> =
  hookHolder[EXIT_HOOK] ??
  (() => {
    const groups = new Set<number>();
    hookHolder[EXIT_HOOK] = groups;
    process.on("exit", () => {
      for (const group of groups) killGroup(group);
    });
    return groups;
  })();

function killGroup(pid: number): void {
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // Already gone.
  }
}

/** coreutils' nice, which starts a program at the lowest priority. */
let nice: string | null | undefined;

/**
 * The command line that runs `program` with the CPU time and memory limits (and, for
 * `lowPriority`, at the lowest CPU priority from its first instruction on).
 */
export function limitedCommand(
  program: string,
  args: string[],
  limits: { cpuSeconds: number; memoryBytes: number; lowPriority?: boolean },
): { file: string; args: string[]; niced: boolean } {
  limiter ??= systemProgram("prlimit");
  nice ??= systemProgram("nice");
  const niced = Boolean(limits.lowPriority && nice);
  const target = niced ? [nice!, "-n", "19", program, ...args] : [program, ...args];
  const cpu = String(Math.max(1, Math.ceil(limits.cpuSeconds)));
  if (limiter) return { file: limiter, args: [`--cpu=${cpu}`, `--as=${limits.memoryBytes}`, "--", ...target], niced };
  const kib = String(Math.floor(limits.memoryBytes / 1024));
  return { file: "/bin/sh", args: ["-c", `ulimit -t ${cpu} && ulimit -v ${kib} && exec "$0" "$@"`, ...target], niced };
}

/**
 * Runs a program and collects its output, bounded: it runs in a process group of its own
 * with a CPU time and memory limit, and past `timeoutMs` the whole group is killed
 * (MediaTimeoutError). stdin is closed; nothing but its output comes back.
 */
export function runBounded(program: string, args: string[], options: RunOptions): Promise<RunResult> {
  const maxStdout = options.maxStdout ?? 16 * 1024 * 1024;
  const cpuSeconds = options.cpuSeconds ?? options.timeoutMs / 1000;
  const command = limitedCommand(program, args, { cpuSeconds, memoryBytes: options.memoryBytes ?? VIDEO_MEMORY_LIMIT_BYTES, lowPriority: options.lowPriority });
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command.file, command.args, { stdio: ["ignore", "pipe", "pipe"], detached: true });
    const pid = child.pid;
    if (pid) liveGroups.add(pid);
    if (options.lowPriority && !command.niced && pid) {
      try {
        setPriority(pid, osConstants.priority.PRIORITY_LOW);
      } catch {
        // Not allowed here: it still runs with a bounded thread count.
      }
    }
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      if (pid) killGroup(pid);
    }, options.timeoutMs);
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      if (options.onStdout) return options.onStdout(chunk);
      stdoutBytes += chunk.byteLength;
      if (stdoutBytes > maxStdout) {
        if (pid) killGroup(pid);
      } else stdout.push(chunk);
    });
    child.stderr.on("data", (chunk: Buffer) => {
      if (stderr.length < 64 * 1024) stderr += chunk.toString("utf8");
    });
    child.on("error", (error) => {
      clearTimeout(timer);
      if (pid) liveGroups.delete(pid);
      reject(error);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      if (pid) {
        // Anything it left running in its group goes with it.
        if (timedOut || stdoutBytes > maxStdout) killGroup(pid);
        liveGroups.delete(pid);
      }
      if (timedOut) reject(new MediaTimeoutError(program, options.timeoutMs));
      else if (stdoutBytes > maxStdout) reject(new Error(`${path.basename(program)} wrote more than ${maxStdout} bytes`));
      else resolve({ code, signal, stdout: Buffer.concat(stdout), stderr, ms: performance.now() - started });
    });
  });
}
