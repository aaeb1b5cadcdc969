import { describe, expect, it } from "vitest";
import { action as modsAction, loader as modsLoader } from "~/routes/api.cars.$carId.mods";
import { action as modAction, loader as modLoader } from "~/routes/api.mods.$modId";
import { prisma } from "~/db.server";
import { getModFormOptions, upsertName } from "~/models/mod.server";
import { getPostPageMods } from "~/models/mod-reads.server";
import { signUp } from "../support/accounts";
import { call, formRequest, getRequest, jsonRequest } from "../support/requests";

/** The mods of `carId` as a post page showing the car reads them for `viewerId`. */
async function modsOnAPostOf(carId: number, authorId: number, viewerId: number) {
  const post = await prisma.post.create({ data: { createdById: authorId, story: "Parked", status: "ready", postCars: { create: { carId } } } });
  return (await getPostPageMods(post.id, viewerId)).ofCars.get(carId);
}

async function garage(username: string) {
  const owner = await signUp(username);
  const car = await prisma.car.create({ data: { ownerId: owner.id, make: "Toyota", model: "Supra", year: 1994 } });
  return { owner, car, params: { carId: String(car.id) } };
}

const turbo = {
  mod_category: "Forced induction",
  model_name: "GTX3582R",
  description: "Ball-bearing turbo",
  manufacturer: "Garrett",
  vendor: "Tune Shop",
  installer: "Dyno Dan",
  mod_type: "part",
  cost: 2450,
  show_cost: false,
  performance_gains: [
    { type: "horsepower", amount: 180, unit: "hp" },
    { type: "torque", amount: 120, unit: "lb-ft" },
  ],
  build_name: "Stage 2",
};

describe("POST /api/cars/{carId}/mods", () => {
  it("adds a mod with every field: 201 { mod } with names and gains", async () => {
    const { owner, car, params } = await garage("tuner");
    const post = await prisma.post.create({ data: { createdById: owner.id, story: "dyno day", postCars: { create: { carId: car.id } } } });
    const response = await call(modsAction, jsonRequest(`/api/cars/${car.id}/mods`, { ...turbo, post_id: post.id }, { cookie: owner.cookie }), params);
    expect(response.status).toBe(201);
    const { mod } = await response.json();
    expect(mod).toMatchObject({
      car_id: car.id,
      mod_category: "Forced induction",
      model_name: "GTX3582R",
      description: "Ball-bearing turbo",
      manufacturer: { name: "Garrett" },
      vendor: { name: "Tune Shop" },
      installer: { name: "Dyno Dan" },
      mod_type: "part",
      cost: 2450,
      show_cost: false,
      post_id: post.id,
      build: { name: "Stage 2" },
      performance_gains: turbo.performance_gains,
    });
    expect(mod.manufacturer_id).toBe(mod.manufacturer.id);
    expect((await prisma.mod.findUnique({ where: { id: mod.id } }))?.costCents).toBe(245000);
  });

  it("reuses names and builds in any case, trimmed", async () => {
    const { owner, car, params } = await garage("reuser");
    const first = await (await call(modsAction, jsonRequest(`/api/cars/${car.id}/mods`, turbo, { cookie: owner.cookie }), params)).json();
    const second = await (
      await call(
        modsAction,
        jsonRequest(`/api/cars/${car.id}/mods`, { ...turbo, model_name: "Wastegate", manufacturer: "  GARRETT ", build_name: "stage 2" }, { cookie: owner.cookie }),
        params,
      )
    ).json();
    expect(second.mod.manufacturer.id).toBe(first.mod.manufacturer.id);
    expect(second.mod.build.id).toBe(first.mod.build.id);
    expect(await prisma.manufacturer.count({ where: { name: { in: ["Garrett", "GARRETT"] } } })).toBe(1);
    expect(await upsertName("vendor", "tune shop")).toBe(first.mod.vendor.id);
  });

  it("refuses a post of another car, a bad type and a half-filled gain, naming the field", async () => {
    const { owner, car, params } = await garage("strict");
    const elsewhere = await prisma.post.create({ data: { createdById: owner.id, story: "other" } });
    const badPost = await call(modsAction, jsonRequest(`/api/cars/${car.id}/mods`, { ...turbo, post_id: elsewhere.id }, { cookie: owner.cookie }), params);
    expect(badPost.status).toBe(400);
    expect(await badPost.json()).toEqual({ error: "Choose one of this car's posts", fields: { post_id: ["Choose one of this car's posts"] }, status: 400 });

    const bad = await call(
      modsAction,
      jsonRequest(`/api/cars/${car.id}/mods`, { ...turbo, mod_type: "sticker", performance_gains: [{ type: "hp", amount: "", unit: "hp" }] }, { cookie: owner.cookie }),
      params,
    );
    expect(bad.status).toBe(400);
    const body = await bad.json();
    expect(body.fields.mod_type).toEqual(["Choose part, labor or build"]);
    expect(body.fields["performance_gains[0].amount"]).toEqual(["Amount is required"]);
  });

  it("takes a plain form with gain rows", async () => {
    const { owner, car, params } = await garage("formtuner");
    const response = await call(
      modsAction,
      formRequest(
        `/api/cars/${car.id}/mods`,
        {
          mod_category: "Exhaust",
          model_name: "Cat-back",
          cost: "899.50",
          show_cost: "on",
          "performance_gains[0].type": "horsepower",
          "performance_gains[0].amount": "9",
          "performance_gains[0].unit": "hp",
          "performance_gains[1].type": "",
          "performance_gains[1].amount": "",
          "performance_gains[1].unit": "",
          redirectTo: `/my-cars/${car.id}/mods`,
        },
        { cookie: owner.cookie },
      ),
      params,
    );
    expect(response.status).toBe(303);
    const mod = await prisma.mod.findFirst({ where: { carId: car.id }, include: { gains: true } });
    expect(mod).toMatchObject({ costCents: 89950, showCost: true, type: "part" });
    expect(mod?.gains).toHaveLength(1);
  });

  it("is for the car's owner only: 401, 403, 404", async () => {
    const { car, params } = await garage("modowner");
    const other = await signUp("modthief");
    expect((await call(modsAction, jsonRequest(`/api/cars/${car.id}/mods`, turbo), params)).status).toBe(401);
    const forbidden = await call(modsAction, jsonRequest(`/api/cars/${car.id}/mods`, turbo, { cookie: other.cookie }), params);
    expect(forbidden.status).toBe(403);
    const missing = await call(modsAction, jsonRequest("/api/cars/987654/mods", turbo, { cookie: other.cookie }), { carId: "987654" });
    expect(missing.status).toBe(404);
    expect(await prisma.mod.count({ where: { carId: car.id } })).toBe(0);
  });
});

