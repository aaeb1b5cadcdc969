// The build sheet's figures, its chart's data and geometry, the forum snippets' exact text,
// and the car embed's frame size.
import { describe, expect, it } from "vitest";
import { buildBbcode, buildMarkdown, EXPORT_MOD_LIMIT, type BuildExportInput } from "~/lib/rules/build-export";
import { buildSheet, chartGeometry, headlineMods, modName, niceCeiling, shownCost, spendOverTime, type SheetMod } from "~/lib/rules/build-sheet";
import { CAR_EMBED_MODS, carEmbedHeight, carEmbedSize } from "~/lib/rules/car-embed";
import { EMBED_DEFAULT_WIDTH } from "~/lib/rules/oembed";

function mod(id: number, overrides: Partial<SheetMod> = {}): SheetMod {
  return { id, category: "Engine", name: `Part ${id}`, shownCostCents: null, createdAt: "2025-01-15T10:00:00.000Z", gains: [], ...overrides };
}

/** Godzilla's mods: a turbo and an exhaust with shown costs, coilovers whose cost is private. */
const MODS: SheetMod[] = [
  mod(1, {
    category: "Turbo",
    name: "HKS GT III-RS",
    shownCostCents: shownCost(450_000, true),
    createdAt: "2025-01-10T09:00:00.000Z",
    gains: [
      { type: "horsepower", amount: 120, unit: "hp" },
      { type: "torque", amount: 80, unit: "lb-ft" },
    ],
  }),
  mod(2, { category: "Suspension", name: "Öhlins Road & Track [DFV]", shownCostCents: shownCost(280_000, false), createdAt: "2025-03-02T12:00:00.000Z" }),
  mod(3, {
    category: "Exhaust",
    name: "Tomei Expreme Ti",
    shownCostCents: shownCost(120_050, true),
    createdAt: "2025-04-20T18:30:00.000Z",
    gains: [
      { type: "Horsepower", amount: 15, unit: "HP" },
      { type: "weight", amount: -9.5, unit: "kg" },
      { type: "horsepower", amount: 11, unit: "kW" },
    ],
  }),
  mod(4, { category: "turbo", name: "Blitz intercooler", shownCostCents: shownCost(60_000, true), createdAt: "2025-04-28T08:00:00.000Z" }),
];

describe("the build sheet", () => {
  const sheet = buildSheet(MODS);

  it("counts every mod, and only the costs the owner shows", () => {
    expect(sheet.modCount).toBe(4);
    expect(sheet.costedCount).toBe(3);
    // 4,500 + 1,200.50 + 600: the private 2,800 is not in it.
    expect(sheet.shownTotalCents).toBe(630_050);
  });

  it("spends per category, categories matched in any case, largest first, private costs left out", () => {
    expect(sheet.byCategory).toEqual([
      { category: "Turbo", cents: 510_000, mods: 2 },
      { category: "Exhaust", cents: 120_050, mods: 1 },
    ]);
  });

  it("adds gains up by type and unit", () => {
    expect(sheet.gains).toEqual([
      { type: "horsepower", amount: 135, unit: "hp" },
      { type: "torque", amount: 80, unit: "lb-ft" },
      { type: "weight", amount: -9.5, unit: "kg" },
      { type: "horsepower", amount: 11, unit: "kW" },
    ]);
  });

  it("is empty for a stock car", () => {
    expect(buildSheet([])).toEqual({ modCount: 0, costedCount: 0, shownTotalCents: 0, byCategory: [], gains: [], spendByMonth: [] });
  });

  it("reads a hidden, missing or broken cost as no cost", () => {
    expect([shownCost(100, true), shownCost(100, false), shownCost(null, true), shownCost(-5, true)]).toEqual([100, null, null, null]);
  });

  it("names a mod by its maker and model once", () => {
    expect(modName("GT III-RS", "HKS")).toBe("HKS GT III-RS");
    expect(modName("HKS GT III-RS", "hks")).toBe("HKS GT III-RS");
    expect(modName("  Coilovers ", null)).toBe("Coilovers");
  });

  it("names the mods with gains first, then the dearest", () => {
    expect(headlineMods(MODS, 3).map((row) => row.id)).toEqual([1, 3, 4]);
  });
});

