// A car that changed hands shows it in its story: the showcase's build timeline has a dated
// mark between the mods fitted before and after, and the spend chart a marker at that month,
// in the same words as the Owners section.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { shortDate } from "~/lib/rules/formats";
import { acceptHandover, startHandover } from "~/models/car-handover.server";
import { makeUser } from "../support/accounts";
import { serveApp, sourceBuild, type RunningApp } from "../support/app-server";

let app: RunningApp;
let carId: number;
const handedOver = new Date("2025-05-20T12:00:00Z");

beforeAll(async () => {
  process.env.JOB_WORKER = "off";
  app = await serveApp(await sourceBuild(["routes/showcase.$carId"]));
  const seller = await makeUser("marks_seller");
  const buyer = await makeUser("marks_buyer");
  carId = (await prisma.car.create({ data: { ownerId: seller.id, make: "Toyota", model: "Supra", year: 1994, createdAt: new Date("2025-01-10T10:00:00Z") } })).id;
  // A mod fitted before the sale and one after, each shown by a post, each with a cost the seller shows.
  const fitted = [
    { modelName: "Before the sale", at: "2025-03-01T10:00:00Z", author: seller.id },
    { modelName: "After the sale", at: "2025-07-01T10:00:00Z", author: buyer.id },
  ];
  const modIds: number[] = [];
  for (const mod of fitted) {
    const row = await prisma.mod.create({
      data: { carId, category: "Engine", modelName: mod.modelName, costCents: 50_000, showCost: true, createdAt: new Date(mod.at) },
    });
    modIds.push(row.id);
    await prisma.post.create({
      data: {
        createdById: mod.author,
        story: mod.modelName,
        createdAt: new Date(mod.at),
        status: "ready",
        postCars: { create: [{ carId }] },
        postMods: { create: [{ modId: row.id }] },
      },
    });
  }
  const { token } = await startHandover(carId, seller.id, { shownCosts: modIds }, new Date("2025-05-15T12:00:00Z"));
  await acceptHandover(carId, buyer.id, token, handedOver);
});

afterAll(async () => {
  await app?.close();
});

/** The showcase's markup from where `start` is found to where `end` is, after it. */
function between(html: string, start: string, end: string): string {
  const from = html.indexOf(start);
  expect(from, start).toBeGreaterThan(-1);
  const to = html.indexOf(end, from);
  return html.slice(from, to === -1 ? undefined : to);
}

describe("the showcase of a car that changed hands", () => {
  it("marks the handover, dated, between the mods on the build timeline and at its month on the spend chart", async () => {
    const response = await fetch(`${app.origin}/showcase/${carId}`);
    expect(response.status).toBe(200);
    // React's text separators are not part of what a reader sees.
    const html = (await response.text()).replaceAll("<!-- -->", "");
    const words = `Changed hands on <time dateTime="${handedOver.toISOString()}">${shortDate(handedOver)}</time>`.toLowerCase();

    // The Owners section says it this way; the timeline says it the same way, between the mods.
    expect(between(html, 'data-testid="ownership-history"', "</section>").toLowerCase()).toContain(words);
    const timeline = between(html, 'data-testid="build-timeline"', "</section>");
    const mark = timeline.indexOf('data-testid="timeline-handover"');
    expect(mark).toBeGreaterThan(-1);
    expect(timeline.toLowerCase()).toContain(words);
    expect(timeline.indexOf("After the sale")).toBeLessThan(mark);
    expect(timeline.indexOf("Before the sale")).toBeGreaterThan(mark);

    // The chart has one marker, named with the date, and says the date in its text.
    const chart = between(html, 'data-testid="spend-chart"', "</figure>");
    expect(chart.match(/data-testid="chart-handover"/g)).toHaveLength(1);
    expect(chart).toContain(`<title>Changed hands on ${shortDate(handedOver)}.</title>`);
    expect(chart).toMatch(new RegExp(`<figcaption[^>]*>[^<]*Changed hands on ${shortDate(handedOver)}\\.</figcaption>`));
  });
});
