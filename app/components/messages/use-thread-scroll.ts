// Where the thread's scroller stays: at the bottom when the conversation opens, when I send
// and when a message arrives while I am near the bottom; otherwise a "N new messages"
// button counts what arrived below. Loading older messages keeps the view where it was.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type UIEvent } from "react";
import type { ThreadMessage } from "./thread-state";

const useIsoLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

/** How close to the bottom (px) still counts as "at the bottom". */
const NEAR_BOTTOM = 120;

function keyOf(message: ThreadMessage | undefined): string | null {
  return message ? (message.temp_id ?? `m-${message.id}`) : null;
}

export function useThreadScroll(messages: ThreadMessage[]) {
  const scroller = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const lastKey = useRef<string | null>(null);
  const keepFromBottom = useRef<number | null>(null);
  const [newBelow, setNewBelow] = useState(0);

  const scrollToBottom = useCallback((smooth = false) => {
    const element = scroller.current;
    if (!element) return;
    element.scrollTo({ top: element.scrollHeight, behavior: smooth ? "smooth" : "auto" });
    nearBottom.current = true;
    setNewBelow(0);
  }, []);

  /** Call before older messages go in above: the view keeps its distance from the bottom. */
  const keepPosition = useCallback(() => {
    const element = scroller.current;
    if (element) keepFromBottom.current = element.scrollHeight - element.scrollTop;
  }, []);

  /** Call as I send: the thread follows my message down. */
  const follow = useCallback(() => {
    nearBottom.current = true;
  }, []);

  useIsoLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (keepFromBottom.current !== null) {
      element.scrollTop = element.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    }
    const last = messages[messages.length - 1];
    const key = keyOf(last);
    if (key === lastKey.current) return;
    if (lastKey.current === null || nearBottom.current || last?.from_me) {
      element.scrollTop = element.scrollHeight;
      nearBottom.current = true;
    } else if (last) {
      setNewBelow((count) => count + 1);
    }
    lastKey.current = key;
  }, [messages]);

  const onScroll = useCallback((event: UIEvent<HTMLDivElement>) => {
    const element = event.currentTarget;
    nearBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM;
    if (nearBottom.current) setNewBelow(0);
  }, []);

  return { scroller, newBelow, scrollToBottom, keepPosition, follow, onScroll };
}
