import { describe, expect, it } from "vitest";
import { inIdOrder } from "~/lib/id-order";

describe("inIdOrder", () => {
  it("puts rows in the order of the ids, leaving out missing ids and rows not asked for", () => {
    const rows = [
      { id: 1, name: "a" },
      { id: 7, name: "b" },
      { id: 3, name: "c" },
      { id: 9, name: "stray" },
    ];
    expect(inIdOrder([7, 4, 1, 3], rows).map((row) => row.name)).toEqual(["b", "a", "c"]);
  });
});
