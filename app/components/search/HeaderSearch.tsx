// The header's search box: a GET form to /search that works without JavaScript;
// with it, a results list of cars, people and events (at most 3 each) appears 300 ms
// after typing stops, with 'Show all' leading to /search?q=...
// Keyboard: ↓/↑ move through the results, Enter opens one (or submits the form),
// Escape closes the list. It is an ARIA combobox with a listbox popup.
import { Form, useLocation, useNavigate, useSearchParams } from "@remix-run/react";
import { Link } from "~/components/shell/Link";
import { CalendarDays, CarFront, Loader2, Search } from "~/components/icons";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Avatar } from "~/components/shell/Avatar";
import { carName } from "~/lib/rules/cars";
import { dateTimeFormat } from "~/lib/rules/formats";
import { useFetcherRead } from "~/lib/client/fetcher-answer";
import { eventPath, showcasePath, userPath } from "~/lib/paths";
import { SEARCH_DEBOUNCE, normaliseQuery, searchHref } from "~/lib/rules/search";
import { cachedResults, readQuickResults, resultCount, type QuickResults } from "./search-client";
import "./search.css";

type Option = { key: string; href: string };

type OptionProps = {
  id: string;
  role: "option";
  "aria-selected": boolean;
  className: string;
  onMouseEnter: () => void;
};

// The reader's own locale and time zone: the results list is drawn in the browser only.
const dateFormat = dateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

function formatDate(iso: string): string {
  return dateFormat().format(new Date(iso));
}

