// The crowd row: what a site sees, not one reader reloading one page. Many members, each with a
// session of their own, and visitors read every main page (home, posts, showcases, events,
// search, the feed API) while a steady share of requests write (likes, comments, follows),
// which ends kept answers as real traffic does. Each request picks its page, its reader and
// its post or car by a hash of its number, so the spread is the same in every run.
//
// The server's own metrics (GET /metrics, METRICS_TOKEN) say how many answers the caches gave
// during the measured run: the hit rates reported beside the row.
import type { Member } from "./server";
import type { RawRequest, Row, RowContext } from "./load";

/** The server's metrics token in the benchmark. */
export const BENCH_METRICS_TOKEN = "bench-metrics-token-0123456789abcdef";

type Kind = { key: string; share: number; write?: boolean; request: (context: RowContext, n: number, member: Member | null) => RawRequest };

function pick<T>(items: T[], n: number, salt = 0): T {
  return items[(Math.imul(n + 1 + salt * 7919, 2654435761) >>> 0) % items.length];
}

function headers(context: RowContext, member: Member | null, extra: Record<string, string> = {}): Record<string, string> {
  const result: Record<string, string> = { ...extra };
  if (member) result.cookie = member.cookie;
  if (context.gzip) result["accept-encoding"] = "gzip";
  return result;
}

const page = (path: string, context: RowContext, member: Member | null): RawRequest => ({
  method: "GET",
  path,
  headers: headers(context, member, { accept: "text/html" }),
});
const write = (path: string, body: unknown, context: RowContext, member: Member | null): RawRequest => ({
  method: "POST",
  path,
  headers: headers(context, member, { "content-type": "application/json", origin: context.origin }),
  body: JSON.stringify(body),
});

const SEARCHES = ["turbo", "miata", "coilovers", "track day", "e30", "boost", "civic", "exhaust"];

/** What the crowd does, by share of requests (they add up to 100). Members read 67 %, visitors 26 %, writes are 7 %. */
const KINDS: Kind[] = [
  { key: "home (member)", share: 18, request: (context, _n, member) => page("/", context, member) },
  { key: "home (visitor)", share: 8, request: (context) => page("/", context, null) },
  { key: "post (member)", share: 16, request: (context, n, member) => page(`/post/${pick(context.targets.postIds, n, 1)}`, context, member) },
  { key: "post (visitor)", share: 8, request: (context, n) => page(`/post/${pick(context.targets.postIds, n, 1)}`, context, null) },
  { key: "showcase (member)", share: 9, request: (context, n, member) => page(`/showcase/${pick(context.targets.carIds, n, 2)}`, context, member) },
  { key: "showcase (visitor)", share: 3, request: (context, n) => page(`/showcase/${pick(context.targets.carIds, n, 2)}`, context, null) },
  { key: "events (member)", share: 4, request: (context, _n, member) => page("/events", context, member) },
  { key: "events (visitor)", share: 2, request: (context) => page("/events", context, null) },
  { key: "search (member)", share: 4, request: (context, n, member) => page(`/search?q=${encodeURIComponent(pick(SEARCHES, n, 3))}`, context, member) },
  { key: "search (visitor)", share: 2, request: (context, n) => page(`/search?q=${encodeURIComponent(pick(SEARCHES, n, 3))}`, context, null) },
  { key: "feed API (member)", share: 16, request: (context, _n, member) => ({ method: "GET", path: "/api/feed", headers: headers(context, member) }) },
  { key: "feed API (visitor)", share: 3, request: (context) => ({ method: "GET", path: "/api/feed", headers: headers(context, null) }) },
  {
    key: "like",
    share: 5,
    write: true,
    request: (context, n, member) => write(`/api/posts/${pick(context.targets.postIds, n, 4)}/like`, { type: "like" }, context, member),
  },
  {
    key: "comment",
    share: 1,
    write: true,
    request: (context, n, member) =>
      write("/api/comments", { postId: pick(context.targets.postIds, n, 5), content: `Crowd comment ${n}: that stance is perfect` }, context, member),
  },
  { key: "follow", share: 1, write: true, request: (context, n, member) => write(`/api/cars/${pick(context.targets.carIds, n, 6)}/follow`, {}, context, member) },
];

/** The share of requests that write, in percent. */
export const CROWD_WRITE_SHARE = KINDS.filter((kind) => kind.write).reduce((sum, kind) => sum + kind.share, 0);
if (KINDS.reduce((sum, kind) => sum + kind.share, 0) !== 100) throw new Error("The crowd's shares do not add up to 100");

/** The pages a partial crowd row may keep (each as a member and as a visitor). */
export const CROWD_PAGES = ["home", "post", "showcase", "events", "search", "feed API"] as const;

