// Suggests members while someone types "@name" in a text box (story, comment, message): a
// list box under the box, fed by /api/users/search, asked 250 ms after the last key. Arrow
// keys move through it, Enter or Tab takes the highlighted member, Escape closes it; a screen
// reader hears the highlighted member and how many are suggested. Without JavaScript nothing shows: typing the name is enough.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from "react";
import type { MemberSearchAnswer, MemberSummary as Suggestion } from "~/lib/wire";
import { apiPaths } from "~/lib/paths";
import "./text.css";

const DEBOUNCE_MS = 250;
const SHOWN = 6;
/** "@" starting a word, then the start of a username, right before the caret. */
const TYPING_MENTION = /(?:^|[\s([{<"'“‘«„,;!?])@([A-Za-z0-9_.]{1,30})$/u;

/** The "@name" being typed before the caret: where its "@" is and the name so far. */
export function mentionAtCaret(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(Math.max(0, caret - 40), caret);
  const match = TYPING_MENTION.exec(before);
  if (!match) return null;
  return { start: caret - match[1].length - 1, query: match[1].toLowerCase() };
}

export function useMentionSuggestions({ value, setValue, field }: { value: string; setValue: (value: string) => void; field: RefObject<HTMLTextAreaElement | null> }) {
  const listId = useId();
  const [typing, setTyping] = useState<{ start: number; query: string } | null>(null);
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [active, setActive] = useState(0);
  const asked = useRef(0);

  useEffect(() => {
    if (!typing) {
      setSuggestions([]);
      return;
    }
    const ask = ++asked.current;
    const timer = window.setTimeout(() => {
      fetch(apiPaths.userSearch(typing.query, SHOWN), { headers: { Accept: "application/json" } })
        .then((response) => (response.ok ? response.json() : { users: [] }))
        .then((body: Partial<MemberSearchAnswer>) => {
          if (ask !== asked.current) return;
          setSuggestions((body.users ?? []).slice(0, SHOWN));
          setActive(0);
        })
        .catch(() => undefined);
    }, DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [typing]);

  const open = typing !== null && suggestions.length > 0;

  /** Call after the text or the caret changed. */
  function update(element: HTMLTextAreaElement) {
    const found = element.selectionStart === element.selectionEnd ? mentionAtCaret(element.value, element.selectionStart) : null;
    setTyping((current) => (found && current && found.start === current.start && found.query === current.query ? current : found));
  }

  function choose(suggestion: Suggestion) {
    if (!typing) return;
    const end = typing.start + 1 + typing.query.length;
    const inserted = `@${suggestion.username} `;
    setValue(value.slice(0, typing.start) + inserted + value.slice(end));
    setTyping(null);
    const caret = typing.start + inserted.length;
    window.requestAnimationFrame(() => {
      field.current?.focus();
      field.current?.setSelectionRange(caret, caret);
    });
  }

  /** The box's key handler: true when it handled the key (the box's own handler then stops). */
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): boolean {
    if (!open) return false;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((index) => (index + step + suggestions.length) % suggestions.length);
      return true;
    }
    if ((event.key === "Enter" && !event.shiftKey) || event.key === "Tab") {
      event.preventDefault();
      choose(suggestions[active] ?? suggestions[0]);
      return true;
    }
    if (event.key === "Escape") {
      event.preventDefault();
      setTyping(null);
      return true;
    }
    return false;
  }

  const optionId = (index: number) => `${listId}-option-${index}`;

  // A text box may not take the combobox role: it stays a textbox that names its list and
  // the highlighted member, and a live region says when members are suggested. Typing keeps
  // the text (setValue) and looks for a name being typed.
  const fieldProps = {
    onChange: (event: React.ChangeEvent<HTMLTextAreaElement>) => {
      setValue(event.target.value);
      update(event.target);
    },
    "aria-autocomplete": "list" as const,
    "aria-controls": listId,
    "aria-activedescendant": open ? optionId(active) : undefined,
    onSelect: (event: React.SyntheticEvent<HTMLTextAreaElement>) => update(event.currentTarget),
    onBlur: () => window.setTimeout(() => setTyping(null), 150),
  };

  const list = (
    <>
      <span className="visually-hidden" aria-live="polite">
        {open ? `${suggestions.length} ${suggestions.length === 1 ? "member" : "members"} suggested: arrow keys to choose, Enter to take` : ""}
      </span>
      <ul id={listId} role="listbox" aria-label="Members" className="mention-list" hidden={!open}>
        {open
          ? suggestions.map((suggestion, index) => (
              <li
                key={suggestion.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className="mention-list__option"
                onMouseDown={(event) => {
                  // Keep the focus in the box.
                  event.preventDefault();
                  choose(suggestion);
                }}
              >
                <span className="mention-list__username">@{suggestion.username}</span>
                {suggestion.nickname ? <span className="mention-list__nickname">{suggestion.nickname}</span> : null}
              </li>
            ))
          : null}
      </ul>
    </>
  );

  return { fieldProps, onKeyDown, update, list };
}
