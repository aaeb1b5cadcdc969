// The service log on the showcase's build timeline: each entry dated, with the odometer
// reading, what was done and the notes, and its cost only when the entry shows it. Others
// (a member, a visitor) never get a hidden cost, in the page or in its data; the owner sees it,
// marked as theirs only. The newest entries only, and the timeline shows even when no post
// tags a mod.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { makeUser, type TestUser } from "../support/accounts";
import { serveApp, sourceBuild, type RunningApp } from "../support/app-server";
import { showcasePath } from "~/lib/paths";

let app: RunningApp;
let owner: TestUser;
let other: TestUser;
let carId: number;

const day = (iso: string) => new Date(`${iso}T00:00:00.000Z`);

beforeAll(async () => {
  process.env.JOB_WORKER = "off";
  app = await serveApp(await sourceBuild(["routes/showcase.$carId"]));
  owner = await makeUser("svc_show_owner");
  other = await makeUser("svc_show_other");
  carId = (await prisma.car.create({ data: { ownerId: owner.id, make: "Mazda", model: "MX-5", year: 1991, nickname: "Ruby" } })).id;
  await prisma.serviceEntry.createMany({
    data: [
      {
        carId,
        authorId: owner.id,
        kind: "oil",
        performedOn: day("2026-03-01"),
        mileage: 42000,
        mileageUnit: "mi",
        costCents: 12345,
        costShown: true,
        notes: "Motul 300V",
      },
      {
        carId,
        authorId: owner.id,
        kind: "brakes",
        performedOn: day("2026-05-20"),
        mileage: 43100,
        mileageUnit: "mi",
        costCents: 98765,
        costShown: false,
        notes: "Pads and fluid",
      },
    ],
  });
});

afterAll(async () => {
  await app?.close();
});

async function read(path: string, cookie?: string): Promise<string> {
  const response = await fetch(`${app.origin}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  expect(response.status, path).toBe(200);
  return response.text();
}

/** The text of the timeline's service part, tags dropped. */
function serviceText(html: string): string {
  const start = html.indexOf('data-testid="service-timeline"');
  expect(start, "the timeline shows the service entries").toBeGreaterThan(-1);
  const end = html.indexOf("</ol>", start);
  return html
    .slice(start, end)
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
}

describe("the service log on the showcase", () => {
  it("shows each entry on the build timeline, newest first, dated, with mileage, kind and notes; others see a cost only when shown", async () => {
    for (const cookie of [other.cookie, undefined]) {
      const html = await read(showcasePath(carId), cookie);
      const text = serviceText(html);
      expect(text).toMatch(/Brakes May 20, 2026 43,100 mi Pads and fluid .*Oil change Mar 1, 2026 42,000 mi \$123\.45 Motul 300V/);
      // The hidden cost is in neither the page nor the data it loads.
      expect(html).not.toContain("987.65");
      expect(html).not.toContain("98765");
      expect(await read(`/showcase/${carId}.data`, cookie)).not.toContain("98765");
    }
  });

  it("shows the owner their hidden cost, marked as seen by them only", async () => {
    const text = serviceText(await read(showcasePath(carId), owner.cookie));
    expect(text).toMatch(/Brakes May 20, 2026 43,100 mi Only you see this cost ?: \$987\.65 Pads and fluid/);
    expect(text).toMatch(/Oil change Mar 1, 2026 42,000 mi \$123\.45 Motul 300V/);
  });

  it("shows the newest 20 entries and says so when there are more", async () => {
    const bare = await prisma.car.create({ data: { ownerId: owner.id, make: "Honda", model: "Civic", year: 1999 } });
    await prisma.serviceEntry.createMany({
      data: Array.from({ length: 25 }, (_, i) => ({
        carId: bare.id,
        kind: "inspection",
        performedOn: day(`2025-01-${String(i + 1).padStart(2, "0")}`),
        mileage: 1000 * (i + 1),
        notes: `Check ${i + 1}`,
      })),
    });
    const html = await read(showcasePath(bare.id));
    expect(html.match(/data-testid="service-timeline-entry"/g)).toHaveLength(20);
    expect(html).toContain("Newest 20 entries shown");
    const text = serviceText(html);
    expect(text).toContain("Check 25");
    expect(text).toContain("Check 6 ");
    expect(text).not.toContain("Check 5 ");
  });
});
