// Every loader of a request gets that request itself when Remix has no parameter of its own
// to strip from the address (patches/README.md), so what the app keeps per request (the
// session lookup in auth.server.ts) is looked up once for the root and the page together.
// Remix's own parameters (`index`, `_routes`, `_data`) are still taken off before a loader
// sees the address.
import { describe, expect, it } from "vitest";
import { callRouteAction, callRouteLoader } from "@remix-run/server-runtime/dist/data.js";

async function requestSeenBy(request: Request, kind: "loader" | "action" = "loader"): Promise<Request> {
  let seen: Request | undefined;
  const handler = ({ request: given }: { request: Request }) => {
    seen = given;
    return null;
  };
  const common = { params: {}, request, routeId: "routes/test", singleFetch: true, loadContext: {} };
  if (kind === "loader") await callRouteLoader({ ...common, loader: handler });
  else await callRouteAction({ ...common, action: handler });
  if (!seen) throw new Error(`the ${kind} was not called`);
  return seen;
}

describe("the request a loader gets", () => {
  it("is the request itself when there is nothing to strip, for the root and the page alike", async () => {
    const request = new Request("http://127.0.0.1/post/7?sort=new", { headers: { Cookie: "__session=abc" } });
    const root = await requestSeenBy(request);
    const page = await requestSeenBy(request);
    expect(root).toBe(request);
    expect(page).toBe(request);
  });

  it("is a copy without Remix's own parameters when the address has them", async () => {
    const request = new Request("http://127.0.0.1/?index&_routes=root&q=civic", { headers: { Cookie: "__session=abc" } });
    const seen = await requestSeenBy(request);
    expect(seen).not.toBe(request);
    expect(new URL(seen.url).search).toBe("?q=civic");
    expect(seen.headers.get("Cookie")).toBe("__session=abc");
  });

  it("keeps an index value a form sent, and an action's body is still there to read", async () => {
    const request = new Request("http://127.0.0.1/comment?index=3", { method: "POST", body: "content=Nice+build" });
    const seen = await requestSeenBy(request, "action");
    expect(new URL(seen.url).searchParams.get("index")).toBe("3");
    expect(await seen.text()).toBe("content=Nice+build");
  });
});
