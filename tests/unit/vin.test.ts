import { describe, expect, it } from "vitest";
import { VIN_TEXT, normalizeVin, publicVin, vinCheckDigit, vinProblem } from "~/lib/rules/vin";

describe("VINs", () => {
  it.each([
    ["1M8GDM9AXKP042788", "X"],
    ["1HGCM82633A004352", "3"],
    ["11111111111111111", "1"],
  ])("%s has the check digit %s, and is accepted", (vin, digit) => {
    expect(vinCheckDigit(vin)).toBe(digit);
    expect(vinProblem(vin)).toBeNull();
  });

  it("a North American VIN with one character mistyped is refused for its check digit", () => {
    expect(vinProblem("1HGCM82633A004353")).toBe(VIN_TEXT.checkDigit);
    expect(vinProblem("1M8GDM9A1KP042788")).toBe(VIN_TEXT.checkDigit);
  });

  it("a European VIN is checked for its form only (its ninth character is the maker's own)", () => {
    expect(vinProblem("WP0ZZZ99ZTS392124")).toBeNull();
    expect(vinProblem("WP0ZZZ99ZTS39212")).toBe(VIN_TEXT.length);
  });

  it("I, O and Q never appear, and anything but letters and digits is refused", () => {
    expect(vinProblem("1HGCM82633A00435O")).toBe(VIN_TEXT.characters);
    expect(vinProblem("1HGCM82633A0043_2")).toBe(VIN_TEXT.characters);
  });

  it("is kept upper-case without spaces or dashes, and shown to others by its last six at most", () => {
    expect(normalizeVin(" 1hgcm8-2633a 004352 ")).toBe("1HGCM82633A004352");
    expect(publicVin("004352")).toBe("•••••••••••004352");
    expect(publicVin(null)).toBeNull();
  });
});
