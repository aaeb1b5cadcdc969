import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { serverRenderedPartsReady } from "~/lib/lazy-component";

// Parts whose code loads on demand but which the server rendered (a member's bell, Grams at
// ?grams) hydrate with the page, so their code comes first.
void serverRenderedPartsReady().then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  }),
);
