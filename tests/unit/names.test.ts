// Shared names and parts: the key two spellings share, part addresses, and the medians a
// part page shows.
import { describe, expect, it } from "vitest";
import { cleanName, gainStats, median, nameKey, otherCarsText, partIdOf, slugOf } from "~/lib/rules/names";
import { partPath } from "~/lib/paths";

describe("nameKey", () => {
  it("makes Öhlins, Ohlins and 'ohlins ' one maker", () => {
    expect(nameKey("Öhlins")).toBe("ohlins");
    expect(nameKey("Ohlins")).toBe("ohlins");
    expect(nameKey("ohlins ")).toBe("ohlins");
    expect(nameKey("  OHLINS")).toBe("ohlins");
    // The decomposed spelling (O + combining diaeresis) too.
    expect(nameKey("O\u0308hlins")).toBe("ohlins");
  });

  it("collapses inner spaces, tabs and invisible characters", () => {
    expect(nameKey("Mickey   Thompson")).toBe("mickey thompson");
    expect(nameKey("Mickey\tThompson\n")).toBe("mickey thompson");
    expect(nameKey("Mickey\u200bThompson")).toBe("mickey thompson");
    expect(nameKey("Old\u00a0Man Emu")).toBe("old man emu");
  });

  it("strips the diacritics of other languages and folds letters without them", () => {
    expect(nameKey("Akrapovič")).toBe("akrapovic");
    expect(nameKey("Brembo Señor")).toBe("brembo senor");
    expect(nameKey("Łódź Tuning")).toBe("lodz tuning");
    expect(nameKey("Straße")).toBe("strasse");
    expect(nameKey("Bjørn Motorsport")).toBe("bjorn motorsport");
    expect(nameKey("ＨＫＳ")).toBe("hks");
  });

  it("keeps names that differ in more than accents, case and spacing apart", () => {
    expect(nameKey("Oehlins")).not.toBe(nameKey("Öhlins"));
    expect(nameKey("H.K.S.")).not.toBe(nameKey("HKS"));
  });

  it("shows the name as typed, tidied", () => {
    expect(cleanName("  Öhlins   Racing ")).toBe("Öhlins Racing");
    expect(cleanName("O\u0308hlins")).toBe("Öhlins");
  });
});

describe("part addresses", () => {
  it("slugs the name and reads the id back", () => {
    expect(slugOf("Öhlins Road & Track")).toBe("ohlins-road-track");
    expect(slugOf("!!!")).toBe("part");
    expect(partPath({ id: 12, modelName: "Road & Track", manufacturer: { name: "Öhlins" } })).toBe("/parts/12-ohlins-road-track");
    expect(partIdOf("12-ohlins-road-track")).toBe(12);
    expect(partIdOf("12")).toBe(12);
    expect(partIdOf("12abc")).toBeNull();
    expect(partIdOf("ohlins")).toBeNull();
    expect(partIdOf("0-x")).toBeNull();
    expect(partIdOf("99999999999-x")).toBeNull();
    expect(partIdOf(undefined)).toBeNull();
  });
});

describe("medians and counts of gains", () => {
  it("takes the middle of an odd count and the mean of the two middles of an even one", () => {
    expect(median([40, 10, 20])).toBe(20);
    expect(median([10, 20, 30, 100])).toBe(25);
    expect(median([7])).toBe(7);
    expect(median([])).toBeNull();
  });

  it("groups by type and unit, whatever the case, most reported first", () => {
    const stats = gainStats([
      { type: "horsepower", unit: "hp", amount: 10 },
      { type: "Horsepower", unit: "HP", amount: 30 },
      { type: "horsepower ", unit: "hp", amount: 20 },
      { type: "horsepower", unit: "whp", amount: 50 },
      { type: "weight", unit: "kg", amount: -8 },
      { type: "weight", unit: "kg", amount: -10 },
    ]);
    expect(stats).toEqual([
      { type: "horsepower", unit: "hp", count: 3, median: 20 },
      { type: "weight", unit: "kg", count: 2, median: -9 },
      { type: "horsepower", unit: "whp", count: 1, median: 50 },
    ]);
  });
});

describe("other cars", () => {
  it("says nothing for none, and counts the rest", () => {
    expect(otherCarsText(0)).toBeNull();
    expect(otherCarsText(1)).toBe("1 other car runs this");
    expect(otherCarsText(1234)).toBe("1,234 other cars run this");
  });
});
