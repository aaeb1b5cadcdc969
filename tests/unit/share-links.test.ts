import { describe, expect, it } from "vitest";
import { embedCode, embedUrl, postUrl } from "~/components/share/share-links";
import { embedContentOf, embedIframe, embedSize, EMBED_DEFAULT_WIDTH } from "~/lib/rules/oembed";
import { lookUpTrack, trackNameFromUrl } from "~/components/audio/track";

describe("share links", () => {
  it("builds the post link and the embed URL from the origin", () => {
    expect(postUrl("https://cars.example/", 12)).toBe("https://cars.example/post/12");
    expect(embedUrl("https://cars.example", 12)).toBe("https://cars.example/embed/post/12");
  });

  it("makes embed code of an iframe at the post's own size, the one oEmbed answers", () => {
    const car = { make: "Nissan", model: "Skyline", year: 1999, trim: null, nickname: "Godzilla" };
    const base = { story: "", soundcloud_url: null, post_cars: [{ car }] };
    const wide = { ...base, id: 12, photos: [{ kind: "photo", width: 1600, height: 900 }] };
    const tall = { ...base, id: 13, photos: [{ kind: "photo", width: 1080, height: 1350 }], story: "A long night at the meet.\nMore lines." };
    const code = embedCode("https://cars.example", wide, 'Post by "jess"');
    const { height } = embedSize(embedContentOf(wide));
    expect(code).toMatch(new RegExp(`^<iframe src="https://cars\\.example/embed/post/12" width="${EMBED_DEFAULT_WIDTH}" height="${height}" `));
    expect(code).toBe(embedIframe({ src: "https://cars.example/embed/post/12", width: EMBED_DEFAULT_WIDTH, height, title: 'Post by "jess"' }));
    expect(code).toContain('title="Post by &quot;jess&quot;"');
    expect(code).toContain("max-width:100%");
    expect(code.endsWith("</iframe>")).toBe(true);
    // A taller picture and a story make a taller frame; no fixed height any more.
    const tallHeight = Number(/height="(\d+)"/.exec(embedCode("https://cars.example", tall))![1]);
    expect(tallHeight).toBe(embedSize(embedContentOf(tall)).height);
    expect(tallHeight).toBeGreaterThan(height + 100);
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