/**
 * Kinds laid out over 1,000 slots in their shares; a request's slot comes from its number. A
 * partial row keeps the reads of `pages` only, in their shares, and every write at the same
 * share of requests, so what one page costs under the crowd's writes can be read on its own.
 */
function slotsOf(pages: readonly string[]): Kind[] {
  const reads = KINDS.filter((kind) => !kind.write && pages.some((page) => kind.key.startsWith(`${page} (`)));
  const readShare = reads.reduce((sum, kind) => sum + kind.share, 0);
  return [
    ...KINDS.filter((kind) => kind.write).flatMap((kind) => Array.from({ length: kind.share * 10 }, () => kind)),
    ...reads.flatMap((kind) => Array.from({ length: Math.round((kind.share * (1000 - CROWD_WRITE_SHARE * 10)) / readShare) }, () => kind)),
  ];
}

/** Requests sent of each kind since the counts were last read. */
const sent = new Map<string, number>();

/** The crowd row, or with `page` the crowd's writes and that page's reads only (row `crowd-<page>`). */
export function crowdRow(page?: (typeof CROWD_PAGES)[number]): Row {
  const slots = slotsOf(page ? [page] : CROWD_PAGES);
  const kinds = [...new Set(slots)];
  const shareOf = (kind: Kind) => slots.filter((slot) => slot === kind).length / 10;
  return {
    key: page ? `crowd-${page.replace(" API", "").replace(" ", "-")}` : "crowd",
    label: page ? `crowd: ${page} only, members and visitors, writes` : "crowd: every page, members and visitors, writes",
    detail: `each request one of: ${kinds.map((kind) => `${kind.key} ${shareOf(kind)} %`).join(", ")}; a member drawn from the crowd for each (their own session); ${CROWD_WRITE_SHARE} % writes`,
    request: (context, n) => {
      const kind = pick(slots, n, 11);
      sent.set(kind.key, (sent.get(kind.key) ?? 0) + 1);
      const members = context.crowd && context.crowd.length > 0 ? context.crowd : context.members;
      const member = kind.key.endsWith("(visitor)") ? null : pick(members, n, 13);
      return kind.request(context, n, member);
    },
    reference: "page",
    goal: page ? undefined : { ratio: 0.7 },
    onlyNamed: page !== undefined,
  };
}

/** How many requests of each kind the crowd row sent since the last call. */
export function takeCrowdCounts(): Record<string, number> {
  const counts = Object.fromEntries(sent);
  sent.clear();
  return counts;
}

// ------------------------------------------------------------------ cache hits, from /metrics

export type KeptCounts = { visitorHits: number; visitorMisses: number; renderHits: number; feedHits: number };

/** The kept-answer counters of the server's /metrics (summed over its processes' answers). */
export async function keptCounts(url: string): Promise<KeptCounts | null> {
  try {
    const response = await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${BENCH_METRICS_TOKEN}` } });
    if (!response.ok) return null;
    const text = await response.text();
    const counter = (cache: string, result: string) =>
      [...text.matchAll(/^kept_answers_total\{([^}]*)\} (\d+(?:\.\d+)?)$/gm)]
        .filter(([, labels]) => labels.includes(`cache="${cache}"`) && labels.includes(`result="${result}"`))
        .reduce((sum, match) => sum + Number(match[2]), 0);
    return {
      visitorHits: counter("visitor-page", "hit"),
      visitorMisses: counter("visitor-page", "miss"),
      renderHits: counter("render", "hit"),
      feedHits: counter("feed", "hit"),
    };
  } catch {
    return null;
  }
}

/** The hit rates of the measured run, in words, from the counters before and after it and the requests sent. */
export function hitRates(before: KeptCounts | null, after: KeptCounts | null, counts: Record<string, number>): string {
  if (!before || !after) return "hit rates not read (no /metrics)";
  const visitorLookups = after.visitorHits - before.visitorHits + (after.visitorMisses - before.visitorMisses);
  const memberPages = ["home", "post", "showcase", "events", "search"].reduce((sum, page) => sum + (counts[`${page} (member)`] ?? 0), 0);
  const memberFeed = counts["feed API (member)"] ?? 0;
  const percent = (part: number, whole: number) => (whole > 0 ? `${((100 * part) / whole).toFixed(0)} %` : "-");
  return [
    `visitors' pages from memory ${percent(after.visitorHits - before.visitorHits, visitorLookups)} of ${visitorLookups}`,
    `members' renders reused ${percent(after.renderHits - before.renderHits, memberPages)} of ${memberPages}`,
    `members' feed answers kept ${percent(after.feedHits - before.feedHits, memberFeed)} of ${memberFeed}`,
  ].join(", ");
}
