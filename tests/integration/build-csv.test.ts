// A car's build sheet as CSV (GET /showcase/{carId}/build.csv): read back with a CSV parser,
// it holds the mods as the public sees them (a hidden cost stays blank), survives commas,
// quotes and line breaks, starts with a UTF-8 byte-order mark, and never hands a spreadsheet
// a formula.
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { loader as csvLoader } from "~/routes/showcase.$carId_.build[.]csv";
import { makeUser } from "../support/accounts";
import { call, getRequest } from "../support/requests";

async function csvOf(carId: number | string, cookie?: string) {
  return call(csvLoader, getRequest(`/showcase/${carId}/build.csv`, { cookie }), { carId: String(carId) });
}

describe("the build sheet as CSV", () => {
  it("lists every mod with its date, shown cost and gains, as the public sees them", async () => {
    const owner = await makeUser("csvowner");
    const car = await prisma.car.create({ data: { ownerId: owner.id, make: "Citroën", model: "Saxo VTS", year: 2001 } });
    const maker = await prisma.manufacturer.create({ data: { name: "Öhlins" } });
    await prisma.mod.create({
      data: {
        carId: car.id,
        category: "Suspension",
        modelName: 'Road & Track, "DFV"',
        manufacturerId: maker.id,
        costCents: 215_000,
        showCost: true,
        createdAt: new Date("2026-03-04T10:00:00Z"),
        gains: { create: [{ type: "weight", amount: -4.5, unit: "kg" }] },
      },
    });
    await prisma.mod.create({
      data: {
        carId: car.id,
        category: "Engine,\ninternals",
        modelName: "Secret map",
        costCents: 99_900,
        showCost: false,
        createdAt: new Date("2026-05-06T10:00:00Z"),
        gains: { create: [{ type: "horsepower", amount: 25, unit: "hp" }] },
      },
    });
    await prisma.mod.create({
      data: {
        carId: car.id,
        category: '=HYPERLINK("http://evil.example","x")',
        modelName: "@SUM(A1:A9)",
        costCents: 1_000,
        showCost: true,
        createdAt: new Date("2026-07-08T10:00:00Z"),
      },
    });
    await prisma.mod.create({ data: { carId: car.id, category: "+cmd", modelName: "-2+3", createdAt: new Date("2026-08-09T10:00:00Z") } });

    // The owner gets the same file as a visitor: the sheet is the public record.
    for (const cookie of [undefined, owner.cookie]) {
      const answer = await csvOf(car.id, cookie);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
      expect(answer.headers.get("Content-Disposition")).toBe('attachment; filename="2001-citroen-saxo-vts-build.csv"');
      const bytes = Buffer.from(await answer.arrayBuffer());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const rows: string[][] = parse(bytes, { bom: true });
      expect(rows).toEqual([
        ["Date", "Category", "Mod", "Cost (USD)", "Gains"],
        ["2026-03-04", "Suspension", 'Öhlins Road & Track, "DFV"', "2150.00", "Weight \u22124.5 kg"],
        ["2026-05-06", "Engine,\ninternals", "Secret map", "", "Horsepower +25 hp"],
        ["2026-07-08", '\'=HYPERLINK("http://evil.example","x")', "'@SUM(A1:A9)", "10.00", ""],
        ["2026-08-09", "'+cmd", "'-2+3", "", ""],
      ]);
      // The hidden cost appears nowhere in the file.
      expect(bytes.toString("utf8")).not.toContain("999");
    }
  });

  it("answers 404 for a car that does not exist, or an address that names none", async () => {
    const missing = await csvOf(999_999);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "Car not found", status: 404 });
    expect((await csvOf("abc")).status).toBe(404);
  });
});
