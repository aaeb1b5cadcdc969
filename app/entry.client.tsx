import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { firstPaint } from "~/lib/client/first-paint";
import { setMediaBase } from "~/lib/media/media-types";
import { serverRenderedPartsReady } from "~/lib/client/lazy-component";
import { registerServiceWorkerWhenIdle } from "~/lib/client/service-worker";
import { ignoreCancelledRequests } from "~/lib/client/cancelled-requests";

// React takes the page over once the browser has painted it (lib/client/first-paint). Parts whose
// code loads on demand but which the server rendered (a member's bell, Grams at ?grams)
// hydrate with the page, so their code comes first.
// The service worker (offline pages, pushes) registers once the page is loaded and idle.
// Media links are built as the server built them (MEDIA_PUBLIC_URL, from the root loader).
// A request the page cancelled itself is no error of the page (lib/client/cancelled-requests).
ignoreCancelledRequests();
setMediaBase((window as { __remixContext?: { state?: { loaderData?: { root?: { mediaBase?: string | null } } } } }).__remixContext?.state?.loaderData?.root?.mediaBase);

void Promise.all([firstPaint(), serverRenderedPartsReady()]).then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  }),
);

registerServiceWorkerWhenIdle();
