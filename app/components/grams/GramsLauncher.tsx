// Opening Grams from a page. `?grams` (newest first) or `?grams=<postId>` in the URL shows
// the overlay, rendered on the server too when the page's loader passes `loadGrams(request)`
// (app/models/grams.server.ts). Closing removes the parameter: back in history when Grams was opened
// from the app, a replace otherwise (a deep link should not leave a "Grams" entry behind).
import { useLocation, useNavigate, useNavigation, useSearchParams } from "@remix-run/react";
import { Link } from "~/components/shell/Link";
import { Clapperboard } from "~/components/icons";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import type { FeedPost } from "~/lib/wire";
import type { GramsOverlayProps } from "./GramsOverlay";
import { lazyComponent } from "~/lib/client/lazy-component";
import { serverPart } from "~/lib/client/server-parts";
import { gramsHref, gramsParam, withoutGrams } from "~/lib/rules/grams-url";
import type { FeedChoice } from "~/lib/rules/feed-choice";
import { GRAMS_MESSAGES } from "./grams-feed";

/** Set on history entries pushed by OpenGramsButton, so closing can go back. */
const OPENED_HERE = "gramsOpenedInApp";

/** The overlay's name among the parts the server renders directly (app/server-parts.server.ts). */
export const GRAMS_OVERLAY_PART = "grams-overlay";

const GramsOverlay = lazyComponent(() => import("./GramsOverlay").then((module) => module.GramsOverlay), {
  server: serverPart<GramsOverlayProps>(GRAMS_OVERLAY_PART),
  renderedIn: () => document.querySelector(".grams") !== null,
  fallback: <GramsOpening />,
});

export type GramsLauncherProps = {
  /** The post the server loaded Grams at (from `loadGrams`). */
  initialPostId?: number | null;
  /** The posts the server loaded (from `loadGrams`); left out, Grams loads them itself. */
  initialPosts?: FeedPost[];
  initialCursor?: string | null;
  showAllPosts?: boolean;
  /** The feed Grams pages through (from `loadGrams`; Latest when left out). */
  feed?: FeedChoice;
};

export function GramsLauncher({ initialPostId, initialPosts, initialCursor, showAllPosts, feed }: GramsLauncherProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const wanted = gramsParam(searchParams);
  const [closing, setClosing] = useState(false);
  // Opening from the page waits for the loader: show Grams loading meanwhile.
  const navigation = useNavigation();
  const opening =
    !wanted &&
    navigation.state === "loading" &&
    navigation.location.pathname === location.pathname &&
    gramsParam(new URLSearchParams(navigation.location.search)) !== null;

  // Reopening (a new link) after a close shows it again.
  useEffect(() => {
    if (!wanted) setClosing(false);
  }, [wanted]);

  const here = location.pathname + location.search;
  const close = useCallback(() => {
    setClosing(true);
    const state = location.state as Record<string, unknown> | null;
    if (state?.[OPENED_HERE] && typeof window !== "undefined" && window.history.length > 1) {
      navigate(-1);
      return;
    }
    setSearchParams(
      (params) => {
        params.delete("grams");
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [location.state, navigate, setSearchParams]);

  if (opening) return <GramsOpening />;
  if (!wanted || closing) return null;
  // Loader data always belongs to the current URL (Remix updates both together). The
  // server's `initialPostId` is null when the linked post does not exist.
  return (
    <GramsOverlay
      key={wanted.postId ?? "top"}
      initialPostId={initialPosts ? (initialPostId ?? null) : wanted.postId}
      initialPosts={initialPosts}
      initialCursor={initialCursor}
      showAllPosts={showAllPosts}
      feed={feed}
      onClose={close}
      closeHref={withoutGrams(here)}
    />
  );
}

/** What shows between a tap on 'Grams' and the posts arriving. */
function GramsOpening() {
  return (
    <div className="grams" data-status="loading" aria-busy="true">
      <div className="grams__state" role="status">
        <span className="grams__spinner" aria-hidden />
        <p>{GRAMS_MESSAGES.loading}</p>
      </div>
    </div>
  );
}

/** A link that opens Grams on the current page (works without JavaScript: the server renders it). */
export function OpenGramsButton({
  className = "btn btn--secondary grams-open-btn",
  postId,
  children,
}: {
  className?: string;
  /** Open at this post. */
  postId?: number | null;
  children?: ReactNode;
}) {
  const location = useLocation();
  return (
    <Link
      to={gramsHref(withoutGrams(location.pathname + location.search), postId)}
      state={{ [OPENED_HERE]: true }}
      preventScrollReset
      className={className}
      data-testid="open-grams"
      onPointerEnter={GramsOverlay.preload}
      onFocus={GramsOverlay.preload}
    >
      {children ?? (
        <>
          <Clapperboard aria-hidden size={18} /> {GRAMS_MESSAGES.title}
        </>
      )}
    </Link>
  );
}
