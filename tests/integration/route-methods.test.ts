// The methods a resource route takes: the server answers any other with 405 and an Allow
// header naming only the methods the route declares in `handle.methods` (GET and HEAD come
// with a loader), before the route's code runs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { methodCheck } from "../../server/methods";
import { routeFacts } from "../../server/route-facts";
import { serveApp, sourceBuild } from "../support/app-server";

let origin = "";
let close: () => Promise<void>;

beforeAll(async () => {
  const build = await sourceBuild(["routes/api.cars", "routes/api.push.preferences", "routes/api.comments", "routes/api.comments.$id", "routes/api.events.$id"]);
  const facts = routeFacts(build);
  const running = await serveApp(build, [methodCheck(() => facts)]);
  origin = running.origin;
  close = running.close;
}, 120_000);

afterAll(async () => {
  await close?.();
});

async function refused(method: string, path: string): Promise<string | null> {
  const response = await fetch(origin + path, { method });
  expect(response.status).toBe(405);
  expect(await response.json()).toMatchObject({ error: "Method not allowed" });
  return response.headers.get("allow");
}

describe("methods a resource route does not take", () => {
  it("a route that declares only POST answers 405 to PUT, DELETE and GET with Allow: POST", async () => {
    for (const method of ["PUT", "DELETE", "GET", "PATCH"]) expect(await refused(method, "/api/cars")).toBe("POST");
  });

  it("a route with a loader that declares POST answers 405 with Allow: GET, HEAD, POST", async () => {
    for (const method of ["PUT", "PATCH", "DELETE"]) expect(await refused(method, "/api/push/preferences")).toBe("GET, HEAD, POST");
  });

  it("a route whose action dispatches by method lists exactly the methods it takes", async () => {
    expect(await refused("PUT", "/api/comments/1")).toBe("POST, PATCH, DELETE");
    expect(await refused("GET", "/api/comments/1")).toBe("POST, PATCH, DELETE");
  });

  it("a declared method reaches the route's action", async () => {
    // A signed-out visitor is refused by the action itself (not with 405): the method got through.
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const response = await fetch(`${origin}/api/events/1`, { method });
      expect(response.status, method).not.toBe(405);
    }
  });
});

describe("every resource route with an action", () => {
  it("declares the methods it takes, so the server never lets an unlisted one through", async () => {
    const { readdir, readFile } = await import("node:fs/promises");
    const folder = new URL("../../app/routes/", import.meta.url);
    const undeclared: string[] = [];
    for (const file of await readdir(folder)) {
      if (!/\.tsx?$/.test(file)) continue;
      const source = await readFile(new URL(file, folder), "utf8");
      const resource = !/^export default /m.test(source);
      const action = /^export (async function|const|function) action\b/m.test(source);
      if (resource && action && !/^export const handle = \{[^}]*\bmethods: \[/m.test(source)) undeclared.push(file);
    }
    expect(undeclared).toEqual([]);
  });
});
