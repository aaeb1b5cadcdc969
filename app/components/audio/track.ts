// A post's SoundCloud track, free of React: a readable name from the URL (until oEmbed
// answers), the oEmbed look-up (title, author_name) and the player's messages.
import { normalizeSoundCloudUrl, soundCloudOEmbedUrl } from "~/lib/rules/soundcloud";

export const AUDIO_MESSAGES = {
  failed: "Failed to load track",
  searchAnother: "Search another track",
  retry: "Try again",
  play: "Play track",
  loading: "Loading track…",
  noTracks: "No tracks found",
  searching: "Searching…",
  example: "example",
  examplesNote: "Examples only: music search isn't connected here. Paste a SoundCloud track link below instead.",
  listen: "Listen on SoundCloud",
} as const;

/** How long the player may take to load before 'Failed to load track'. */
export const PLAYER_TIMEOUT = 10_000;

/** "Roof Down Sunday" and "coastline radio" from `https://soundcloud.com/coastline-radio/roof-down-sunday`. */
export function trackNameFromUrl(url: string): { title: string; author: string } {
  const track = normalizeSoundCloudUrl(url) ?? url;
  try {
    const [author = "", title = ""] = new URL(track).pathname.split("/").filter(Boolean);
    const words = (slug: string) => {
      let text = slug;
      try {
        text = decodeURIComponent(slug);
      } catch {
        // keep the raw slug
      }
      return text.replace(/[-_]+/g, " ").replace(/\s+/g, " ").trim();
    };
    const titled = words(title).replace(/\b\p{Ll}/gu, (letter) => letter.toUpperCase());
    return { title: titled || "SoundCloud track", author: words(author) };
  } catch {
    return { title: "SoundCloud track", author: "" };
  }
}

export type OEmbedInfo = { title: string; author: string };

export type OEmbedResult = { status: "ok"; info: OEmbedInfo } | { status: "missing" } | { status: "unreachable" };

/**
 * Asks SoundCloud's oEmbed endpoint for the track's title and author. 'missing' when it
 * answers that the track does not exist (4xx); 'unreachable' when it cannot be asked
 * (offline, blocked, 5xx, junk), in which case the player is still worth trying.
 */
export async function lookUpTrack(url: string, fetcher: typeof fetch = fetch, signal?: AbortSignal): Promise<OEmbedResult> {
  let response: Response;
  try {
    response = await fetcher(soundCloudOEmbedUrl(url), { headers: { Accept: "application/json" }, signal, credentials: "omit" });
  } catch {
    return { status: "unreachable" };
  }
  if (response.status === 404 || response.status === 403 || response.status === 401) return { status: "missing" };
  if (!response.ok) return { status: "unreachable" };
  try {
    const body = (await response.json()) as { title?: unknown; author_name?: unknown };
    const title = typeof body.title === "string" ? body.title.trim() : "";
    const author = typeof body.author_name === "string" ? body.author_name.trim() : "";
    if (!title) return { status: "unreachable" };
    // oEmbed titles read "Track by Author"; keep just the track.
    const suffix = author ? ` by ${author}` : "";
    return { status: "ok", info: { title: suffix && title.endsWith(suffix) ? title.slice(0, -suffix.length) : title, author } };
  } catch {
    return { status: "unreachable" };
  }
}
