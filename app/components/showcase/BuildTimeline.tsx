// The showcase's build timeline: the car's mods that posts show, newest mod first, each with
// its newest posts as thumbnails (the first photo, or a video's poster frame) and their
// dates. Mods no post shows are left out: the mods list above has them all. Nothing at all
// when no post tags a mod. Every time the car changed hands is marked between the mods, by
// date. Below them, the car's service entries (ServiceTimeline), when it has any. Plain
// links: it works without JavaScript.
import { Kept } from "~/components/shell/Kept";
import { Link } from "~/components/shell/Link";
import { History, Images, KeyRound } from "~/components/icons";
import { MediaImage, type MediaItem } from "~/components/cars/MediaImage";
import { CategoryIcon } from "~/components/mods/category-icons";
import { ServiceTimeline, type ServiceTimelineEntry } from "~/components/service/ServiceTimeline";
import { postPath } from "~/lib/paths";
import { modAnchorId, modHref, modTitle, type TaggedMod } from "~/lib/rules/post-mods";
import { shortDate } from "~/lib/rules/formats";
import { CHANGED_HANDS } from "~/lib/rules/handover";
import "./build-timeline.css";

export type BuildTimelineEntry = {
  mod: TaggedMod;
  /** When the mod was added (ISO). */
  addedAt: string;
  postCount: number;
  posts: ReadonlyArray<{ id: number; createdAt: string; thumbnail: MediaItem | null }>;
};

export const TIMELINE_TEXT = {
  title: "Build timeline",
  explain: "Posts grouped by the mod they show",
} as const;

function postsLine(count: number, shown: number): string {
  const total = `${count} ${count === 1 ? "post" : "posts"}`;
  return count > shown ? `${total}, newest ${shown} shown` : total;
}

function HandoverMark({ at }: { at: string }) {
  return (
    <li className="build-timeline__handover" data-testid="timeline-handover">
      <span className="build-timeline__marker build-timeline__marker--handover" aria-hidden>
        <KeyRound size={16} />
      </span>
      <p className="build-timeline__handover-text">
        {CHANGED_HANDS} <time dateTime={at}>{shortDate(at)}</time>
      </p>
    </li>
  );
}

type Row = { kind: "mod"; entry: BuildTimelineEntry } | { kind: "handover"; at: string };

/** The mods (newest first) with each handover placed above the mods added before it. */
function timelineRows(entries: readonly BuildTimelineEntry[], handovers: readonly string[]): Row[] {
  const pending = [...handovers].sort((a, b) => b.localeCompare(a));
  const rows: Row[] = [];
  for (const entry of entries) {
    while (pending.length && pending[0] > entry.addedAt) rows.push({ kind: "handover", at: pending.shift()! });
    rows.push({ kind: "mod", entry });
  }
  for (const at of pending) rows.push({ kind: "handover", at });
  return rows;
}

export function BuildTimeline({
  entries,
  handovers = [],
  service,
}: {
  entries: readonly BuildTimelineEntry[];
  /** When the car changed hands (ISO), from its owners. */
  handovers?: readonly string[];
  /** The car's newest service entries, with costs as this reader may see them. */
  service?: { entries: readonly ServiceTimelineEntry[]; more: boolean; ownerView: boolean };
}) {
  if (entries.length === 0 && !service?.entries.length) return null;
  return (
    <Kept
      as="section"
      name="build-timeline"
      inputs={[entries, handovers, service ?? null]}
      className="build-timeline"
      aria-labelledby="timeline-title"
      data-testid="build-timeline"
    >
      <div className="showcase-section__head">
        <h2 id="timeline-title" className="showcase-section__title">
          <History aria-hidden size={20} /> {TIMELINE_TEXT.title}
        </h2>
        {entries.length ? <p className="showcase-section__meta">{TIMELINE_TEXT.explain}</p> : null}
      </div>
      <ol className="build-timeline__mods" hidden={entries.length === 0}>
        {timelineRows(entries, handovers).map((row) => {
          if (row.kind === "handover") return <HandoverMark key={`handover-${row.at}`} at={row.at} />;
          const { mod, postCount, posts } = row.entry;
          return (
            <li key={mod.id} className="build-timeline__mod" data-mod-id={mod.id}>
              <span className="build-timeline__marker" aria-hidden>
                <CategoryIcon category={mod.category} size={16} />
              </span>
              <div className="build-timeline__body">
                <h3 className="build-timeline__name" id={`timeline-${modAnchorId(mod.id)}`}>
                  <Link to={modHref(mod)}>{modTitle(mod)}</Link>
                </h3>
                <p className="build-timeline__meta">
                  {mod.category} · {postsLine(postCount, posts.length)}
                </p>
                <ul className="build-timeline__posts" aria-labelledby={`timeline-${modAnchorId(mod.id)}`}>
                  {posts.map((post) => (
                    <li key={post.id}>
                      <Link to={postPath(post.id)} className="build-timeline__post">
                        <span className="build-timeline__thumb">
                          {post.thumbnail ? (
                            <MediaImage media={post.thumbnail} sizes="112px" />
                          ) : (
                            <span className="build-timeline__text-post" aria-hidden>
                              <Images size={20} />
                            </span>
                          )}
                        </span>
                        <span className="visually-hidden">Post from </span>
                        <time dateTime={post.createdAt}>{shortDate(post.createdAt)}</time>
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            </li>
          );
        })}
      </ol>
      {service ? <ServiceTimeline {...service} /> : null}
    </Kept>
  );
}