describe("reading a car's mods in one statement", () => {
  it("answers every field as the write answered it: names, build, part, gains, dates, order", async () => {
    const { owner, car, params } = await garage("sheetreader");
    const other = await signUp("sheetlooker");
    const post = await prisma.post.create({ data: { createdById: owner.id, story: "dyno day", postCars: { create: { carId: car.id } } } });
    const written = [];
    for (const input of [
      { ...turbo, post_id: post.id },
      { mod_category: "Wheels", model_name: "TE37", mod_type: "part", cost: 1999.99, show_cost: true },
      {
        mod_category: "Tuning",
        model_name: "Dyno tune",
        manufacturer: "Öhlins",
        mod_type: "labor",
        performance_gains: [{ type: "torque", amount: 41.5, unit: "lb-ft" }],
      },
    ]) {
      const response = await call(modsAction, jsonRequest(`/api/cars/${car.id}/mods`, input, { cookie: owner.cookie }), params);
      expect(response.status).toBe(201);
      written.push((await response.json()).mod);
    }
    // The owner reads back exactly what each write answered, oldest first.
    const mine = await (await call(modsLoader, getRequest(`/api/cars/${car.id}/mods`, { cookie: owner.cookie }), params)).json();
    expect(mine.mods).toEqual(written);
    expect(mine.mods[0].part).toEqual({ id: expect.any(Number), name: "Garrett GTX3582R", href: expect.stringMatching(/^\/parts\//) });
    expect(mine.mods[2].manufacturer.name).toBe("Öhlins");
    // Another reader gets the same, less the costs the owner keeps to himself.
    const { cost: _hidden, ...withoutCost } = written[0];
    const theirs = await modsOnAPostOf(car.id, owner.id, other.id);
    expect(theirs).toEqual([withoutCost, written[1], written[2]]);
    // One mod on its own, too.
    const single = await (await call(modLoader, getRequest(`/api/mods/${written[1].id}`), { modId: String(written[1].id) })).json();
    expect(single.mod).toEqual(written[1]);
  });
});

describe("GET /api/cars/{carId}/mods: cost visibility", () => {
  it("sends cost only where show_cost is set, or to the owner; never otherwise", async () => {
    const { owner, car, params } = await garage("showoff");
    const other = await signUp("onlooker");
    await call(modsAction, jsonRequest(`/api/cars/${car.id}/mods`, { ...turbo, model_name: "Secret", cost: 5432.1, show_cost: false }, { cookie: owner.cookie }), params);
    await call(modsAction, jsonRequest(`/api/cars/${car.id}/mods`, { ...turbo, model_name: "Public", cost: 300, show_cost: true }, { cookie: owner.cookie }), params);
    await call(modsAction, jsonRequest(`/api/cars/${car.id}/mods`, { ...turbo, model_name: "Free", cost: null, show_cost: true }, { cookie: owner.cookie }), params);

    const read = async (cookie?: string) => {
      const response = await call(modsLoader, getRequest(`/api/cars/${car.id}/mods`, { cookie }), params);
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toContain("private");
      return { text: await response.clone().text(), body: await response.json() };
    };

    for (const viewer of [undefined, other.cookie]) {
      const { text, body } = await read(viewer);
      const byName = Object.fromEntries(body.mods.map((m: { model_name: string }) => [m.model_name, m]));
      expect("cost" in byName.Secret).toBe(false);
      expect(byName.Public.cost).toBe(300);
      expect("cost" in byName.Free).toBe(false);
      expect(text).not.toContain("5432");
      expect(byName.Secret).toMatchObject({ manufacturer: { name: "Garrett" }, vendor: { name: "Tune Shop" }, installer: { name: "Dyno Dan" } });
      expect(byName.Secret.performance_gains).toHaveLength(2);
    }

    const mine = await read(owner.cookie);
    const secret = mine.body.mods.find((m: { model_name: string }) => m.model_name === "Secret");
    expect(secret.cost).toBe(5432.1);

    // The single-mod read and a post page's read follow the same rule.
    const single = await (await call(modLoader, getRequest(`/api/mods/${secret.id}`, { cookie: other.cookie }), { modId: String(secret.id) })).json();
    expect("cost" in single.mod).toBe(false);
    expect((await modsOnAPostOf(car.id, owner.id, other.id))?.find((m) => m.model_name === "Secret")?.cost).toBeUndefined();
    expect((await modsOnAPostOf(car.id, owner.id, owner.id))?.find((m) => m.model_name === "Secret")?.cost).toBe(5432.1);
  });

  it("is 404 for a missing car", async () => {
    const response = await call(modsLoader, getRequest("/api/cars/555555/mods"), { carId: "555555" });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Car not found", status: 404 });
  });
});

describe("PATCH and DELETE /api/mods/{modId}", () => {
  it("changes only what is sent; gains replace the list; builds left empty are removed", async () => {
    const { owner, car, params } = await garage("editor");
    const { mod } = await (await call(modsAction, jsonRequest(`/api/cars/${car.id}/mods`, turbo, { cookie: owner.cookie }), params)).json();
    const response = await call(
      modAction,
      jsonRequest(
        `/api/mods/${mod.id}`,
        { cost: "2,600", show_cost: true, performance_gains: [{ type: "horsepower", amount: 200, unit: "hp" }], build_name: null },
        { method: "PATCH", cookie: owner.cookie },
      ),
      { modId: String(mod.id) },
    );
    expect(response.status).toBe(200);
    const updated = (await response.json()).mod;
    expect(updated).toMatchObject({ model_name: "GTX3582R", cost: 2600, show_cost: true, build: null, manufacturer: { name: "Garrett" } });
    expect(updated.performance_gains).toEqual([{ type: "horsepower", amount: 200, unit: "hp" }]);
    expect(await prisma.build.count({ where: { carId: car.id } })).toBe(0);
    expect(await prisma.performanceGain.count({ where: { modId: mod.id } })).toBe(1);
  });

  it("is 403 for others and 404 for a missing mod; the owner deletes with 204", async () => {
    const { owner, car, params } = await garage("keeper");
    const other = await signUp("meddler");
    const { mod } = await (await call(modsAction, jsonRequest(`/api/cars/${car.id}/mods`, turbo, { cookie: owner.cookie }), params)).json();
    const modParams = { modId: String(mod.id) };

    const patch = await call(modAction, jsonRequest(`/api/mods/${mod.id}`, { cost: 1 }, { method: "PATCH", cookie: other.cookie }), modParams);
    expect(patch.status).toBe(403);
    expect(await patch.json()).toEqual({ error: "Only the car's owner can change its modifications", status: 403 });
    const del = await call(modAction, jsonRequest(`/api/mods/${mod.id}`, {}, { method: "DELETE", cookie: other.cookie }), modParams);
    expect(del.status).toBe(403);
    const missing = await call(modAction, jsonRequest("/api/mods/777777", {}, { method: "DELETE", cookie: owner.cookie }), { modId: "777777" });
    expect(missing.status).toBe(404);

    const ok = await call(modAction, jsonRequest(`/api/mods/${mod.id}`, {}, { method: "DELETE", cookie: owner.cookie }), modParams);
    expect(ok.status).toBe(204);
    expect(await prisma.mod.count({ where: { carId: car.id } })).toBe(0);
    expect(await prisma.build.count({ where: { carId: car.id } })).toBe(0);
  });

  it("offers existing names, builds and the car's posts to the form", async () => {
    const { owner, car, params } = await garage("picker");
    await call(modsAction, jsonRequest(`/api/cars/${car.id}/mods`, { ...turbo, mod_category: "Bespoke" }, { cookie: owner.cookie }), params);
    await prisma.post.create({ data: { createdById: owner.id, story: "legacy tag", carId: car.id } });
    const options = await getModFormOptions(car.id);
    expect(options.manufacturers).toContain("Garrett");
    expect(options.builds.map((b) => b.name)).toEqual(["Stage 2"]);
    expect(options.posts).toHaveLength(1);
    expect(options.posts[0].label).toMatch(/^legacy tag \(\w{3} \d+, \d{4}\)$/);
    expect(options.categories).toContain("Bespoke");
    expect(options.categories).toContain("Exhaust");
  });
});
