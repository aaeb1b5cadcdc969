import { describe, expect, it } from "vitest";
import { defaultLayout, effectiveLayout, gridItems, isLayout, LAYOUTS } from "~/lib/rules/layout";

describe("defaultLayout: single for 1, grid over 6, else carousel", () => {
  it("is single for one item", () => {
    expect(defaultLayout(1)).toBe("single");
  });

  it("is carousel from two to six items", () => {
    for (const count of [2, 3, 4, 5, 6]) expect(defaultLayout(count)).toBe("carousel");
  });

  it("is grid for more than six items", () => {
    for (const count of [7, 8, 20]) expect(defaultLayout(count)).toBe("grid");
  });

  it("treats a post without media as single", () => {
    expect(defaultLayout(0)).toBe("single");
  });
});

describe("effectiveLayout", () => {
  it("keeps a stored layout whatever the count", () => {
    expect(effectiveLayout("album", 1)).toBe("album");
    expect(effectiveLayout("grid", 2)).toBe("grid");
    expect(effectiveLayout("single", 9)).toBe("single");
    expect(effectiveLayout("carousel", 12)).toBe("carousel");
  });

  it("falls back to the default when unset or unknown", () => {
    expect(effectiveLayout(null, 1)).toBe("single");
    expect(effectiveLayout(undefined, 3)).toBe("carousel");
    expect(effectiveLayout("", 7)).toBe("grid");
    expect(effectiveLayout("mosaic", 7)).toBe("grid");
    expect(effectiveLayout("GRID", 2)).toBe("carousel");
  });

  it("knows exactly the four layouts", () => {
    expect([...LAYOUTS].sort()).toEqual(["album", "carousel", "grid", "single"]);
    expect(isLayout("album")).toBe(true);
    expect(isLayout("list")).toBe(false);
    expect(isLayout(3)).toBe(false);
  });
});

describe("gridItems (at most 6, '+N' on the sixth)", () => {
  it("shows everything without overlay up to six", () => {
    expect(gridItems([1, 2, 3])).toEqual({ visible: [1, 2, 3], hiddenCount: 0, overlay: null });
    expect(gridItems([1, 2, 3, 4, 5, 6]).overlay).toBeNull();
  });

  it("shows six and counts the rest when over six", () => {
    const items = Array.from({ length: 9 }, (_, i) => i + 1);
    expect(gridItems(items)).toEqual({ visible: [1, 2, 3, 4, 5, 6], hiddenCount: 3, overlay: "+3" });
    expect(gridItems([1, 2, 3, 4, 5, 6, 7]).overlay).toBe("+1");
  });
});
