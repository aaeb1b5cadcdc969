// The build keeps the stylesheets of the parts the server renders (vite.config.ts reads
// SERVER_PART_MODULES): the list must name the module of every part the server registers.
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SERVER_PART_MODULES } from "~/server-part-modules";

afterEach(() => vi.restoreAllMocks());

describe("the server parts' modules", () => {
  it("name exactly the modules whose components the server registers", async () => {
    const serverParts = await import("~/lib/client/server-parts");
    const registered: unknown[] = [];
    vi.spyOn(serverParts, "provideServerPart").mockImplementation((_name, component) => void registered.push(component));
    const { registerServerParts } = await import("~/server-parts.server");
    registerServerParts();

    const listed = await Promise.all(
      SERVER_PART_MODULES.map(async (module) => Object.values((await import(/* @vite-ignore */ path.resolve("app", `${module}.tsx`))) as Record<string, unknown>)),
    );
    expect(registered.length).toBeGreaterThan(0);
    for (const component of registered)
      expect(
        listed.some((exports) => exports.includes(component)),
        "a registered part's module is listed",
      ).toBe(true);
    for (const exports of listed)
      expect(
        registered.some((component) => exports.includes(component)),
        "a listed module registers a part",
      ).toBe(true);
  });
});
