import { describe, expect, it } from "vitest";
import { formatCost } from "~/lib/rules/formats";
import { carDisplayLine, carName, formatGain, groupModsByBuild, parseCostToCents, sumGains, visibleCostCents, type ModJson } from "~/lib/rules/cars";
import { carPatchSchema, carSchema, maxCarYear } from "~/lib/schemas/car-schemas";
import { expandFormFields } from "~/lib/schemas/car-form-fields";
import { modPatchSchema, modSchema } from "~/lib/schemas/mod-schemas";

const base = { make: "Nissan", model: "Skyline", year: "1999" };

function errorsOf(result: { success: boolean; error?: { issues: { path: (string | number)[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));
}

describe("car display line", () => {
  it("puts the nickname before year/make/model/trim/bodystyle", () => {
    const car = { nickname: "Godzilla", year: 1999, make: "Nissan", model: "Skyline", trim: "GT-R V-Spec", bodystyle: "Coupe" };
    expect(carDisplayLine(car)).toBe("Godzilla · 1999 Nissan Skyline GT-R V-Spec Coupe");
    expect(carName(car)).toBe("Godzilla");
  });

  it("treats 'Unnamed' and blank nicknames as none, and skips missing parts", () => {
    expect(carDisplayLine({ nickname: "Unnamed", year: 2004, make: "Subaru", model: "WRX", trim: null, bodystyle: "" })).toBe("2004 Subaru WRX");
    expect(carDisplayLine({ nickname: "  unnamed ", year: 2004, make: "Subaru", model: "WRX" })).toBe("2004 Subaru WRX");
    expect(carName({ nickname: null, year: 2004, make: "Subaru", model: "WRX", trim: "STI" })).toBe("2004 Subaru WRX");
  });

  it("says 'Unknown Vehicle' when there is no car", () => {
    expect(carDisplayLine(null)).toBe("Unknown Vehicle");
    expect(carDisplayLine(undefined)).toBe("Unknown Vehicle");
    expect(carName(null)).toBe("Unknown Vehicle");
  });
});

describe("car validation", () => {
  it("accepts a plain form and clears blank optional fields", () => {
    const result = carSchema.safeParse({ ...base, trim: "  ", nickname: "Unnamed", insurance_expires_at: "2027-03-01" });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ make: "Nissan", year: 1999, trim: null, nickname: null });
    expect(result.data?.insurance_expires_at?.toISOString()).toBe("2027-03-01T00:00:00.000Z");
  });

  it("requires make and model", () => {
    const errors = errorsOf(carSchema.safeParse({ make: " ", year: 2000 }));
    expect(errors.make).toBe("Make is required");
    expect(errors.model).toBe("Model is required");
  });

  it("bounds the year: 1886 to next year", () => {
    const next = maxCarYear();
    expect(carSchema.safeParse({ ...base, year: 1886 }).success).toBe(true);
    expect(carSchema.safeParse({ ...base, year: String(next) }).success).toBe(true);
    expect(errorsOf(carSchema.safeParse({ ...base, year: 1885 })).year).toBe("Year must be 1886 or later");
    expect(errorsOf(carSchema.safeParse({ ...base, year: next + 1 })).year).toBe(`Year must be ${next} or earlier`);
    expect(errorsOf(carSchema.safeParse({ ...base, year: "" })).year).toBe("Year is required");
    expect(errorsOf(carSchema.safeParse({ ...base, year: "soon" })).year).toBe("Year must be a number");
    expect(errorsOf(carSchema.safeParse({ ...base, year: "1999.5" })).year).toBe("Year must be a whole number");
    expect(maxCarYear(new Date("2030-06-01T00:00:00Z"))).toBe(2031);
  });

  it("refuses over-long text and bad dates with a message per field", () => {
    const errors = errorsOf(carSchema.safeParse({ ...base, make: "M".repeat(51), nickname: "N".repeat(61), insurance_expires_at: "2027-02-30" }));
    expect(errors.make).toBe("Make must be at most 50 characters");
    expect(errors.nickname).toBe("Nickname must be at most 60 characters");
    expect(errors.insurance_expires_at).toBe("Enter a date like 2026-12-31");
  });

  it("PATCH leaves absent fields alone and clears null ones", () => {
    const result = carPatchSchema.parse({ nickname: null, year: 2001 });
    expect(result).toEqual({ nickname: null, year: 2001 });
    expect("make" in result).toBe(false);
    expect(carPatchSchema.safeParse({ make: "" }).success).toBe(false);
  });
});

