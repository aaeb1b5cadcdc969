// Makes the sample videos of the demo seed (a developer tool, not run by the seed):
//   npx tsx prisma/seed/make-videos.ts
// Needs ffmpeg with libx264 (Debian: apt-get install -y ffmpeg). Writes small H.264 mp4
// clips to prisma/seed-assets/videos, which are committed.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { CLIPS, VIDEO_FPS, VIDEO_FRAMES } from "./videos";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const out = path.join(root, "seed-assets", "videos");
mkdirSync(out, { recursive: true });

for (const [name, draw] of Object.entries(CLIPS)) {
  const frames = mkdtempSync(path.join(tmpdir(), `clip-${name}-`));
  try {
    for (let frame = 0; frame < VIDEO_FRAMES; frame++) {
      await sharp(Buffer.from(draw(frame)))
        .png({ compressionLevel: 1 })
        .toFile(path.join(frames, `f${String(frame).padStart(3, "0")}.png`));
    }
    const file = path.join(out, `${name}.mp4`);
    const result = spawnSync(
      "ffmpeg",
      [
        "-y",
        "-loglevel",
        "error",
        "-framerate",
        String(VIDEO_FPS),
        "-i",
        path.join(frames, "f%03d.png"),
        "-c:v",
        "libx264",
        "-preset",
        "slow",
        "-crf",
        "23",
        "-pix_fmt",
        "yuv420p",
        "-movflags",
        "+faststart",
        "-an",
        file,
      ],
      { stdio: "inherit" },
    );
    if (result.status !== 0) throw new Error(`ffmpeg failed for ${name}`);
    console.log(`${path.relative(root, file)}: ${(statSync(file).size / 1024).toFixed(0)} KB`);
  } finally {
    rmSync(frames, { recursive: true, force: true });
  }
}
