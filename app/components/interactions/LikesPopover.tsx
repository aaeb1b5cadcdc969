// Who liked and who disliked a post: a popover (10px from the screen's edges)
// loading GET /api/posts/{id}/interactions (a fetcher's load) each time it opens. Visitors get the login modal.
// LikesListPopover (the light trigger on every post) loads this module at the first press.
// The trigger stays the link to the likes page: a plain press opens the list, a press with a
// modifier key (new tab, new window) follows the link.
import * as Popover from "@radix-ui/react-popover";
import { useFetcher } from "@remix-run/react";
import { Link } from "~/components/shell/Link";
import { RotateCw, ThumbsDown, ThumbsUp, X } from "~/components/icons";
import { useCallback, useEffect, useRef, useState } from "react";
import { errorOf, type ErrorAnswer } from "~/lib/client/fetcher-answer";
import { requestLogin } from "~/lib/client/login-events";
import { Avatar } from "~/components/shell/Avatar";
import { postLikesPath, userPath, apiPaths } from "~/lib/paths";
import { usePressLink } from "~/lib/client/press-link";
import type { InteractionLists as Lists } from "~/lib/wire";
import { LIKES_POPOVER_EDGE_MARGIN, type LikesListProps } from "./likes-list";
import "./interactions.css";
import "./likes-popover.css";

type Tab = "likes" | "dislikes";

/** Opens at once: it mounts when its light trigger is pressed. */
export function LikesPopover({ postId, signedIn, initialTab = "likes", label, children }: LikesListProps) {
  const [open, setOpen] = useState(true);
  const [tab, setTab] = useState<Tab>(initialTab);
  const fetcher = useFetcher<Partial<Lists> | ErrorAnswer>();
  const answer = fetcher.data;
  const failed = answer !== undefined && (errorOf(answer) !== null || typeof answer !== "object");
  const lists: Lists | null =
    fetcher.state === "idle" && answer && !failed ? { likes: (answer as Partial<Lists>).likes ?? [], dislikes: (answer as Partial<Lists>).dislikes ?? [] } : null;
  const status = fetcher.state === "idle" && failed ? "error" : "idle";

  const { load: loadLists } = fetcher;
  const load = useCallback(() => loadLists(apiPaths.postInteractions(postId)), [loadLists, postId]);

  useEffect(() => {
    if (open) load();
  }, [open, load]);

  useEffect(() => {
    if (failed) console.warn("Could not load the likes list", errorOf(answer));
  }, [failed, answer]);

  const change = (next: boolean) => {
    if (next && !signedIn) {
      requestLogin();
      return;
    }
    if (next) setTab(initialTab);
    setOpen(next);
  };
  // A press on the link toggles the list itself; the trigger's own toggle must then not run
  // again, nor open the list when a modifier key sends the link to a new tab.
  const pressing = useRef(false);
  const pressLink = usePressLink(() => change(!open));

  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        if (pressing.current) return;
        change(next);
      }}
    >
      <Popover.Trigger asChild>
        <a
          href={postLikesPath(postId, initialTab)}
          className="reaction-count"
          aria-label={label}
          // Not a button's type: the trigger is a link.
          type={undefined}
          {...pressLink}
          onClick={(event) => {
            pressing.current = true;
            pressLink.onClick(event);
            queueMicrotask(() => {
              pressing.current = false;
            });
          }}
        >
          {children}
        </a>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className="likes-popover" collisionPadding={LIKES_POPOVER_EDGE_MARGIN} sideOffset={8} align="start" aria-label="Likes and dislikes">
          <div className="likes-popover__tabs">
            {/* The tab list holds the tabs only; Close sits beside it, in the same row. */}
            <div className="likes-popover__tablist" role="tablist" aria-label="Show">
              {(["likes", "dislikes"] as const).map((name) => {
                const count = lists ? lists[name].length : null;
                const Icon = name === "likes" ? ThumbsUp : ThumbsDown;
                return (
                  <button key={name} type="button" role="tab" aria-selected={tab === name} className="likes-popover__tab" onClick={() => setTab(name)}>
                    <Icon aria-hidden size={16} />
                    {name === "likes" ? "Likes" : "Dislikes"}
                    {count !== null && <span className="likes-popover__tab-count">{count}</span>}
                  </button>
                );
              })}
            </div>
            <Popover.Close className="likes-popover__close" aria-label="Close">
              <X aria-hidden size={18} />
            </Popover.Close>
          </div>
          <div className="likes-popover__body" role="tabpanel">
            {status === "error" ? (
              <div className="likes-popover__message">
                <p>Could not load the list.</p>
                <button type="button" className="btn btn--secondary btn--sm" onClick={load}>
                  <RotateCw aria-hidden size={16} /> Try again
                </button>
              </div>
            ) : !lists ? (
              <ul className="likes-popover__list" aria-busy="true" aria-label="Loading">
                {[0, 1, 2].map((i) => (
                  <li key={i} className="likes-popover__person">
                    <span className="skeleton likes-popover__skeleton-avatar" />
                    <span className="skeleton likes-popover__skeleton-line" />
                  </li>
                ))}
              </ul>
            ) : lists[tab].length === 0 ? (
              <p className="likes-popover__message">{tab === "likes" ? "No likes yet" : "No dislikes yet"}</p>
            ) : (
              <ul className="likes-popover__list">
                {lists[tab].map((person) => (
                  <li key={person.username}>
                    <Link to={userPath(person.username)} className="likes-popover__person" onClick={() => setOpen(false)}>
                      <Avatar name={person.nickname || person.username} image={person.profileImage} size={36} />
                      <span className="likes-popover__names">
                        <span className="likes-popover__nickname">{person.nickname || person.username}</span>
                        <span className="likes-popover__username">@{person.username}</span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <Popover.Arrow className="likes-popover__arrow" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
