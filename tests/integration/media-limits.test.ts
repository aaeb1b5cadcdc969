// Every ffmpeg and ffprobe run is bounded: a wall-clock limit that kills its whole process
// group, a CPU time and memory limit, local files only (no network), the lowest priority and
// the thread cap. The programs are the system's (Debian's, with security updates), the npm
// build only when there is none, with a warning in production.
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { chmod, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { inspectUploadFile, processUploadFile } from "~/lib/media/upload-pipeline.server";
import { findVideoPrograms, MediaTimeoutError, runBounded, VIDEO_MEMORY_LIMIT_BYTES, videoPrograms, warnAboutVideoPrograms } from "~/lib/media/programs.server";
import { probeVideo, videoProgramVersions } from "~/lib/media/video.server";
import { expectMediaError, makeClip } from "../support/media";

const exec = promisify(execFile);
const X264 = ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac"];

const saved = { ...process.env };
afterEach(() => {
  for (const name of ["FFMPEG_PATH", "FFPROBE_PATH", "VIDEO_TIMEOUT_SECONDS", "NODE_ENV"]) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

/** Whether a process is still running (a zombie waiting to be reaped counts as ended). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

/** Waits until `check` holds (up to a generous bound, so a busy machine does not matter). */
async function eventually(check: () => boolean): Promise<boolean> {
  for (let i = 0; i < 200; i++) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return check();
}

/** A shell script standing in for ffmpeg, in a fresh folder. */
async function script(body: string): Promise<{ file: string; dir: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), "fake-ffmpeg-"));
  const file = path.join(dir, "ffmpeg");
  await writeFile(file, `#!/bin/sh\n${body}\n`);
  await chmod(file, 0o755);
  return { file, dir };
}

describe("the wall-clock limit", { timeout: 60_000 }, () => {
  it("kills a run that hangs, and everything it started, when its time is up", async () => {
    const hang = await script(`sleep 300 &\necho $! > "$(dirname "$0")/pids"\necho $$ >> "$(dirname "$0")/pids"\nwait`);
    const run = runBounded(hang.file, [], { timeoutMs: 300 });
    await expect(run).rejects.toBeInstanceOf(MediaTimeoutError);
    const pids = (await readFile(path.join(hang.dir, "pids"), "utf8")).trim().split("\n").map(Number);
    expect(pids).toHaveLength(2);
    // The script and the sleep it left behind in its process group are both gone.
    expect(await eventually(() => pids.every((pid) => !running(pid)))).toBe(true);
  });

  it("stops a transcode that runs past VIDEO_TIMEOUT_SECONDS: the file fails with a clear message", async () => {
    const clip = await makeClip("slow.mp4", { codec: X264 });
    const inspected = await inspectUploadFile({ path: clip, name: "slow.mp4" });
    const hang = await script(`sleep 300 &\necho $! > "$(dirname "$0")/pids"\nwait`);
    process.env.FFMPEG_PATH = hang.file;
    process.env.VIDEO_TIMEOUT_SECONDS = "1";
    await expectMediaError(processUploadFile({ path: clip, name: "slow.mp4" }, inspected), 413, "slow.mp4: took too long to process (the limit is 1 second)");
    const sleeper = Number((await readFile(path.join(hang.dir, "pids"), "utf8")).trim());
    expect(await eventually(() => !running(sleeper))).toBe(true);
  });
});