describe("the spend chart", () => {
  it("is the running total of shown costs by month, every month from the first to the last", () => {
    expect(spendOverTime(MODS)).toEqual([
      { month: "2025-01", cents: 450_000, totalCents: 450_000 },
      // March's coilovers have a private cost: the month is there, with nothing spent.
      { month: "2025-02", cents: 0, totalCents: 450_000 },
      { month: "2025-03", cents: 0, totalCents: 450_000 },
      { month: "2025-04", cents: 180_050, totalCents: 630_050 },
    ]);
  });

  it("crosses years and keeps the latest ten years of a long build", () => {
    const series = spendOverTime([mod(1, { shownCostCents: 100, createdAt: "2010-12-31T23:00:00Z" }), mod(2, { shownCostCents: 50, createdAt: "2024-01-05T00:00:00Z" })]);
    expect(series).toHaveLength(120);
    expect(series[0].month).toBe("2014-02");
    expect(series.at(-1)).toEqual({ month: "2024-01", cents: 50, totalCents: 150 });
    expect(
      spendOverTime([mod(1, { shownCostCents: 100, createdAt: "2024-12-15T00:00:00Z" }), mod(2, { shownCostCents: 1, createdAt: "2025-01-02T00:00:00Z" })]).map(
        (p) => p.month,
      ),
    ).toEqual(["2024-12", "2025-01"]);
  });

  it("scales bars to a round axis top and draws the line through their tops", () => {
    expect([niceCeiling(630_050), niceCeiling(450_000), niceCeiling(9_900), niceCeiling(0)]).toEqual([1_000_000, 500_000, 10_000, 100]);
    const geometry = chartGeometry(spendOverTime(MODS), { width: 640, height: 240 });
    expect(geometry.bars).toHaveLength(4);
    const [first, , , last] = geometry.bars;
    const plotHeight = geometry.plot.bottom - geometry.plot.top;
    expect(last.height).toBeCloseTo(plotHeight * 0.630_05, 0);
    expect(first.height).toBeCloseTo(plotHeight * 0.45, 0);
    expect(last.y + last.height).toBeCloseTo(geometry.plot.bottom, 5);
    expect(last.label).toBe("April 2025: $6,300.50");
    expect(geometry.line).toMatch(/^M[\d.]+ [\d.]+( L[\d.]+ [\d.]+){3}$/);
    expect(geometry.ticks.map((tick) => tick.label)).toEqual(["$0", "$5,000", "$10,000"]);
    expect(geometry.monthTicks.map((tick) => tick.label)).toEqual(["Jan 2025", "Feb 2025", "Mar 2025", "Apr 2025"]);
  });
});

