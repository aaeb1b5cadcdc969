import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { firstPaint } from "~/lib/first-paint";
import { serverRenderedPartsReady } from "~/lib/lazy-component";

// React takes the page over once the browser has painted it (lib/first-paint). Parts whose
// code loads on demand but which the server rendered (a member's bell, Grams at ?grams)
// hydrate with the page, so their code comes first.
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
