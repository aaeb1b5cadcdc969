// A page is rendered whole in its request's own turn of the event loop and answered in one
// piece (docs/decisions/documents-rendered-whole.md): its loader data inline after </html>,
// no Suspense boundary left for a later chunk, and no later turn needed to finish it.
import { createRequestHandler } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { postPath } from "~/lib/paths";
import { sourceBuild } from "../support/app-server";
import { makeUser } from "../support/accounts";
import { onPostgres } from "../support/statements";

const ROUTES = ["routes/_index", "routes/post.$id"];

let handler: ReturnType<typeof createRequestHandler>;
let cookie: string;
let page: string;

beforeAll(async () => {
  const owner = await makeUser("whole_owner");
  const car = await prisma.car.create({ data: { ownerId: owner.id, make: "Mazda", model: "MX-5", year: 1991, nickname: "Classic Red" } });
  const post = await prisma.post.create({
    data: { createdById: owner.id, story: "Fresh Bilsteins, 10 mm lower", carId: car.id, postCars: { create: [{ carId: car.id }] } },
  });
  await prisma.comment.create({ data: { postId: post.id, userId: owner.id, content: "Alignment on Friday" } });
  handler = createRequestHandler(await sourceBuild(ROUTES), "production");
  cookie = owner.cookie;
  page = postPath(post.id);
});

/** The answer's body as the chunks it arrives in. */
async function chunksOf(response: Response): Promise<string[]> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const chunks: string[] = [];
  for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(decoder.decode(read.value));
  return chunks;
}

function get(url: string, withCookie: boolean) {
  return handler(new Request(`http://127.0.0.1:3000${url}`, { headers: { Accept: "text/html", ...(withCookie ? { Cookie: cookie } : {}) } }));
}

describe("a page is rendered whole", () => {
  for (const [who, withCookie] of [
    ["a member", true],
    ["a visitor", false],
  ] as const) {
    it(`reaches ${who} in one piece, its loader data inline`, async () => {
      for (const url of ["/", page]) {
        const response = await get(url, withCookie);
        expect(response.status, url).toBe(200);
        const chunks = await chunksOf(response);
        expect(chunks, url).toHaveLength(1);
        const [html] = chunks;
        expect(html.startsWith("<!DOCTYPE html><html"), url).toBe(true);
        const tail = html.slice(html.indexOf("</html>"));
        expect(tail, url).toContain("window.__remixContext.streamController.enqueue(");
        expect(tail, url).toContain("window.__remixContext.streamController.close();");
        // No boundary left pending, filled in by a later chunk's script.
        expect(html, url).not.toMatch(/<!--\$\?-->|<template id="B:|\$RC\(/);
      }
    });
  }

  // On SQLite the loaders' statements answer at once; on PostgreSQL they wait for the network,
  // and the page is rendered in the turn its last answer arrives in.
  it.skipIf(onPostgres)("is answered within the turn of the event loop that asked for it", async () => {
    // The first answer loads what a page needs once (modules, prepared statements).
    await chunksOf(await get(page, true));
    let laterTurn = false;
    setImmediate(() => (laterTurn = true));
    const html = (await chunksOf(await get(page, true))).join("");
    expect(html).toContain("Fresh Bilsteins, 10 mm lower");
    expect(html).toContain("Alignment on Friday");
    expect(laterTurn).toBe(false);
  });
});
