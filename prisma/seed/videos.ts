// The sample clips of the demo, drawn frame by frame with the scene painter. The mp4 files
// are made once by `npx tsx prisma/seed/make-videos.ts` (needs ffmpeg) and committed under
// prisma/seed-assets/videos; the seed runs them through the upload pipeline, which makes
// each poster frame.
import { CARS } from "./data";
import { frameSvg, pictureSvg, type CarLook } from "./scenes";

export const VIDEO_WIDTH = 480;
export const VIDEO_HEIGHT = 854;
export const VIDEO_FPS = 24;
export const VIDEO_FRAMES = 72; // 3 seconds

function look(key: string): CarLook {
  const car = CARS.find((candidate) => candidate.key === key);
  if (!car) throw new Error(`Unknown car ${key}`);
  return car.look;
}

const ease = (t: number) => t * t * (3 - 2 * t);

/** The blips of a cold start: tachometer needle position over the clip (0-1). */
function revNeedle(t: number): number {
  const idle = 0.1 + 0.01 * Math.sin(t * 60);
  const blips = [
    [0.18, 0.62],
    [0.5, 0.9],
    [0.78, 0.75],
  ];
  let value = idle;
  for (const [at, peak] of blips) {
    const dt = t - at;
    if (dt >= 0 && dt < 0.08) value = Math.max(value, idle + (peak - idle) * ease(dt / 0.08));
    else if (dt >= 0.08 && dt < 0.3) value = Math.max(value, idle + (peak - idle) * (1 - ease((dt - 0.08) / 0.22)));
  }
  return value;
}

export const CLIPS: Record<string, (frame: number) => string> = {
  /** A tracking shot: the Supra cruising along at sunset while the world scrolls past. */
  "sunset-cruise": (frame) => {
    const length = 420;
    return frameSvg({
      width: VIDEO_WIDTH,
      height: VIDEO_HEIGHT,
      scene: "sunset",
      seed: "clip:sunset-cruise",
      backgroundWidth: 1700,
      offsetX: frame * 16,
      groundRatio: 0.72,
      look: look("supra"),
      carX: (VIDEO_WIDTH - length) / 2,
      length,
      wheelAngle: frame * 23,
      speedLines: 10,
    });
  },
  /** Trackside: the GT3 flashes past a static camera. */
  "track-pass": (frame) => {
    const length = 430;
    const t = frame / (VIDEO_FRAMES - 1);
    return frameSvg({
      width: VIDEO_WIDTH,
      height: VIDEO_HEIGHT,
      scene: "track",
      seed: "clip:track-pass",
      backgroundWidth: VIDEO_WIDTH,
      offsetX: 0,
      groundRatio: 0.74,
      look: look("gt3"),
      carX: -length - 40 + t * (VIDEO_WIDTH + length + 80),
      length,
      wheelAngle: frame * 41,
      motion: true,
      speedLines: 14,
    });
  },
  /** The R34's gauges through a cold start and three blips of the throttle. */
  "rev-gauges": (frame) =>
    pictureSvg({
      width: VIDEO_WIDTH,
      height: VIDEO_HEIGHT,
      scene: "garage",
      shot: "gauges",
      look: look("r34"),
      seed: "clip:rev-gauges",
      needles: [revNeedle(frame / (VIDEO_FRAMES - 1)), 0],
    }),
};