describe("mod validation", () => {
  it("reads a form: cost in cents, ticked show_cost, blank gain rows dropped", () => {
    const fields = expandFormFields({
      mod_category: "Exhaust",
      model_name: "Titanium cat-back",
      mod_type: "part",
      cost: "$1,299.99",
      show_cost: "on",
      "performance_gains[0].type": "horsepower",
      "performance_gains[0].amount": "12.5",
      "performance_gains[0].unit": "hp",
      "performance_gains[1].type": "",
      "performance_gains[1].amount": "",
      "performance_gains[1].unit": "",
    });
    const result = modSchema.parse(fields);
    expect(result.cost).toBe(129999);
    expect(result.show_cost).toBe(true);
    expect(result.performance_gains).toEqual([{ type: "horsepower", amount: 12.5, unit: "hp" }]);
  });

  it("an unticked box is false and no rows is no gains on a whole form, untouched on PATCH", () => {
    const full = modSchema.parse({ mod_category: "Intake", model_name: "Cold air" });
    expect(full.show_cost).toBe(false);
    expect(full.performance_gains).toEqual([]);
    const patch = modPatchSchema.parse({ model_name: "Cold air v2" });
    expect(patch.show_cost).toBeUndefined();
    expect(patch.performance_gains).toBeUndefined();
  });

  it("names the field that is wrong", () => {
    const errors = errorsOf(
      modSchema.safeParse({
        mod_category: "",
        model_name: "X",
        mod_type: "sticker",
        cost: "lots",
        performance_gains: [{ type: "torque", amount: "much", unit: "" }],
      }),
    );
    expect(errors.mod_category).toBe("Category is required");
    expect(errors.mod_type).toBe("Choose part, labor or build");
    expect(errors.cost).toBe("Enter a cost like 1299.99");
    expect(errors["performance_gains.0.amount"]).toBe("Amount must be a number");
    expect(errors["performance_gains.0.unit"]).toBe("Unit is required");
  });
});

describe("money", () => {
  it("parses costs people type", () => {
    expect(parseCostToCents("1299.99")).toBe(129999);
    expect(parseCostToCents("$1,200")).toBe(120000);
    expect(parseCostToCents("0.5")).toBe(50);
    expect(parseCostToCents("")).toBeNull();
    expect(parseCostToCents(null)).toBeNull();
    expect(parseCostToCents(450.1)).toBe(45010);
    expect(parseCostToCents("-3")).toBeNaN();
    expect(parseCostToCents("1.999")).toBeNaN();
  });

  it("formats cents", () => {
    expect(formatCost(120000)).toBe("$1,200");
    expect(formatCost(129999)).toBe("$1,299.99");
    expect(formatCost(50)).toBe("$0.50");
  });
});

function mod(partial: Partial<ModJson>): ModJson {
  return {
    id: 1,
    car_id: 1,
    mod_category: "Engine",
    model_name: "Thing",
    description: null,
    manufacturer_id: null,
    manufacturer: null,
    vendor_id: null,
    vendor: null,
    installer_id: null,
    installer: null,
    post_id: null,
    mod_type: "part",
    show_cost: false,
    performance_gains: [],
    build_id: null,
    build: null,
    created_at: "",
    updated_at: "",
    ...partial,
  };
}

describe("gains and builds", () => {
  it("sums gains of the same type and unit in any case", () => {
    const total = sumGains([
      { type: "Horsepower", amount: 25, unit: "hp" },
      { type: "torque", amount: 30, unit: "lb-ft" },
      { type: "horsepower ", amount: 12.1, unit: "HP" },
      { type: "weight", amount: -4.5, unit: "kg" },
      { type: "horsepower", amount: 0.2, unit: "hp" },
    ]);
    expect(total).toEqual([
      { type: "Horsepower", amount: 37.3, unit: "hp" },
      { type: "torque", amount: 30, unit: "lb-ft" },
      { type: "weight", amount: -4.5, unit: "kg" },
    ]);
    expect(formatGain(total[0])).toBe("Horsepower +37.3 hp");
    expect(formatGain(total[2])).toBe("Weight \u22124.5 kg");
  });

  it("groups mods by build with visible cost and gains; mods outside a build last", () => {
    const stage1 = { id: 7, name: "Stage 1" };
    const groups = groupModsByBuild([
      mod({ id: 1, cost: 100, performance_gains: [{ type: "horsepower", amount: 10, unit: "hp" }] }),
      mod({ id: 2, build: stage1, build_id: 7, cost: 1500.5, performance_gains: [{ type: "horsepower", amount: 20, unit: "hp" }] }),
      mod({ id: 3, build: stage1, build_id: 7, performance_gains: [{ type: "horsepower", amount: 5, unit: "hp" }] }),
    ]);
    expect(groups.map((group) => group.build?.name ?? null)).toEqual(["Stage 1", null]);
    expect(groups[0]).toMatchObject({ costCents: 150050, costedCount: 1, gains: [{ type: "horsepower", amount: 25, unit: "hp" }] });
    expect(groups[1]).toMatchObject({ costCents: 10000, costedCount: 1 });
    expect(visibleCostCents([mod({ cost: 1 }), mod({}), mod({ cost: 0.99 })])).toBe(199);
  });
});
