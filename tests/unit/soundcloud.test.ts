import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { clearSearchCache, placeholderTracks, searchTracks, SOUNDCLOUD_TIMEOUT } from "~/lib/server/soundcloud.server";
import { loader as searchLoader } from "~/routes/api.soundcloud.search";
import { formatDuration, isSoundCloudTrackUrl, normalizeSoundCloudUrl, soundCloudOEmbedUrl } from "~/lib/rules/soundcloud";
import { parsePostFields } from "~/lib/schemas/post-schemas";

describe("SoundCloud track URL pattern", () => {
  it("accepts track permalinks", () => {
    for (const url of [
      "https://soundcloud.com/artist-name/track-name",
      "http://soundcloud.com/artist/track",
      "https://www.soundcloud.com/artist/track_2",
      "https://m.soundcloud.com/artist/track",
      "https://soundcloud.com/artist/track/",
      "https://soundcloud.com/artist/track?si=abc&utm_source=clipboard",
      "https://soundcloud.com/artist/private-track/s-AbC123xyz",
      "  https://soundcloud.com/artist/track  ",
    ]) {
      expect(isSoundCloudTrackUrl(url), url).toBe(true);
    }
  });

  it("refuses everything else", () => {
    for (const url of [
      "",
      "soundcloud.com/artist/track",
      "https://soundcloud.com/artist",
      "https://soundcloud.com/artist/sets/playlist",
      "https://soundcloud.com/artist/likes",
      "https://soundcloud.com/artist/tracks",
      "https://soundcloud.com/discover/sets",
      "https://soundcloud.com/search/sounds",
      "https://soundcloud.com/artist/track/extra",
      "https://soundcloud.com/artist/track/not-a-token",
      "https://evilsoundcloud.com/artist/track",
      "https://soundcloud.com.evil.example/artist/track",
      "https://soundcloud.com:8443/artist/track",
      "https://user:pw@soundcloud.com/artist/track",
      "ftp://soundcloud.com/artist/track",
      "javascript:alert(1)//soundcloud.com/a/b",
      "https://open.spotify.com/track/abc",
      "https://soundcloud.com/art ist/track",
    ]) {
      expect(isSoundCloudTrackUrl(url), url).toBe(false);
    }
    expect(isSoundCloudTrackUrl(null)).toBe(false);
  });

  it("normalizes to https://soundcloud.com without query or fragment", () => {
    expect(normalizeSoundCloudUrl("http://www.soundcloud.com/artist/track/?si=1#t=30")).toBe("https://soundcloud.com/artist/track");
    expect(normalizeSoundCloudUrl("https://m.soundcloud.com/a/b/s-XyZ")).toBe("https://soundcloud.com/a/b/s-XyZ");
  });

  it("builds the oEmbed URL and formats durations", () => {
    expect(soundCloudOEmbedUrl("https://soundcloud.com/a/b")).toBe("https://soundcloud.com/oembed?format=json&url=https%3A%2F%2Fsoundcloud.com%2Fa%2Fb");
    expect(formatDuration(187_000)).toBe("3:07");
    expect(formatDuration(3_725_000)).toBe("1:02:05");
    expect(formatDuration(-1)).toBe("0:00");
  });
});

describe("post fields", () => {
  it("answers 'Invalid SoundCloud URL' for a bad audio link", () => {
    expect(parsePostFields({ story: "x", soundcloud_url: "https://example.com/a/b" })).toEqual({ ok: false, error: "Invalid SoundCloud URL" });
  });

  it("normalizes the audio link, the cars and the layout", () => {
    const parsed = parsePostFields({
      story: "  Sunday drive  ",
      soundcloud_url: "https://www.soundcloud.com/a/b?si=x",
      carIds: ["3", "1", "3"],
      layout: "Grid",
    });
    expect(parsed).toEqual({ ok: true, data: { story: "Sunday drive", soundcloud_url: "https://soundcloud.com/a/b", carIds: [3, 1], modIds: [], layout: "grid" } });
    expect(parsePostFields({ carIds: "4,5" })).toMatchObject({ ok: true, data: { carIds: [4, 5], layout: null, soundcloud_url: null, story: "" } });
    expect(parsePostFields({ carIds: [7, 8] })).toMatchObject({ ok: true, data: { carIds: [7, 8] } });
    // Mods: repeated, "1,2" or numbers; a repeated id once.
    expect(parsePostFields({ modIds: ["9", "2,9"] })).toMatchObject({ ok: true, data: { modIds: [9, 2] } });
    expect(parsePostFields({ modIds: [5, 5] })).toMatchObject({ ok: true, data: { modIds: [5] } });
    expect(parsePostFields({ modIds: "0" })).toEqual({ ok: false, error: "Choose mods by their id" });
  });

  it("refuses an unknown layout and bad car ids", () => {
    expect(parsePostFields({ layout: "mosaic" })).toEqual({ ok: false, error: "Layout must be album, grid, carousel or single" });
    expect(parsePostFields({ carIds: "abc" })).toEqual({ ok: false, error: "Choose cars by their id" });
    expect(parsePostFields({ carIds: "-1" })).toEqual({ ok: false, error: "Choose cars by their id" });
  });
});

