// A fetcher's or a link's route discovery that is cancelled while the server's answer is on its
// way leaves nothing behind: the next read of that address asks the server again and finds its
// route. Without that (Remix 2.17), the cancelled answer marked the route as known, the router
// never got it, and every later read of the address answered "No route matches URL" with the
// page's error screen until a reload.
import { afterEach, describe, expect, it, vi } from "vitest";
// Remix's route discovery has no public entry point; it is tested as shipped.
import { fetchAndApplyManifestPatches } from "@remix-run/react/dist/fog-of-war.js";

type Patch = (parentId: string | null, routes: Array<{ id: string }>) => void;

const route = { id: "routes/api.cars.search", parentId: "root", path: "api/cars/search", module: "/build/routes/api.cars.search.js", hasLoader: true, hasAction: false };

function manifest() {
  return {
    version: "test",
    url: "/build/manifest.js",
    entry: { module: "", imports: [] },
    routes: { root: { id: "root", path: "", module: "/build/root.js" } } as unknown as Record<string, never>,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("route discovery", () => {
  it("forgets a discovery that was cancelled while its answer arrived, and finds the route the next time", async () => {
    vi.stubGlobal("window", { location: { origin: "http://127.0.0.1:3000", href: "http://127.0.0.1:3000/events" } });
    vi.stubGlobal("sessionStorage", { getItem: () => null, setItem: () => undefined, removeItem: () => undefined });
    const cancel = new AbortController();
    const fetchMock = vi.fn(async () => {
      // The answer has arrived; the reader is cancelled before Remix reads it.
      cancel.abort();
      return Response.json({ [route.id]: route });
    });
    vi.stubGlobal("fetch", fetchMock);
    const known = manifest();
    const patched: string[] = [];
    const router: Patch = (_parent, routes) => patched.push(...routes.map((one) => one.id));
    // The router ignores a patch for a cancelled request.
    const ignoredWhenCancelled: Patch = (parent, routes) => {
      if (!cancel.signal.aborted) router(parent, routes);
    };

    await fetchAndApplyManifestPatches(["/api/cars/search"], "/events", known, {}, {} as never, false, "/", ignoredWhenCancelled as never, cancel.signal);
    expect(patched).toEqual([]);
    expect(Object.keys(known.routes)).toEqual(["root"]);

    // The next read asks again and the route reaches the router.
    fetchMock.mockImplementation(async () => Response.json({ [route.id]: route }));
    await fetchAndApplyManifestPatches(["/api/cars/search"], "/events", known, {}, {} as never, false, "/", router as never, new AbortController().signal);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(patched).toEqual([route.id]);
  });
});
