// The sections of the /search page: cars, people, events, posts and parts for one query.
import { Link } from "~/components/shell/Link";
import { CalendarDays, CarFront, FileText, Users, Wrench } from "~/components/icons";
import { EventCard } from "~/components/events/EventCard";
import type { EventCardView } from "~/components/events/event-view";
import { smallAvatar } from "~/components/messages/ConversationList";
import { Avatar } from "~/components/shell/Avatar";
import { carName, carSpecLine, realNickname } from "~/lib/rules/cars";
import { postPath, showcasePath, userPath } from "~/lib/paths";
import { relativeTime } from "~/lib/rules/relative-time";
import type { CarResult, PartResult, PostResult, UserResult } from "~/lib/wire";
import "./search-page.css";

export type SearchPageResults = {
  cars: CarResult[];
  users: UserResult[];
  events: EventCardView[];
  posts: PostResult[];
  parts: PartResult[];
};

export const KINDS = [
  { key: "cars", label: "Cars", icon: CarFront },
  { key: "users", label: "People", icon: Users },
  { key: "events", label: "Events", icon: CalendarDays },
  { key: "posts", label: "Posts", icon: FileText },
  { key: "parts", label: "Parts", icon: Wrench },
] as const;

/** Links to each non-empty section, with its count. */
export function ResultTabs({ results }: { results: SearchPageResults }) {
  const present = KINDS.filter((kind) => results[kind.key].length > 0);
  if (present.length < 2) return null;
  return (
    <nav className="sr-jump" aria-label="Result kinds">
      {present.map(({ key, label, icon: Icon }) => (
        <a key={key} href={`#results-${key}`} className="chip sr-jump__chip">
          <Icon aria-hidden size={14} /> {label}
          <span className="sr-jump__count">{results[key].length}</span>
        </a>
      ))}
    </nav>
  );
}

function Section({ kind, count, children }: { kind: (typeof KINDS)[number]; count: number; children: React.ReactNode }) {
  const Icon = kind.icon;
  return (
    <section className="sr-section" id={`results-${kind.key}`} aria-labelledby={`results-${kind.key}-title`}>
      <h2 className="sr-section__title" id={`results-${kind.key}-title`}>
        <Icon aria-hidden size={20} /> {kind.label}
        <span className="sr-section__count">{count}</span>
      </h2>
      {children}
    </section>
  );
}

function CarTile({ car }: { car: CarResult }) {
  const hue = (car.id * 47) % 360;
  const nickname = realNickname(car.nickname);
  return (
    <li className="sr-car card card--interactive">
      <Link to={showcasePath(car.id)} className="sr-car__link">
        <span className="sr-car__cover media-frame" style={{ "--ratio": "4 / 3", "--car-hue": hue } as React.CSSProperties}>
          {car.cover_image ? (
            <img src={car.cover_image} alt="" loading="lazy" />
          ) : (
            <span className="sr-car__placeholder" aria-hidden>
              <CarFront size={32} />
              <span>{car.make}</span>
            </span>
          )}
        </span>
        <span className="sr-car__body">
          <span className="sr-car__name">{carName(car)}</span>
          <span className="sr-car__spec">{nickname ? carSpecLine(car) : carSpecLine({ trim: car.trim, bodystyle: car.bodystyle }) || car.make}</span>
          <span className="sr-car__owner">@{car.owner.username}</span>
        </span>
      </Link>
    </li>
  );
}

function PersonRow({ user }: { user: UserResult }) {
  return (
    <li>
      <Link to={userPath(user.username)} className="sr-person card card--interactive">
        <Avatar name={user.username} image={smallAvatar(user.profileImage)} size={48} />
        <span className="sr-person__names">
          <span className="sr-person__name">{user.nickname || `@${user.username}`}</span>
          <span className="sr-person__handle">@{user.username}</span>
        </span>
      </Link>
    </li>
  );
}

function PostTile({ post, now }: { post: PostResult; now: number }) {
  return (
    <li className={`sr-post card card--interactive${post.cover_image ? "" : " sr-post--text"}`}>
      <Link to={postPath(post.id)} className="sr-post__link">
        {post.cover_image ? (
          <span className="sr-post__cover media-frame" style={{ "--ratio": "1 / 1" } as React.CSSProperties}>
            <img src={post.cover_image} alt="" loading="lazy" />
          </span>
        ) : null}
        <span className="sr-post__body">
          <span className="sr-post__story" data-text-only={post.cover_image ? undefined : "true"}>
            {post.story || "Post without text"}
          </span>
          <span className="sr-post__meta">
            @{post.created_by.username} ·{" "}
            <time dateTime={post.created_at} suppressHydrationWarning>
              {relativeTime(post.created_at, now)}
            </time>
          </span>
        </span>
      </Link>
    </li>
  );
}

function PartRow({ part }: { part: PartResult }) {
  return (
    <li>
      <Link to={part.href} className="sr-person card card--interactive">
        <Wrench aria-hidden size={24} />
        <span className="sr-person__names">
          <span className="sr-person__name">{part.name}</span>
          <span className="sr-person__handle">
            {part.category} · {part.cars === 1 ? "1 car runs it" : `${part.cars} cars run it`}
          </span>
        </span>
      </Link>
    </li>
  );
}

/** One kind's results as a titled list; nothing when there are none. */
function ResultList<T>({
  kind,
  items,
  className,
  render,
}: {
  kind: (typeof KINDS)[number];
  items: readonly T[];
  className: string;
  render: (item: T) => React.ReactNode;
}) {
  if (items.length === 0) return null;
  return (
    <Section kind={kind} count={items.length}>
      <ul className={className}>{items.map(render)}</ul>
    </Section>
  );
}

export function SearchResults({ results, now }: { results: SearchPageResults; now: number }) {
  const [cars, users, events, posts, parts] = KINDS;
  return (
    <div className="sr">
      <ResultList kind={cars} items={results.cars} className="sr-cars" render={(car) => <CarTile key={car.id} car={car} />} />
      <ResultList kind={users} items={results.users} className="sr-people" render={(user) => <PersonRow key={user.id} user={user} />} />
      <ResultList kind={events} items={results.events} className="event-list" render={(event) => <EventCard key={event.id} event={event} />} />
      <ResultList kind={posts} items={results.posts} className="sr-posts" render={(post) => <PostTile key={post.id} post={post} now={now} />} />
      <ResultList kind={parts} items={results.parts} className="sr-people sr-parts" render={(part) => <PartRow key={part.id} part={part} />} />
    </div>
  );
}