describe("the forum snippets", () => {
  const input: BuildExportInput = {
    title: "Godzilla · 1999 Nissan Skyline GT-R",
    showcaseUrl: "https://cars.example/showcase/7",
    cardUrl: "https://cars.example/cards/car/7.png",
    mods: MODS,
    sheet: buildSheet(MODS),
  };

  it("writes BBCode: the card linked to the showcase, the mods with shown costs, the figures and a link back", () => {
    expect(buildBbcode(input)).toBe(
      [
        "[url=https://cars.example/showcase/7][img]https://cars.example/cards/car/7.png[/img][/url]",
        "[b]Godzilla · 1999 Nissan Skyline GT-R[/b]",
        "[list]",
        "[*]Turbo: HKS GT III-RS ($4,500)",
        "[*]Suspension: Öhlins Road & Track (DFV)",
        "[*]Exhaust: Tomei Expreme Ti ($1,200.50)",
        "[*]turbo: Blitz intercooler ($600)",
        "[/list]",
        "Shown spend: $6,300.50 across 3 mods",
        "Gains: Horsepower +135 hp, Torque +80 lb-ft, Weight −9.5 kg, Horsepower +11 kW",
        "Full build sheet: [url=https://cars.example/showcase/7]https://cars.example/showcase/7[/url]",
      ].join("\n"),
    );
  });

  it("writes Markdown with the same content, members' punctuation escaped", () => {
    expect(buildMarkdown(input)).toBe(
      [
        "[![Godzilla · 1999 Nissan Skyline GT-R](https://cars.example/cards/car/7.png)](https://cars.example/showcase/7)",
        "",
        "**Godzilla · 1999 Nissan Skyline GT-R**",
        "",
        "- Turbo: HKS GT III-RS ($4,500)",
        "- Suspension: Öhlins Road & Track \\[DFV\\]",
        "- Exhaust: Tomei Expreme Ti ($1,200.50)",
        "- turbo: Blitz intercooler ($600)",
        "",
        "Shown spend: $6,300.50 across 3 mods\\",
        "Gains: Horsepower +135 hp, Torque +80 lb-ft, Weight −9.5 kg, Horsepower +11 kW",
        "",
        "Full build sheet: <https://cars.example/showcase/7>",
      ].join("\n"),
    );
  });

  it("says so for a stock car, and counts mods past the list's limit", () => {
    const stock = { ...input, mods: [], sheet: buildSheet([]) };
    expect(buildBbcode(stock).split("\n").slice(2)).toEqual([
      "No mods listed yet.",
      "Full build sheet: [url=https://cars.example/showcase/7]https://cars.example/showcase/7[/url]",
    ]);
    expect(buildMarkdown(stock)).toContain("\n\nNo mods listed yet.\n\n");
    const many = Array.from({ length: EXPORT_MOD_LIMIT + 2 }, (_, index) => mod(index + 1));
    const bbcode = buildBbcode({ ...input, mods: many, sheet: buildSheet(many) });
    expect(bbcode.match(/^\[\*\]/gm)).toHaveLength(EXPORT_MOD_LIMIT);
    expect(bbcode).toContain("[/list]\n…and 2 more mods on the showcase\n");
  });
});

describe("the car embed's frame", () => {
  const content = { hasPhoto: true, hasSpec: true, modCount: 3, hasGains: true };

  it("grows with the listed mods and the photo, up to the list's limit", () => {
    const base = carEmbedHeight(content, EMBED_DEFAULT_WIDTH);
    expect(carEmbedHeight({ ...content, modCount: 4 }, EMBED_DEFAULT_WIDTH) - base).toBe(21);
    expect(carEmbedHeight({ ...content, modCount: 50 }, EMBED_DEFAULT_WIDTH)).toBe(carEmbedHeight({ ...content, modCount: CAR_EMBED_MODS + 1 }, EMBED_DEFAULT_WIDTH));
    // The 16:9 photo in a 598 px card: 336 px, against a 120 px placeholder.
    expect(base - carEmbedHeight({ ...content, hasPhoto: false }, EMBED_DEFAULT_WIDTH)).toBe(Math.ceil(598 / (16 / 9)) - 120);
  });

  it("narrows to meet maxheight, else scrolls at maxheight", () => {
    expect(carEmbedSize(content)).toEqual({ width: EMBED_DEFAULT_WIDTH, height: carEmbedHeight(content, EMBED_DEFAULT_WIDTH) });
    const short = carEmbedSize(content, { maxheight: 700 });
    expect(short.height).toBeLessThanOrEqual(700);
    expect(short.width).toBeLessThan(EMBED_DEFAULT_WIDTH);
    expect(carEmbedSize(content, { maxheight: 200 })).toEqual({ width: EMBED_DEFAULT_WIDTH, height: 200 });
  });
});
