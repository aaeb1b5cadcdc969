// "New message": a GET form to /messages?to=<username>, which opens the conversation (it
// works without JavaScript). With JavaScript the box suggests people as you type (a
// fetcher loads GET /api/users/search a moment after the last key).
import { Form, useFetcher } from "@remix-run/react";
import { PenSquare } from "~/components/icons";
import { useEffect, useId, useState } from "react";
import { SEARCH_DEBOUNCE } from "~/lib/constants";
import type { MemberSearchAnswer, MemberSummary as Suggestion } from "~/lib/wire";
import { normaliseRecipient } from "./thread-state";
import { apiPaths } from "~/lib/paths";

/** People whose name matches `query`, not me, loaded a moment after it last changed. */
function useSuggestions(query: string, meUsername: string | undefined): Suggestion[] {
  const fetcher = useFetcher<Partial<MemberSearchAnswer>>();
  const { load } = fetcher;
  useEffect(() => {
    if (!query) return;
    const timer = setTimeout(() => load(apiPaths.userSearch(query, 6)), SEARCH_DEBOUNCE);
    return () => clearTimeout(timer);
  }, [query, load]);
  if (!query) return [];
  return (fetcher.data?.users ?? []).filter((user) => user.username !== meUsername);
}

export function NewMessageForm({
  defaultValue = "",
  error,
  meUsername,
  autoFocus = false,
}: {
  defaultValue?: string;
  error?: string | null;
  meUsername?: string;
  autoFocus?: boolean;
}) {
  const id = useId();
  const [value, setValue] = useState(defaultValue);
  const query = normaliseRecipient(value);
  const suggestions = useSuggestions(query, meUsername);

  return (
    <Form method="get" action="/messages" className="msg-new" aria-label="New message">
      <label htmlFor={`${id}-to`} className="visually-hidden">
        Send a message to (username)
      </label>
      <span className="msg-new__field">
        <PenSquare className="msg-new__icon" aria-hidden size={18} />
        <input
          id={`${id}-to`}
          name="to"
          className="input msg-new__input"
          placeholder="New message to @username"
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="go"
          maxLength={60}
          list={`${id}-people`}
          value={value}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the box opens on the member's press and takes focus
          autoFocus={autoFocus}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setValue(event.target.value)}
        />
        <datalist id={`${id}-people`}>
          {suggestions.map((user) => (
            <option key={user.id} value={user.username}>
              {user.nickname ? `${user.nickname} (@${user.username})` : `@${user.username}`}
            </option>
          ))}
        </datalist>
      </span>
      <button type="submit" className="btn btn--primary btn--sm msg-new__submit">
        Start
      </button>
      {error ? (
        <p id={`${id}-error`} className="msg-new__error" role="alert">
          {error}
        </p>
      ) : null}
    </Form>
  );
}
