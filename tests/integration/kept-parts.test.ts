// Parts of pages written from kept markup (app/cache/kept-parts.server.ts) read exactly as a render
// would: every page is rendered for a post's owner, a member who liked and commented, another
// member and a visitor, once with nothing kept (the reference), then with parts kept, the owner's
// pages first so that the others' pages are written from parts another reader's render left. Each
// document must equal its reference, and the later readers' pages must have been written from parts.
import { createRequestHandler } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "~/db.server";
import { createMod } from "~/models/mod.server";
import { postPath, showcasePath } from "~/lib/paths";
import { sourceBuild } from "../support/app-server";
import { makeUser } from "../support/accounts";

const ROUTES = ["routes/_index", "routes/post.$id", "routes/showcase.$carId", "routes/events._index", "routes/search"];

let readers: Array<[string, string | null]>;
let pages: string[];

beforeAll(async () => {
  const owner = await makeUser("part_owner");
  const fan = await makeUser("part_fan");
  const other = await makeUser("part_other");
  const car = await prisma.car.create({ data: { ownerId: owner.id, make: "Honda", model: "S2000", year: 2004, nickname: "Berlina Black" } });
  const post = await prisma.post.create({
    data: { createdById: owner.id, story: "F20C at 9,000 rpm, Öhlins up front 🏁 @part_fan", carId: car.id, postCars: { create: [{ carId: car.id }] } },
  });
  await prisma.postLike.create({ data: { postId: post.id, userId: fan.id, type: "like" } });
  await prisma.comment.create({ data: { postId: post.id, userId: fan.id, content: "That sound! @part_owner" } });
  await prisma.comment.create({ data: { postId: post.id, userId: owner.id, content: "Cheers, it sings" } });
  await createMod(car.id, owner.id, { mod_category: "Exhaust", model_name: "Ti-R", manufacturer: "J's Racing", cost: 250_000, show_cost: false } as never);
  readers = [
    ["owner", owner.cookie],
    ["fan", fan.cookie],
    ["other", other.cookie],
    ["visitor", null],
  ];
  pages = ["/", postPath(post.id), showcasePath(car.id), "/events", "/search?q=s2000"];
});

afterAll(() => {
  vi.unstubAllEnvs();
});

/** The document without what differs per answer: the nonce, the parts' marks and the moment in the data. */
function comparable(html: string): string {
  return html
    .replace(/nonce="[^"]*"/g, 'nonce=""')
    .replace(/ data-kept="[0-9a-z]+"/g, "")
    .replace(/\\"now\\",\d+/g, '\\"now\\",0');
}

async function render(handler: ReturnType<typeof createRequestHandler>, url: string, cookie: string | null) {
  const response = await handler(new Request(`http://127.0.0.1:3000${url}`, { headers: { Accept: "text/html", ...(cookie ? { Cookie: cookie } : {}) } }));
  expect(response.status, url).toBe(200);
  return response.text();
}

describe("parts of pages", () => {
  it("read for every reader as a render would, written from parts another reader's render left", { timeout: 120_000 }, async () => {
    const handler = createRequestHandler(await sourceBuild(ROUTES), "production");
    // The app keeps markup in production only; React's modules were loaded as the tests load them.
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("APP_URL", "http://127.0.0.1:3000");

    vi.stubEnv("RENDER_REUSE_SECONDS", "0");
    const reference = new Map<string, string>();
    for (const page of pages) for (const [who, cookie] of readers) reference.set(`${page} ${who}`, comparable(await render(handler, page, cookie)));

    vi.stubEnv("RENDER_REUSE_SECONDS", "60");
    // Each part rendered anew carries a mark; one written from a kept part carries none.
    const marks = (html: string) => (html.match(/ data-kept="/g) ?? []).length;
    const rendered = new Map<string, number>();
    let written = 0;
    for (const [index, [who, cookie]] of readers.entries()) {
      for (const page of pages) {
        const html = await render(handler, page, cookie);
        expect(comparable(html), `${page} as ${who}`).toBe(reference.get(`${page} ${who}`));
        if (index === 0) rendered.set(page, marks(html));
        else if (marks(html) < rendered.get(page)!) written += 1;
      }
    }
    expect([...rendered.values()].every((count) => count > 0)).toBe(true);
    expect(written).toBeGreaterThanOrEqual(pages.length);
  });
});
