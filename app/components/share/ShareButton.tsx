// The share action of a post: the share count and a button that opens the share modal.
// Without JavaScript it is a plain link to the share page (/post/{id}/share: the link and the
// embed code); once the page is hydrated it acts as a button that opens the dialog.
import { Share2 } from "~/components/icons";
import { useState } from "react";
import { useHydrated } from "~/lib/client/hydrated";
import { compactCount } from "~/components/interactions/reactions";
import { lazyComponent } from "~/lib/client/lazy-component";
import type { EmbeddablePost } from "./share-links";
import { postPath } from "~/lib/paths";
import { usePressLink } from "~/lib/client/press-link";

const ShareModal = lazyComponent(() => import("./ShareModal").then((module) => module.ShareModal));

export function ShareButton({ post, shares: initialShares, title }: { post: EmbeddablePost; shares: number; title?: string }) {
  const postId = post.id;
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const pressLink = usePressLink(() => setOpen(true));
  const [shares, setShares] = useState(initialShares);
  return (
    <>
      <a
        href={`${postPath(postId)}/share`}
        className="reaction reaction--share"
        aria-haspopup={hydrated ? "dialog" : undefined}
        onPointerEnter={ShareModal.preload}
        onFocus={ShareModal.preload}
        {...pressLink}
      >
        <Share2 aria-hidden className="reaction__icon" />
        {shares > 0 ? (
          <>
            <span className="visually-hidden">Share (</span>
            <span className="reaction__count">{compactCount(shares)}</span>
            <span className="visually-hidden">{shares === 1 ? " share)" : " shares)"}</span>
          </>
        ) : (
          <span className="visually-hidden">Share (0 shares)</span>
        )}
      </a>
      {open ? <ShareModal post={post} open={open} onOpenChange={setOpen} title={title} onShared={setShares} /> : null}
    </>
  );
}