describe("GET /api/soundcloud/search", () => {
  // A stand-in for SoundCloud's API on 127.0.0.1: answers by the query text.
  let server: Server;
  let baseUrl: string;
  const requests: URL[] = [];

  beforeAll(async () => {
    server = createServer((request: IncomingMessage, response) => {
      const url = new URL(request.url ?? "/", "http://127.0.0.1");
      requests.push(url);
      const q = url.searchParams.get("q") ?? "";
      if (q === "broken") {
        response.writeHead(500).end("oops");
        return;
      }
      if (q === "junk") {
        response.writeHead(200, { "Content-Type": "application/json" }).end('{"nope":true}');
        return;
      }
      response.writeHead(200, { "Content-Type": "application/json" }).end(
        JSON.stringify({
          collection: [
            {
              id: 42,
              title: `${q} anthem`,
              user: { username: "dj_boost", avatar_url: "https://i1.sndcdn.com/avatar.jpg" },
              permalink_url: "https://soundcloud.com/dj_boost/anthem",
              duration: 215000,
              artwork_url: null,
              playback_count: 9001,
              extra: "ignored",
            },
            { id: 43, title: "no link" },
          ],
          next_href: null,
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  afterEach(() => {
    delete process.env.SOUNDCLOUD_CLIENT_ID;
    delete process.env.SOUNDCLOUD_API_URL;
    clearSearchCache();
    requests.length = 0;
  });

  const search = async (q: string) => {
    const response = (await searchLoader({
      request: new Request(`http://127.0.0.1:3000/api/soundcloud/search?q=${encodeURIComponent(q)}`),
      params: {},
      context: {},
    } as never)) as Response;
    return response.json();
  };

  it("answers nothing under 2 characters", async () => {
    expect(await search("")).toEqual({ collection: [] });
    expect(await search(" a ")).toEqual({ collection: [] });
  });

  it("answers flagged placeholders built from the query without a client id", async () => {
    const body = await search("night drive");
    expect(body.placeholder).toBe(true);
    expect(body.collection.length).toBeGreaterThanOrEqual(3);
    for (const track of body.collection) {
      expect(track).toMatchObject({ placeholder: true, user: { username: expect.any(String) } });
      expect(track.title.toLowerCase()).toContain("night drive");
      expect(isSoundCloudTrackUrl(track.permalink_url)).toBe(true);
      expect(track.duration).toBeGreaterThan(0);
    }
    expect(requests).toHaveLength(0);
  });

  it("asks SoundCloud with the client id and maps tracks to the music track shape", async () => {
    process.env.SOUNDCLOUD_CLIENT_ID = "test-client";
    process.env.SOUNDCLOUD_API_URL = baseUrl;
    const body = await search("turbo");
    expect(body).toEqual({
      collection: [
        {
          id: 42,
          title: "turbo anthem",
          user: { username: "dj_boost" },
          permalink_url: "https://soundcloud.com/dj_boost/anthem",
          duration: 215000,
          artwork_url: "https://i1.sndcdn.com/avatar.jpg",
          playback_count: 9001,
        },
      ],
    });
    expect(requests).toHaveLength(1);
    expect(requests[0].pathname).toBe("/tracks");
    expect(requests[0].searchParams.get("client_id")).toBe("test-client");
    expect(requests[0].searchParams.get("q")).toBe("turbo");

    // The same query within a minute is answered from the cache.
    await search("turbo");
    expect(requests).toHaveLength(1);
  });

  it("falls back to placeholders when SoundCloud fails or answers junk", async () => {
    process.env.SOUNDCLOUD_CLIENT_ID = "test-client";
    process.env.SOUNDCLOUD_API_URL = baseUrl;
    expect(await search("broken")).toMatchObject({ placeholder: true });
    expect(await search("junk")).toMatchObject({ placeholder: true });
    process.env.SOUNDCLOUD_API_URL = "http://127.0.0.1:1";
    expect((await searchTracks("refused")).placeholder).toBe(true);
    expect(requests.map((url) => url.searchParams.get("q"))).toEqual(["broken", "junk"]);
  });

  it("gives up after the time-out (5 s by default)", async () => {
    expect(SOUNDCLOUD_TIMEOUT).toBe(5000);
    process.env.SOUNDCLOUD_CLIENT_ID = "test-client";
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
      });
    const started = Date.now();
    const result = await searchTracks("slow", hanging, 100);
    expect(result.placeholder).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
  });

  it("builds distinct placeholder ids per query", () => {
    expect(placeholderTracks("abc")[0].id).not.toBe(placeholderTracks("xyz")[0].id);
  });
});
