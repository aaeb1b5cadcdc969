// /search: a plain GET form (works without JavaScript). Results arrive with the search
// feature; until then the page says so honestly.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { Search as SearchIcon, Telescope } from "lucide-react";
import { EmptyState, PageHeader } from "~/components/shell/EmptyState";
import "~/components/shell/pages.css";

const MAX_QUERY = 100;

export async function loader({ request }: LoaderFunctionArgs) {
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, MAX_QUERY);
  return { q };
}

export default function SearchPage() {
  const { q } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/search";
  return (
    <div className="page search-page">
      <PageHeader title="Search" subtitle="Cars, people and events" icon={<SearchIcon />} />
      <Form method="get" action="/search" role="search" className="search-form">
        <label htmlFor="search-q" className="visually-hidden">
          Search cars, people and events
        </label>
        <SearchIcon className="search-form__icon" aria-hidden size={20} />
        <input
          id="search-q"
          type="search"
          name="q"
          className="input search-form__input"
          defaultValue={q}
          key={q}
          maxLength={MAX_QUERY}
          placeholder="Try “E46 M3”, “@demo” or “track day”"
          autoComplete="off"
          enterKeyHint="search"
        />
        <button type="submit" className="btn btn--primary search-form__submit" disabled={searching}>
          {searching ? "Searching..." : "Search"}
        </button>
      </Form>

      {q ? (
        <EmptyState icon={<Telescope />} title="Search opens soon">
          Results for <strong>“{q}”</strong> will appear here once search is switched on: cars, people and events.
        </EmptyState>
      ) : (
        <EmptyState icon={<SearchIcon />} title="Find cars, people and events">
          Search by make or model, by username, or by the name of a meet.
        </EmptyState>
      )}
    </div>
  );
}
