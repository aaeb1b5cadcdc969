import { describe, expect, it } from "vitest";
import { formatDuration, pictureOf } from "~/lib/media/media-types";
import { canRemux, videoFacts, type Probe } from "~/lib/media/video.server";

describe("pictureOf", () => {
  it("is the photo itself, a video's poster frame, or nothing for a video without one", () => {
    expect(pictureOf({ kind: "image", path: "a/b/p.webp", variants: "320", width: 800, height: 600 })).toEqual({
      path: "a/b/p.webp",
      variants: "320",
      width: 800,
      height: 600,
    });
    expect(
      pictureOf({
        kind: "video",
        path: "a/b/v.mp4",
        variants: "",
        width: 1920,
        height: 1080,
        posterPath: "a/b/f.webp",
        posterVariants: "320,640",
        posterWidth: 1920,
        posterHeight: 1080,
      }),
    ).toEqual({ path: "a/b/f.webp", variants: "320,640", width: 1920, height: 1080 });
    expect(pictureOf({ kind: "video", path: "a/b/v.mp4", variants: "", posterPath: null })).toBeNull();
  });
});

describe("formatDuration", () => {
  it("reads as minutes and seconds", () => {
    expect(formatDuration(7_400)).toBe("0:07");
    expect(formatDuration(60_000)).toBe("1:00");
    expect(formatDuration(null)).toBeNull();
  });
});

function probe(
  video: Record<string, unknown>,
  audio: Record<string, unknown> | null = { codec_type: "audio", codec_name: "aac", index: 1 },
  format = "mov,mp4,m4a,3gp,3g2,mj2",
): Probe {
  const base = { index: 0, codec_type: "video", codec_name: "h264", pix_fmt: "yuv420p", width: 1920, height: 1080, avg_frame_rate: "30/1", sample_aspect_ratio: "1:1" };
  return { format: { format_name: format, duration: "10.0" }, streams: [{ ...base, ...video }, ...(audio ? [audio] : [])] as Probe["streams"] };
}

describe("which videos are copied rather than re-encoded", () => {
  const remux = (p: Probe) => canRemux(videoFacts(p)!, p.format.format_name);
  it("copies H.264/AAC 4:2:0 up to 1920 px and 60 fps, upright, in MP4/MOV", () => {
    expect(remux(probe({}))).toBe(true);
    expect(remux(probe({}, null))).toBe(true);
    expect(remux(probe({ avg_frame_rate: "60000/1001" }))).toBe(true);
  });
  it("re-encodes everything else", () => {
    expect(remux(probe({ codec_name: "hevc" }))).toBe(false);
    expect(remux(probe({ pix_fmt: "yuv420p10le" }))).toBe(false);
    expect(remux(probe({ width: 3840, height: 2160 }))).toBe(false);
    expect(remux(probe({ avg_frame_rate: "120/1" }))).toBe(false);
    expect(remux(probe({ side_data_list: [{ side_data_type: "Display Matrix", rotation: -90 }] }))).toBe(false);
    expect(remux(probe({ tags: { rotate: "90" } }))).toBe(false);
    expect(remux(probe({}, { codec_type: "audio", codec_name: "opus", index: 1 }))).toBe(false);
    expect(remux(probe({ codec_name: "vp9" }, null, "matroska,webm"))).toBe(false);
  });
  it("reports the upright size of a rotated video", () => {
    const facts = videoFacts(probe({ side_data_list: [{ side_data_type: "Display Matrix", rotation: -90 }] }))!;
    expect([facts.width, facts.height, facts.rotation, facts.durationMs]).toEqual([1080, 1920, 90, 10_000]);
  });
});
