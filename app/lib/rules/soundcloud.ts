// SoundCloud audio links: the track URL pattern, the Music track shape of the
// search, and the URLs of the public oEmbed endpoint and the embedded player.
// Pure: used by the upload form, the music search player and the server's validation.

export const INVALID_SOUNDCLOUD_URL = "Invalid SoundCloud URL";

/** One track of the music search. */
export type MusicTrack = {
  id: number | string;
  title: string;
  user: { username: string };
  permalink_url: string;
  /** Milliseconds. */
  duration: number;
  artwork_url: string | null;
  playback_count: number;
  /** Set on made-up results answered when SoundCloud cannot be asked. */
  placeholder?: true;
};

export type MusicSearchResult = { collection: MusicTrack[]; placeholder?: true };

const HOSTS = new Set(["soundcloud.com", "www.soundcloud.com", "m.soundcloud.com"]);
const SLUG = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;
const SECRET_TOKEN = /^s-[A-Za-z0-9]{1,64}$/;
// First path segments that are SoundCloud's own pages, not a user.
const NOT_USERS = new Set([
  "discover",
  "stream",
  "search",
  "upload",
  "you",
  "charts",
  "pages",
  "settings",
  "messages",
  "notifications",
  "people",
  "tags",
  "stations",
  "terms-of-use",
  "mobile",
  "jobs",
  "imprint",
  "signin",
  "logout",
  "home",
  "popular",
  "feed",
]);
// Second segments that are a user's lists, not a track.
const NOT_TRACKS = new Set([
  "sets",
  "likes",
  "tracks",
  "albums",
  "reposts",
  "followers",
  "following",
  "popular-tracks",
  "comments",
  "spotlight",
  "playlists",
  "toptracks",
]);

/**
 * The canonical form of a SoundCloud track URL (`https://soundcloud.com/{user}/{track}`,
 * optionally with a private link's `/s-…` token; query and fragment dropped), or null when
 * the text is not a track URL.
 */
export function normalizeSoundCloudUrl(input: string | null | undefined): string | null {
  if (typeof input !== "string") return null;
  const raw = input.trim();
  if (raw === "" || raw.length > 500) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password || url.port) return null;
  if (!HOSTS.has(url.hostname.toLowerCase())) return null;
  const segments = url.pathname.replace(/\/+$/, "").split("/").slice(1);
  if (segments.length < 2 || segments.length > 3) return null;
  const [user, track, token] = segments;
  if (!SLUG.test(user) || !SLUG.test(track)) return null;
  if (NOT_USERS.has(user.toLowerCase()) || NOT_TRACKS.has(track.toLowerCase())) return null;
  if (token !== undefined && !SECRET_TOKEN.test(token)) return null;
  return `https://soundcloud.com/${segments.join("/")}`;
}

/** Whether the text is a SoundCloud track URL. */
export function isSoundCloudTrackUrl(input: string | null | undefined): boolean {
  return normalizeSoundCloudUrl(input) !== null;
}

/** The public oEmbed URL that gives a track's title and author_name. */
export function soundCloudOEmbedUrl(trackUrl: string): string {
  return `https://soundcloud.com/oembed?format=json&url=${encodeURIComponent(trackUrl)}`;
}

/** The URL of SoundCloud's embedded player for a track. */
export function soundCloudPlayerUrl(trackUrl: string, options: { autoPlay?: boolean; color?: string } = {}): string {
  const params = new URLSearchParams({
    url: trackUrl,
    auto_play: String(options.autoPlay ?? false),
    hide_related: "true",
    show_comments: "false",
    show_user: "true",
    show_reposts: "false",
    visual: "false",
  });
  if (options.color) params.set("color", options.color.replace(/^#/, ""));
  return `https://w.soundcloud.com/player/?${params}`;
}

/** '3:07' from milliseconds. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return "0:00";
  const total = Math.round(ms / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`;
}
