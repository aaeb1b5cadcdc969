// Grams: the full-screen, vertical short-video style feed over the page. One post per
// screen with scroll snapping; moving is one post at a time (use-grams-navigation), the
// posts come from the server or /api/feed?grams=1 (use-grams-feed). The Comments and Mods
// panels, the media viewer and the Follow Cars modal open over it (use-grams-layers); a
// tutorial bubble greets first-time visitors after 1 s.
import * as Dialog from "@radix-ui/react-dialog";
import { useCallback, useState } from "react";
import { useHydrated } from "~/lib/client/hydrated";
import { FollowCarsModal } from "~/components/follow/FollowCarsModal";
import { MediaViewer } from "~/components/media/MediaViewer";
import { useReturnFocus } from "~/components/shell/focus";
import { isVideoItem } from "~/lib/media/media-types";
import { useOptionalUser } from "~/lib/client/user";
import type { FeedPost } from "~/lib/wire";
import { GramsNavButtons, GramsState, GramsTopBar } from "./GramsChrome";
import { GramsPanel } from "./GramsPanel";
import { GramsPost } from "./GramsPost";
import { GramsTutorial, useGramsTutorial } from "./GramsTutorial";
import { GRAMS_MESSAGES } from "./grams-feed";
import { useCarsFollowing } from "./use-cars-following";
import { useGramsFeed } from "./use-grams-feed";
import { useGramsLayers } from "./use-grams-layers";
import { useGramsNavigation } from "./use-grams-navigation";
import type { FeedChoice } from "~/lib/rules/feed-choice";
import "./grams.css";

export type GramsOverlayProps = {
  /** Open at this post (shown first). */
  initialPostId?: number | null;
  onClose: () => void;
  /** Posts rendered on the server (the first page, the linked post first). */
  initialPosts?: FeedPost[];
  /** The feed cursor after `initialPosts` (computed from the last one when left out). */
  initialCursor?: string | null;
  /** The reader's show_all_grams_posts, for the client-side filter (lenient when unknown). */
  showAllPosts?: boolean;
  /** Where the close button goes without JavaScript. */
  closeHref?: string;
  /** The feed Grams pages through (Latest when left out). */
  feed?: FeedChoice;
};

function hasVideo(post: FeedPost | null): boolean {
  return post ? post.photos.some((photo) => isVideoItem({ kind: photo.kind, url: photo.image_url })) : false;
}

export function GramsOverlay({ initialPostId = null, onClose, initialPosts, initialCursor, showAllPosts, closeHref, feed: feedChoice }: GramsOverlayProps) {
  // Closing gives focus back to the control that opened Grams (there is no Dialog.Trigger).
  const returnFocus = useReturnFocus(true);
  const viewer = useOptionalUser();
  const [now] = useState(() => Date.now());
  const [muted, setMuted] = useState(true);
  // Keys and buttons work once the overlay runs in the browser.
  const hydrated = useHydrated();
  const tutorial = useGramsTutorial(hydrated);

  const [active, setActive] = useState(0);
  const { feed, retry, updatePost } = useGramsFeed({ initialPostId, initialPosts, initialCursor, showAll: showAllPosts ?? true, feed: feedChoice }, active);
  const activePost = feed.posts[active] ?? null;
  const layers = useGramsLayers(activePost?.id);
  const shown = feed.status === "ready" && feed.posts.length > 0;
  const navigation = useGramsNavigation(feed.posts.length, shown, layers.blocked, setActive);

  const followPost = feed.posts.find((post) => post.id === layers.followPostId) ?? null;
  const following = useCarsFollowing(followPost, Boolean(viewer));
  const followChange = useCallback((postId: number, value: boolean) => updatePost(postId, (post) => ({ ...post, is_followed_car: value })), [updatePost]);
  const panelPost = layers.panel ? (feed.posts.find((post) => post.id === layers.panel?.postId) ?? null) : null;

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())} modal>
      <Dialog.Content
        className="grams"
        // Also named on the server, where Radix leaves the title reference out.
        aria-label={GRAMS_MESSAGES.title}
        aria-describedby={undefined}
        data-status={feed.status}
        data-ready={hydrated || undefined}
        // Radix turns pointer events off on <body> for modal layers and back on for this one a
        // render later; Grams fills the screen, so it takes them from the start.
        style={{ pointerEvents: "auto" }}
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          navigation.feedRef.current?.focus({ preventScroll: true });
        }}
        onCloseAutoFocus={returnFocus}
        onEscapeKeyDown={(event) => {
          if (layers.panel) {
            event.preventDefault();
            layers.closePanel();
          } else if (tutorial.show) {
            event.preventDefault();
            tutorial.dismiss();
          }
        }}
        // Everything else on screen is part of Grams or a layer over it.
        onPointerDownOutside={(event) => event.preventDefault()}
        onInteractOutside={(event) => event.preventDefault()}
      >
        <Dialog.Title className="visually-hidden">{GRAMS_MESSAGES.title}</Dialog.Title>
        <GramsTopBar closeHref={closeHref} onClose={onClose} hasVideo={hasVideo(activePost)} muted={muted} onToggleMute={() => setMuted((value) => !value)} />

        {shown ? (
          <>
            <div className="grams__feed" ref={navigation.feedRef} tabIndex={-1} aria-label="Posts" role="feed">
              {feed.posts.map((post, index) => (
                <GramsPost
                  key={post.id}
                  post={post}
                  index={index}
                  active={index === active}
                  near={Math.abs(index - active) <= 1}
                  suspended={Boolean(layers.viewer)}
                  muted={muted}
                  signedIn={Boolean(viewer)}
                  now={now}
                  onOpenViewer={layers.openViewer}
                  onOpenPanel={layers.openPanel}
                  onFollowSeveral={layers.openFollow}
                  onFollowChange={followChange}
                />
              ))}
            </div>
            <GramsNavButtons active={active} count={feed.posts.length} move={navigation.move} />
          </>
        ) : (
          <GramsState status={feed.status === "ready" ? "empty" : feed.status} onRetry={retry} onClose={onClose} />
        )}

        {layers.panel && panelPost ? (
          <GramsPanel
            key={`${layers.panel.kind}:${layers.panel.postId}`}
            kind={layers.panel.kind}
            post={panelPost}
            onClose={layers.closePanel}
            onCommentCount={(count) => updatePost(panelPost.id, (post) => ({ ...post, counts: { ...post.counts, comments: count } }))}
          />
        ) : null}

        {tutorial.show ? <GramsTutorial onDismiss={tutorial.dismiss} /> : null}

        <MediaViewer
          items={layers.viewer?.items ?? []}
          index={layers.viewer?.index ?? 0}
          open={Boolean(layers.viewer)}
          onClose={layers.closeViewer}
          label={layers.viewer?.label}
        />
        <FollowCarsModal
          cars={following.cars}
          open={followPost !== null}
          onClose={layers.closeFollow}
          onFollowed={(ids) => {
            following.markFollowed(ids);
            if (followPost) followChange(followPost.id, true);
          }}
        />
      </Dialog.Content>
    </Dialog.Root>
  );
}
