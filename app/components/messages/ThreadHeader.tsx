// The thread's header: back to the list, who the conversation is with, "Reconnecting…"
// while the live stream is down, and the "⋯" menu (profile, block).
import { Link } from "~/components/shell/Link";
import { useCallback, useEffect, useRef } from "react";
import { ArrowLeft, MoreHorizontal, UserRound, WifiOff } from "~/components/icons";
import { Avatar } from "~/components/shell/Avatar";
import { userPath } from "~/lib/paths";
import { BlockForm } from "./BlockForm";
import { displayName, smallAvatar } from "./ConversationList";
import type { ChatUser } from "./thread-state";

/** Closes a <details> menu on an outside press or Escape (focus goes back to its summary). */
function useDismissableDetails() {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const onPointer = (event: Event) => {
      const details = ref.current;
      if (details?.open && !details.contains(event.target as Node)) details.open = false;
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && ref.current?.open) {
        ref.current.open = false;
        ref.current.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, []);
  const close = useCallback(() => ref.current?.removeAttribute("open"), []);
  return { ref, close };
}

/** The "⋯" menu of the thread header: a <details> disclosure, so it works without JavaScript. */
function ThreadMenu({ username, blocked, redirectTo }: { username: string; blocked: boolean; redirectTo: string }) {
  const { ref, close } = useDismissableDetails();
  return (
    <details className="msg-menu" ref={ref}>
      <summary className="icon-button msg-menu__trigger" aria-label="Conversation options">
        <MoreHorizontal aria-hidden />
        <span className="visually-hidden">Conversation options</span>
      </summary>
      <div className="msg-menu__panel">
        <Link to={userPath(username)} className="msg-menu__item">
          <UserRound aria-hidden size={16} /> View profile
        </Link>
        <BlockForm username={username} blocked={blocked} redirectTo={redirectTo} className="msg-menu__item" onDone={close} />
      </div>
    </details>
  );
}

export function ThreadHeader({ partner, blocked, reconnecting, redirectTo }: { partner: ChatUser; blocked: boolean; reconnecting: boolean; redirectTo: string }) {
  const username = partner.username;
  return (
    <header className="msg-thread__header">
      <Link to="/messages" className="icon-button msg-thread__back">
        <ArrowLeft aria-hidden />
        <span className="visually-hidden">All conversations</span>
      </Link>
      <Link to={userPath(username)} className="msg-thread__who">
        <Avatar name={username} image={smallAvatar(partner.profileImage)} size={40} />
        <span className="msg-thread__names">
          <span className="msg-thread__name">{displayName(partner)}</span>
          <span className="msg-thread__handle">@{username}</span>
        </span>
      </Link>
      {reconnecting ? (
        <span className="chip msg-thread__status" role="status">
          <WifiOff aria-hidden size={14} /> Reconnecting…
        </span>
      ) : null}
      <ThreadMenu username={username} blocked={blocked} redirectTo={redirectTo} />
    </header>
  );
}
