// What an empty Following feed offers instead: cars, people and tags to follow, picked from
// real activity (most-followed cars, the most active builders and tags of the last 30 days),
// each a link to its page where the follow button is; and always a way to Latest.
import { Link } from "@remix-run/react";
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
        {cars.length > 0 ? (
          <section aria-labelledby="suggest-cars">
            <h3 id="suggest-cars" className="follow-suggest__title">
              {FEED_CHOICE_MESSAGES.suggestCars}
            </h3>
            <ul className="follow-suggest__list">
              {cars.map((car) => (
                <li key={car.id}>
                  <Link to={showcasePath(car.id)} className="chip">
                    {carName(car)} · {plural(car.followers, "follower", "followers")}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {people.length > 0 ? (
          <section aria-labelledby="suggest-people">
            <h3 id="suggest-people" className="follow-suggest__title">
              {FEED_CHOICE_MESSAGES.suggestPeople}
            </h3>
            <ul className="follow-suggest__list">
              {people.map((person) => (
                <li key={person.id}>
                  <Link to={userPath(person.username)} className="chip">
                    @{person.username} · {plural(person.posts, "post", "posts")}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {tags.length > 0 ? (
          <section aria-labelledby="suggest-tags">
            <h3 id="suggest-tags" className="follow-suggest__title">
              {FEED_CHOICE_MESSAGES.suggestTags}
            </h3>
            <ul className="follow-suggest__list">
              {tags.map((tag) => (
                <li key={tag.name}>
                  <Link to={tagPath(tag.name)} className="chip">
                    #{tag.name} · {plural(tag.posts, "post", "posts")}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </EmptyState>
  );
}
