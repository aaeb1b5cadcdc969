// A fetcher whose first load is still finding its route on the server (lazy route discovery)
// is not failed by a navigation that starts meanwhile: typing in the header search and
// pressing Enter at once must land on the search page, not on "No route matches URL".
// Fetchers run in the browser only, so the browser's build of the router (ESM) is the one checked.
import { describe, expect, it } from "vitest";
import * as browserBuild from "@remix-run/router/dist/router.js";

const { createMemoryHistory, createRouter } = browserBuild as unknown as typeof import("@remix-run/router");

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

async function until(check: () => boolean) {
  for (let tries = 0; tries < 200 && !check(); tries++) await new Promise((done) => setTimeout(done, 5));
  expect(check()).toBe(true);
}

describe("a fetcher still discovering its route", () => {
  it("keeps loading when a navigation starts, and the page shows no error", async () => {
    const discovery = deferred();
    const router = createRouter({
      history: createMemoryHistory({ initialEntries: ["/events"] }),
      // The router refuses fetches outside a browser; this is the least of one it accepts.
      window: { document: { createElement: () => ({}) }, addEventListener() {}, removeEventListener() {} } as unknown as Window,
      routes: [
        {
          id: "root",
          path: "/",
          loader: () => "root",
          hasErrorBoundary: true,
          children: [
            { id: "events", path: "events", loader: () => "events" },
            { id: "search", path: "search", loader: () => "search" },
          ],
        },
      ],
      hydrationData: { loaderData: { root: "root", events: "events" } },
      async patchRoutesOnNavigation({ path, patch }) {
        if (path !== "/api/cars/search") return;
        await discovery.promise;
        patch("root", [{ id: "cars", path: "api/cars/search", loader: () => ({ cars: ["E46 M3"] }) }]);
      },
    }).initialize();

    try {
      void router.fetch("cars", "root", "/api/cars/search?q=e46");
      const navigation = router.navigate("/search?q=e46");
      await navigation;
      expect(router.state.location.pathname).toBe("/search");
      expect(router.state.errors).toBeNull();

      discovery.resolve();
      await until(() => router.state.fetchers.get("cars")?.state === "idle");
      expect(router.state.errors).toBeNull();
      expect(router.state.fetchers.get("cars")?.data).toEqual({ cars: ["E46 M3"] });
    } finally {
      router.dispose();
    }
  });
});