describe("what the pipeline's ffmpeg may do", { timeout: 60_000 }, () => {
  it("runs with a CPU time and memory limit, the lowest priority, the thread cap and local files only", async () => {
    const clip = await makeClip("limits.mp4", { codec: ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv444p", "-c:a", "aac"] });
    const inspected = await inspectUploadFile({ path: clip, name: "limits.mp4" });
    // Stands in for ffmpeg: notes its limits, priority and arguments, then fails.
    const spy = await script(
      `dir="$(dirname "$0")"\ncat /proc/self/limits > "$dir/limits"\ncut -d' ' -f19 /proc/self/stat > "$dir/nice"\necho "$@" > "$dir/args"\nexit 1`,
    );
    process.env.FFMPEG_PATH = spy.file;
    await expect(processUploadFile({ path: clip, name: "limits.mp4" }, inspected)).rejects.toThrow(/^limits\.mp4: /);
    const limits = await readFile(path.join(spy.dir, "limits"), "utf8");
    expect(limits).toMatch(new RegExp(`Max address space\\s+${VIDEO_MEMORY_LIMIT_BYTES}\\s+${VIDEO_MEMORY_LIMIT_BYTES}\\s+bytes`));
    // 600 s of wall clock for 2 decoder and 2 encoder threads and a little more.
    expect(limits).toMatch(/Max cpu time\s+3000\s+3000\s+seconds/);
    expect((await readFile(path.join(spy.dir, "nice"), "utf8")).trim()).toBe("19");
    const args = (await readFile(path.join(spy.dir, "args"), "utf8")).trim();
    expect(args).toContain("-protocol_whitelist file,pipe -threads 2 -i ");
    expect(args).toContain("-threads 2 -filter_threads 1");
  });

  it("ffprobe reads local files only: given a network address, nothing is fetched", async () => {
    let requests = 0;
    const server = createServer((_request, response) => {
      requests += 1;
      response.end("not a video");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      await expect(probeVideo(`http://127.0.0.1:${port}/clip.mp4`)).rejects.toThrow(/not on whitelist/);
      expect(requests).toBe(0);
    } finally {
      server.close();
    }
  });
});

describe("which ffmpeg runs", () => {
  it("is the system's when it is installed, and what the pipeline runs is that build", async () => {
    expect(existsSync("/usr/bin/ffmpeg")).toBe(true);
    const found = videoPrograms();
    expect(found).toMatchObject({ ffmpeg: "/usr/bin/ffmpeg", ffprobe: "/usr/bin/ffprobe", source: { ffmpeg: "system", ffprobe: "system" } });
    const system = (await exec("/usr/bin/ffmpeg", ["-version"])).stdout.split("\n")[0];
    const versions = await videoProgramVersions();
    expect(versions.ffmpeg).toBe(system);
    expect(versions.ffprobe).toBe((await exec("/usr/bin/ffprobe", ["-version"])).stdout.split("\n")[0]);
    expect(versions.ffmpeg).not.toMatch(/static/);
  });

  it("has every encoder, filter and protocol the pipeline uses", async () => {
    const { ffmpeg } = videoPrograms();
    const encoders = (await exec(ffmpeg, ["-hide_banner", "-encoders"])).stdout;
    for (const encoder of ["libx264", "aac", "png"]) expect(encoders).toMatch(new RegExp(`^ V?A?\\S* ${encoder} `, "m"));
    const filters = (await exec(ffmpeg, ["-hide_banner", "-filters"])).stdout;
    for (const filter of ["scale", "setsar", "fps", "format"]) expect(filters).toMatch(new RegExp(`^ \\S+ ${filter} `, "m"));
    const protocols = (await exec(ffmpeg, ["-hide_banner", "-protocols"])).stdout;
    for (const protocol of ["file", "pipe"]) expect(protocols).toMatch(new RegExp(`^\\s+${protocol}$`, "m"));
    const muxers = (await exec(ffmpeg, ["-hide_banner", "-muxers"])).stdout;
    for (const muxer of ["mp4", "image2pipe"]) expect(muxers).toMatch(new RegExp(`^\\s+E\\s+${muxer} `, "m"));
  });

  it("FFMPEG_PATH and FFPROBE_PATH still choose another build", async () => {
    const npm = findVideoPrograms([]);
    process.env.FFMPEG_PATH = npm.ffmpeg;
    process.env.FFPROBE_PATH = npm.ffprobe;
    expect(videoPrograms()).toMatchObject({ ffmpeg: npm.ffmpeg, ffprobe: npm.ffprobe, source: { ffmpeg: "setting", ffprobe: "setting" } });
    const versions = await videoProgramVersions();
    expect(versions.ffmpeg).toBe((await exec(npm.ffmpeg, ["-version"])).stdout.split("\n")[0]);
  });

  it("falls back to the npm build only without a system one, and says so at start-up in production", () => {
    const npm = findVideoPrograms([]);
    expect(npm.source).toEqual({ ffmpeg: "npm", ffprobe: "npm" });
    expect(npm.ffmpeg).toMatch(/node_modules\/@ffmpeg-installer\//);
    const lines: string[] = [];
    warnAboutVideoPrograms(npm, (line) => lines.push(line));
    expect(lines).toEqual([]); // not in tests or development
    process.env.NODE_ENV = "production";
    warnAboutVideoPrograms(findVideoPrograms(), (line) => lines.push(line));
    expect(lines).toEqual([]); // the system's: nothing to say
    warnAboutVideoPrograms(npm, (line) => lines.push(line));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Warning: no system ffmpeg or ffprobe was found, so uploads are decoded by the old static build from npm .*FFMPEG_PATH/);
  });
});
