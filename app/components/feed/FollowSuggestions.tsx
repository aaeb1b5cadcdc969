// What an empty Following feed offers instead: cars, people and tags to follow, picked from
// real activity (most-followed cars, the most active builders and tags of the last 30 days),
// each a link to its page where the follow button is; and always a way to Latest.
import { Link } from "~/components/shell/Link";
import { Compass } from "~/components/icons";
import { EmptyState } from "~/components/shell/EmptyState";
import { carName } from "~/lib/rules/cars";
import { FEED_CHOICE_MESSAGES, feedHref } from "~/lib/rules/feed-choice";
import { showcasePath, tagPath, userPath } from "~/lib/paths";
import type { CarSummary } from "~/lib/wire";
import "./feed-switch.css";

export type FollowSuggestionsData = {
  cars: Array<Pick<CarSummary, "id" | "make" | "model" | "year" | "nickname"> & { followers: number }>;
  people: Array<{ id: number; username: string; nickname: string | null; posts: number }>;
  tags: Array<{ name: string; posts: number }>;
};

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

export function FollowSuggestions({ suggestions }: { suggestions: FollowSuggestionsData }) {
  const { cars, people, tags } = suggestions;
  const carItems = cars.map((car) => ({ key: car.id, to: showcasePath(car.id), label: `${carName(car)} · ${plural(car.followers, "follower", "followers")}` }));
  const peopleItems = people.map((person) => ({
    key: person.id,
    to: userPath(person.username),
    label: `@${person.username} · ${plural(person.posts, "post", "posts")}`,
  }));
  const tagItems = tags.map((tag) => ({ key: tag.name, to: tagPath(tag.name), label: `#${tag.name} · ${plural(tag.posts, "post", "posts")}` }));
  return (
    <EmptyState
      icon={<Compass />}
      title={FEED_CHOICE_MESSAGES.emptyFollowing}
      actions={
        <Link to={feedHref("latest")} className="btn btn--primary">
          {FEED_CHOICE_MESSAGES.seeLatest}
        </Link>
      }
    >
      <div className="follow-suggest" data-testid="follow-suggestions">
        <p>Follow cars, people and tags, and their new posts show up here.</p>
        <SuggestionList id="suggest-cars" title={FEED_CHOICE_MESSAGES.suggestCars} items={carItems} />
        <SuggestionList id="suggest-people" title={FEED_CHOICE_MESSAGES.suggestPeople} items={peopleItems} />
        <SuggestionList id="suggest-tags" title={FEED_CHOICE_MESSAGES.suggestTags} items={tagItems} />
      </div>
    </EmptyState>
  );
}

/** One titled list of suggestions as chips, each a link to its page; nothing when it is empty. */
function SuggestionList({ id, title, items }: { id: string; title: string; items: Array<{ key: number | string; to: string; label: string }> }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="follow-suggest__title">
        {title}
      </h3>
      <ul className="follow-suggest__list">
        {items.map((item) => (
          <li key={item.key}>
            <Link to={item.to} className="chip">
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
