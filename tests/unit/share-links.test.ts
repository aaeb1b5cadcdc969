import { describe, expect, it } from "vitest";
import { embedCode, embedUrl, postUrl } from "~/components/share/share-links";
import { lookUpTrack, trackNameFromUrl } from "~/components/audio/track";

describe("share links", () => {
  it("builds the post link and the embed URL from the origin", () => {
    expect(postUrl("https://cars.example/", 12)).toBe("https://cars.example/post/12");
    expect(embedUrl("https://cars.example", 12)).toBe("https://cars.example/embed/post/12");
  });

  it("makes embed code of an iframe 100% wide and 800 tall", () => {
    const code = embedCode("https://cars.example", 12, 'Post by "jess"');
    expect(code).toMatch(/^<iframe src="https:\/\/cars\.example\/embed\/post\/12" width="100%" height="800" /);
    expect(code).toContain('title="Post by &quot;jess&quot;"');
    expect(code.endsWith("</iframe>")).toBe(true);
  });

});

describe("track names", () => {
  it("reads a title and an author from the track link", () => {
    expect(trackNameFromUrl("https://soundcloud.com/coastline-radio/roof-down-sunday?si=1")).toEqual({ title: "Roof Down Sunday", author: "coastline radio" });
    expect(trackNameFromUrl("not a url").title).toBe("SoundCloud track");
  });

  it("takes title and author from oEmbed, and tells a missing track from an unreachable service", async () => {
    const ok = async () => Response.json({ title: "Roof Down Sunday by Coastline Radio", author_name: "Coastline Radio" });
    await expect(lookUpTrack("https://soundcloud.com/a/b", ok as unknown as typeof fetch)).resolves.toEqual({
      status: "ok",
      info: { title: "Roof Down Sunday", author: "Coastline Radio" },
    });
    const missing = async () => new Response("", { status: 404 });
    await expect(lookUpTrack("https://soundcloud.com/a/b", missing as unknown as typeof fetch)).resolves.toEqual({ status: "missing" });
    const offline = async () => {
      throw new TypeError("Failed to fetch");
    };
    await expect(lookUpTrack("https://soundcloud.com/a/b", offline as unknown as typeof fetch)).resolves.toEqual({ status: "unreachable" });
  });
});
