// The type-ahead of the manufacturer, vendor and installer fields. Without JavaScript the
// field's <datalist> holds the names the page was rendered with, and the server matches
// what is typed on save ("ohlins" is "Öhlins"). With JavaScript, a pause in typing reads
// GET /api/makers through a fetcher and the datalist offers the names that match.
import { useEffect, useState, type FormEvent } from "react";
import { useFetcherRead } from "~/lib/client/fetcher-answer";
import { SEARCH_DEBOUNCE } from "~/lib/constants";
import { apiPaths } from "~/lib/paths";
import type { MakerKind } from "~/lib/rules/names";
import { normaliseQuery } from "~/lib/rules/search";

export function useMakerSuggestions(kind: MakerKind, rendered: readonly string[]) {
  const read = useFetcherRead();
  const [query, setQuery] = useState("");
  const [found, setFound] = useState<string[] | null>(null);
  useEffect(() => {
    const q = normaliseQuery(query);
    if (!q) {
      setFound(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      read(apiPaths.makerSuggestions(kind, q), controller.signal)
        .then((answer) => {
          const names = (answer as { names?: unknown } | undefined)?.names;
          if (Array.isArray(names)) setFound(names.filter((name): name is string => typeof name === "string"));
        })
        // A cancelled or failed read leaves the list as it was.
        .catch(() => undefined);
    }, SEARCH_DEBOUNCE);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [kind, query, read]);
  return { options: found ?? rendered, onInput: (event: FormEvent<HTMLInputElement>) => setQuery(event.currentTarget.value) };
}

export function NameList({ id, options }: { id: string; options: readonly string[] }) {
  return (
    <datalist id={id}>
      {options.map((option) => (
        <option key={option} value={option} />
      ))}
    </datalist>
  );
}
