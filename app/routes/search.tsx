// /search: cars, people, events, posts (by story text), parts and tags (with their post counts) for a query. A plain GET form,
// so it works without JavaScript; every kind shows up to 20 results.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/shell/Link";
import { Search as SearchIcon, SearchX } from "~/components/icons";
import { eventCardView } from "~/components/events/event-view";
import { ResultTabs, SearchResults } from "~/components/search-page/SearchResults";
import { EmptyState, PageHeader } from "~/components/shell/EmptyState";
import { APP_TITLE } from "~/lib/constants";
import { publicOrigin } from "~/lib/server/env.server";
import { tagPath } from "~/lib/paths";
import { SEARCH_MAX_CHARS, normaliseQuery, searchHref } from "~/lib/rules/search";
import { shareLink, shareMeta } from "~/lib/rules/share-meta";
import { SEARCH_PAGE_PER_KIND, searchAll } from "~/models/search.server";
import { searchTags } from "~/models/tag.server";
import "~/components/shell/pages.css";
import type { DocumentHandle } from "~/root";
import { SearchForm } from "~/components/shell/SearchForm";

export const handle: DocumentHandle = { cache: "visitors" };

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: `Search · ${APP_TITLE}` }];
  const headline = data.q ? `“${data.q}” · Search` : "Search";
  return shareMeta({
    share: data.share,
    title: `${headline} · ${APP_TITLE}`,
    headline,
    description: data.q ? `Cars, people, events, posts and parts matching “${data.q}”.` : "Search cars, people, events, posts and parts.",
  });
};

export async function loader({ request }: LoaderFunctionArgs) {
  const q = normaliseQuery(new URL(request.url).searchParams.get("q") ?? "");
  const [found, tags] = await Promise.all([searchAll(q, { perKind: SEARCH_PAGE_PER_KIND }), searchTags(q, { limit: SEARCH_PAGE_PER_KIND })]);
  return {
    q: found.query,
    tags,
    results: { cars: found.cars, users: found.users, events: found.events.map(eventCardView), posts: found.posts, parts: found.parts },
    now: Date.now(),
    share: shareLink(publicOrigin(request), searchHref(found.query)),
  };
}

const SUGGESTIONS = ["track day", "supra", "coilovers", "jess"];

export default function SearchPage() {
  const { q, tags, results, now } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/search";
  const total = results.cars.length + results.users.length + results.events.length + results.posts.length + results.parts.length + tags.length;

  return (
    <div className="page page--wide search-page">
      <PageHeader title="Search" subtitle="Cars, people, events, posts and parts" icon={<SearchIcon />} />
      <SearchForm
        action="/search"
        block="search-form"
        id="search-q"
        label="Search cars, people, events and posts"
        q={q}
        iconSize={20}
        field={{ placeholder: "Try “E46 M3”, “jess” or “track day”", maxLength: SEARCH_MAX_CHARS, autoComplete: "off", enterKeyHint: "search" }}
      >
        <button type="submit" className="btn btn--primary search-form__submit" disabled={searching}>
          {searching ? "Searching..." : "Search"}
        </button>
      </SearchForm>

      <div className="sr-area" data-busy={searching ? "true" : "false"} aria-busy={searching}>
        {!q ? (
          <EmptyState
            icon={<SearchIcon />}
            title="Find cars, people and events"
            actions={
              <div className="sr-suggest" role="group" aria-label="Suggestions">
                {SUGGESTIONS.map((text) => (
                  <Link key={text} to={searchHref(text)} className="chip sr-suggest__chip">
                    {text}
                  </Link>
                ))}
              </div>
            }
          >
            Search by make or model, by username, by the name of a meet, or by words from a post.
          </EmptyState>
        ) : total === 0 ? (
          <EmptyState
            icon={<SearchX />}
            title={`No results for “${q}”`}
            actions={
              <Link to="/events" className="btn btn--secondary">
                Browse events
              </Link>
            }
          >
            Check the spelling, or try fewer or more general words.
          </EmptyState>
        ) : (
          <>
            <p className="sr-summary" role="status">
              {total} {total === 1 ? "result" : "results"} for <strong>“{q}”</strong>
            </p>
            {tags.length > 0 ? (
              <section className="sr-tags" aria-labelledby="sr-tags-title">
                <h2 id="sr-tags-title" className="sr-section__title">
                  Tags
                </h2>
                <ul className="sr-suggest" data-testid="tag-results" style={{ listStyle: "none", padding: 0, justifyContent: "flex-start" }}>
                  {tags.map((tag) => (
                    <li key={tag.name}>
                      <Link to={tagPath(tag.name)} className="chip sr-suggest__chip">
                        #{tag.name} · {tag.posts} {tag.posts === 1 ? "post" : "posts"}
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            <ResultTabs results={results} />
            <SearchResults results={results} now={now} />
          </>
        )}
      </div>
    </div>
  );
}
