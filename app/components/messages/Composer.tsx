// The message box: a real form posting to /api/messages (without JavaScript it comes back
// to the conversation). With JavaScript the thread sends it in place: Enter sends,
// Shift+Enter starts a new line, and the box grows with the text.
import { SendHorizontal } from "~/components/icons";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useHydrated } from "~/lib/client/hydrated";
import { useMentionSuggestions } from "~/components/text/MentionSuggestions";
import { MESSAGE_LIMIT, canSend, messageLength } from "./thread-state";
import { apiPaths } from "~/lib/paths";

const useIsoLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

/** Show the characters left once this close to the limit. */
const COUNTER_FROM = MESSAGE_LIMIT - 200;

export function Composer({
  to,
  redirectTo,
  onSend,
  disabled = false,
  autoFocus = false,
}: {
  to: string;
  redirectTo: string;
  /** Sends the text (the box is cleared at once). Without it the form posts normally. */
  onSend?: (content: string) => void;
  disabled?: boolean;
  autoFocus?: boolean;
}) {
  const [text, setText] = useState("");
  const hydrated = useHydrated();
  const area = useRef<HTMLTextAreaElement>(null);
  const length = messageLength(text);
  const over = length > MESSAGE_LIMIT;

  // Grow with the text up to a few lines, then scroll inside.
  useIsoLayoutEffect(() => {
    const element = area.current;
    if (!element) return;
    element.style.height = "auto";
    element.style.height = `${Math.min(element.scrollHeight, 160)}px`;
  }, [text]);

  useEffect(() => {
    if (autoFocus && !disabled && window.matchMedia("(min-width: 768px)").matches) area.current?.focus();
  }, [autoFocus, disabled]);

  const mention = useMentionSuggestions({ value: text, setValue: setText, field: area });

  function submit(event?: React.FormEvent<HTMLFormElement>) {
    if (!onSend) return;
    event?.preventDefault();
    if (disabled || !canSend(text)) return;
    onSend(text.replace(/\r\n?/g, "\n").trim());
    setText("");
    area.current?.focus();
  }

  return (
    <form method="post" action={apiPaths.messages} className="msg-composer" onSubmit={submit} aria-label="Send a message">
      <input type="hidden" name="to" value={to} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <label htmlFor="message-content" className="visually-hidden">
        Message
      </label>
      <div className="msg-composer__box" data-over={over ? "true" : "false"}>
        <textarea
          ref={area}
          id="message-content"
          name="content"
          className="msg-composer__input"
          rows={1}
          placeholder={disabled ? "You can't send messages here" : "Write a message…"}
          maxLength={MESSAGE_LIMIT}
          required
          disabled={disabled}
          value={text}
          enterKeyHint="send"
          {...mention.fieldProps}
          onKeyDown={(event) => {
            if (mention.onKeyDown(event)) return;
            if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
            event.preventDefault();
            if (onSend) submit();
            else event.currentTarget.form?.requestSubmit();
          }}
          aria-describedby={length >= COUNTER_FROM ? "message-counter" : undefined}
        />
        {mention.list}
        {length >= COUNTER_FROM ? (
          <span id="message-counter" className="msg-composer__counter" aria-live="polite">
            {over ? `${length - MESSAGE_LIMIT} over the limit` : `${MESSAGE_LIMIT - length} left`}
          </span>
        ) : null}
      </div>
      <button type="submit" className="msg-composer__send" disabled={disabled || (hydrated && onSend ? !canSend(text) : false)}>
        <SendHorizontal aria-hidden size={20} />
        <span className="visually-hidden">Send</span>
      </button>
    </form>
  );
}
