// The first-visit tutorial bubble of Grams: shown 1 s after Grams opens
// unless `gramsview-tutorial-seen` is stored; 'Got it!' stores it.
import { ChevronDown, ChevronUp, Hand } from "~/components/icons";
import { useCallback, useEffect, useRef, useState } from "react";
import { useFocusTrap } from "~/components/shell/focus";
import { GRAMS_TUTORIAL_DELAY, TUTORIAL_STORAGE_KEY } from "~/lib/constants";
import { GRAMS_MESSAGES } from "./grams-feed";

function seen(): boolean {
  try {
    return window.localStorage.getItem(TUTORIAL_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

function remember() {
  try {
    window.localStorage.setItem(TUTORIAL_STORAGE_KEY, "true");
  } catch {
    // Private modes without storage: the bubble simply shows again next time.
  }
}

/** Whether the bubble is showing, and how to dismiss it. The second starts counting once `running`. */
export function useGramsTutorial(running: boolean) {
  const [show, setShow] = useState(false);
  useEffect(() => {
    if (!running || seen()) return;
    const timer = setTimeout(() => setShow(true), GRAMS_TUTORIAL_DELAY);
    return () => clearTimeout(timer);
  }, [running]);
  const dismiss = useCallback(() => {
    remember();
    setShow(false);
  }, []);
  return { show, dismiss };
}

export function GramsTutorial({ onDismiss }: { onDismiss: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  // Non-modal: no trap, but once dismissed focus goes back to where it was (the feed).
  const bubble = useRef<HTMLDivElement>(null);
  useFocusTrap(bubble, { trap: false });
  useEffect(() => {
    button.current?.focus({ preventScroll: true });
  }, []);
  return (
    <div ref={bubble} className="grams-tutorial" role="dialog" aria-modal="false" aria-labelledby="grams-tutorial-title" aria-describedby="grams-tutorial-text">
      <div className="grams-tutorial__bubble">
        <div className="grams-tutorial__demo" aria-hidden>
          <ChevronUp className="grams-tutorial__chevron grams-tutorial__chevron--up" />
          <Hand className="grams-tutorial__hand" />
          <ChevronDown className="grams-tutorial__chevron grams-tutorial__chevron--down" />
        </div>
        <h2 className="grams-tutorial__title" id="grams-tutorial-title">
          {GRAMS_MESSAGES.welcome}
        </h2>
        <p className="grams-tutorial__text" id="grams-tutorial-text">
          {GRAMS_MESSAGES.swipe}
        </p>
        <button ref={button} type="button" className="btn btn--primary btn--block grams-tutorial__button" onClick={onDismiss}>
          {GRAMS_MESSAGES.gotIt}
        </button>
      </div>
    </div>
  );
}