export function HeaderSearch({
  className = "",
  placeholder = "Search cars, people, events",
  autoFocus = false,
  onNavigate,
}: {
  className?: string;
  placeholder?: string;
  autoFocus?: boolean;
  /** Called after the user picks a result or submits (e.g. to close a mobile sheet). */
  onNavigate?: () => void;
} = {}) {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const onSearchPage = location.pathname === "/search";
  const [value, setValue] = useState(() => (onSearchPage ? (params.get("q") ?? "") : ""));
  const [results, setResults] = useState<QuickResults | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const rootRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // One per page, in the header, whose markup is kept (shell/Kept.tsx): its ids are fixed, not useId's.
  const id = "header-search";
  const listId = `${id}-results`;
  const readCars = useFetcherRead();
  const readUsers = useFetcherRead();
  const readEvents = useFetcherRead();

  const query = normaliseQuery(value);

  // Follow the /search page's query, and close the list whenever the page changes.
  useEffect(() => {
    setOpen(false);
    setActive(-1);
    if (location.pathname === "/search") setValue(new URLSearchParams(location.search).get("q") ?? "");
  }, [location.pathname, location.search]);

  // Read after a pause in typing; a newer query cancels the older reads.
  useEffect(() => {
    if (!query) {
      setResults(null);
      setLoading(false);
      setFailed(false);
      return;
    }
    const cached = cachedResults(query);
    if (cached) {
      setResults(cached);
      setLoading(false);
      setFailed(false);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    const timer = setTimeout(() => {
      readQuickResults(query, { cars: readCars, users: readUsers, events: readEvents }, controller.signal)
        .then((found) => {
          setResults(found);
          setFailed(false);
        })
        .catch(() => {
          if (!controller.signal.aborted) setFailed(true);
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, SEARCH_DEBOUNCE);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, readCars, readUsers, readEvents]);

  // Close on a click or focus outside.
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: Event) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("focusin", onPointer);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("focusin", onPointer);
    };
  }, [open]);

  // The previous answer stays up while the next one loads: no flicker between keystrokes.
  const shown = query ? results : null;

  const options = useMemo<Option[]>(() => {
    if (!shown) return [];
    return [
      ...shown.cars.map((car) => ({ key: `car-${car.id}`, href: showcasePath(car.id) })),
      ...shown.users.map((user) => ({ key: `user-${user.id}`, href: userPath(user.username) })),
      ...shown.events.map((event) => ({ key: `event-${event.id}`, href: eventPath(event.id) })),
      { key: "all", href: searchHref(query) },
    ];
  }, [shown, query]);

  useEffect(() => setActive(-1), [shown]);

  const go = useCallback(
    (href: string) => {
      setOpen(false);
      setActive(-1);
      inputRef.current?.blur();
      navigate(href);
      onNavigate?.();
    },
    [navigate, onNavigate],
  );

  const expanded = open && query.length > 0;
  const optionId = (key: string) => `${id}-${key}`;

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!options.length) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => {
        if (current === -1) return step === 1 ? 0 : options.length - 1;
        return (current + step + options.length) % options.length;
      });
    } else if (event.key === "Enter") {
      if (expanded && active >= 0 && options[active]) {
        event.preventDefault();
        go(options[active].href);
      }
    } else if (event.key === "Escape") {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (value) {
        event.preventDefault();
        setValue("");
      }
    }
  }

  const activeKey = active >= 0 ? options[active]?.key : undefined;
  let counter = -1;
  const optionProps = (key: string): OptionProps => {
    counter += 1;
    const index = counter;
    const isActive = key === activeKey;
    return {
      id: optionId(key),
      role: "option",
      "aria-selected": isActive,
      className: `hsearch__option${isActive ? " hsearch__option--active" : ""}`,
      onMouseEnter: () => setActive(index),
    };
  };

  const count = resultCount(shown);

  return (
    <Form
      ref={rootRef}
      method="get"
      action="/search"
      role="search"
      className={`header-search hsearch ${className}`.trim()}
      onSubmit={() => {
        setOpen(false);
        inputRef.current?.blur();
        onNavigate?.();
      }}
    >
      {/* A form needs a submit button; the magnifier is it (Enter submits too). Its name is
          text, visually hidden, which text browsers show. */}
      <button type="submit" className="header-search__submit" tabIndex={-1}>
        <Search className="header-search__icon" aria-hidden size={18} />
        <span className="visually-hidden">Search</span>
      </button>
      {/* A text field, not type=search: a combobox role is only valid on a plain text input. */}
      <input
        ref={inputRef}
        type="text"
        inputMode="search"
        name="q"
        className="header-search__input"
        placeholder={placeholder}
        aria-label="Search cars, people and events"
        autoComplete="off"
        autoCorrect="off"
        spellCheck={false}
        enterKeyHint="search"
        maxLength={500}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the search opens on the member's press and takes focus
        autoFocus={autoFocus}
        value={value}
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && activeKey ? optionId(activeKey) : undefined}
        onChange={(event) => {
          setValue(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      {loading && expanded ? <Loader2 className="hsearch__spinner" aria-hidden size={16} /> : null}

      <div className="hsearch__panel" hidden={!expanded} data-testid="header-search-results">
        <ul id={listId} role="listbox" aria-label="Search results" className="hsearch__list">
          {!shown && loading ? (
            <li className="hsearch__skeletons" aria-hidden>
              {[0, 1, 2].map((n) => (
                <span key={n} className="hsearch__skeleton skeleton" />
              ))}
            </li>
          ) : null}

          {failed && !shown ? (
            <li className="hsearch__note" role="presentation">
              Search is unavailable right now. Press Enter to try the full search.
            </li>
          ) : null}

          {shown && count === 0 ? (
            <li className="hsearch__note" role="presentation">
              No cars, people or events match “{query}”.
            </li>
          ) : null}

          {shown && shown.cars.length > 0 ? (
            <ResultGroup label="Cars">
              {shown.cars.map((car) => (
                <ResultOption
                  key={car.id}
                  option={optionProps(`car-${car.id}`)}
                  to={showcasePath(car.id)}
                  onPick={() => setOpen(false)}
                  thumb={car.cover_image ? <img src={car.cover_image} alt="" loading="lazy" width={40} height={40} /> : <CarFront aria-hidden size={20} />}
                  title={carName(car)}
                  sub={`${[car.year, car.make, car.model, car.trim].filter(Boolean).join(" ")} · @${car.owner.username}`}
                />
              ))}
            </ResultGroup>
          ) : null}

          {shown && shown.users.length > 0 ? (
            <ResultGroup label="People">
              {shown.users.map((user) => (
                <ResultOption
                  key={user.id}
                  option={optionProps(`user-${user.id}`)}
                  to={userPath(user.username)}
                  onPick={() => setOpen(false)}
                  round
                  thumb={<Avatar name={user.username} image={user.profileImage} size={40} />}
                  title={`@${user.username}`}
                  sub={user.nickname || null}
                />
              ))}
            </ResultGroup>
          ) : null}

          {shown && shown.events.length > 0 ? (
            <ResultGroup label="Events">
              {shown.events.map((event) => (
                <ResultOption
                  key={event.id}
                  option={optionProps(`event-${event.id}`)}
                  to={eventPath(event.id)}
                  onPick={() => setOpen(false)}
                  thumb={<CalendarDays aria-hidden size={20} />}
                  title={event.name}
                  sub={`${formatDate(event.date_time)}${event.location ? ` · ${event.location}` : ""}${event.is_past ? " · past" : ""}`}
                />
              ))}
            </ResultGroup>
          ) : null}

          {shown ? (
            <li {...optionProps("all")}>
              <Link to={searchHref(query)} tabIndex={-1} onClick={() => setOpen(false)} className="hsearch__link hsearch__all">
                Show all
                <span className="visually-hidden"> results for “{query}”</span>
              </Link>
            </li>
          ) : null}
        </ul>
      </div>
    </Form>
  );
}

/** One titled group of results (cars, people or events) inside the listbox. */
function ResultGroup({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <li role="presentation" className="hsearch__group">
      <span className="hsearch__heading" aria-hidden>
        {label}
      </span>
      <ul role="group" aria-label={label} className="hsearch__items">
        {children}
      </ul>
    </li>
  );
}

/** One result: a thumbnail, a title and an optional line under it, linking to its page. */
function ResultOption({
  option,
  to,
  onPick,
  round = false,
  thumb,
  title,
  sub,
}: {
  option: OptionProps;
  to: string;
  onPick: () => void;
  round?: boolean;
  thumb: React.ReactNode;
  title: string;
  sub: string | null;
}) {
  return (
    <li {...option}>
      <Link to={to} tabIndex={-1} onClick={onPick} className="hsearch__link">
        <span className={round ? "hsearch__thumb hsearch__thumb--round" : "hsearch__thumb"}>{thumb}</span>
        <span className="hsearch__text">
          <span className="hsearch__title">{title}</span>
          {sub ? <span className="hsearch__sub">{sub}</span> : null}
        </span>
      </Link>
    </li>
  );
}
