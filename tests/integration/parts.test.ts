// Parts as shared data: names matched by their key, mods linked to parts, the part page
// (cars, costs shown, medians, posts), the wrong-slug redirect, search, "N other cars run
// this", merging duplicate makers, and the one-off that brings legacy rows up to date.
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { action as modsAction } from "~/routes/api.cars.$carId.mods";
import { action as modAction } from "~/routes/api.mods.$modId";
import { loader as partLoader } from "~/routes/parts.$partRef";
import { loader as showcaseLoader } from "~/routes/showcase.$carId";
import { loader as makersLoader } from "~/routes/api.makers";
import { loader as partSearchLoader } from "~/routes/api.parts.search";
import { action as mergeAction, loader as adminMakersLoader } from "~/routes/api.admin.makers";
import { loader as adminPageLoader } from "~/routes/admin";
import { searchAll } from "~/models/search.server";
import { backfillParts } from "../../scripts/backfill-parts";
import { makeUser, type TestUser } from "../support/accounts";
import { call, callJson, formRequest, getRequest, jsonRequest } from "../support/requests";
import { showcasePath } from "~/lib/paths";

let n = 0;
const unique = (prefix: string) => `${prefix}${++n}${Math.random().toString(36).slice(2, 6)}`;

async function carOf(owner: TestUser, model = "Supra") {
  return prisma.car.create({ data: { ownerId: owner.id, make: "Toyota", model, year: 1994 } });
}

type ModFields = Record<string, unknown>;

async function addMod(owner: TestUser, carId: number, fields: ModFields) {
  const { status, body } = await callJson(modsAction, jsonRequest(`/api/cars/${carId}/mods`, { mod_category: "Suspension", ...fields }, { cookie: owner.cookie }), {
    carId: String(carId),
  });
  expect(status).toBe(201);
  return body.mod as { id: number; part: { id: number; href: string; name: string } | null; manufacturer: { id: number; name: string } | null };
}

async function partPage(path: string) {
  const segment = path.replace(/^\/parts\//, "");
  return callJson(partLoader, getRequest(path), { partRef: segment });
}

describe("find-or-create", () => {
  it("makes 'Öhlins', 'Ohlins' and 'ohlins ' one manufacturer, spelt as first typed, and one part", async () => {
    const owner = await makeUser(unique("tuner"));
    const [a, b, c] = await Promise.all([carOf(owner), carOf(owner, "Celica"), carOf(owner, "MR2")]);
    const first = await addMod(owner, a.id, { manufacturer: "Öhlins", model_name: "Road & Track" });
    const second = await addMod(owner, b.id, { manufacturer: "Ohlins", model_name: "road &  track" });
    const third = await addMod(owner, c.id, { manufacturer: "ohlins ", model_name: "Road & Track", mod_category: " suspension" });
    expect(second.manufacturer).toEqual(first.manufacturer);
    expect(third.manufacturer).toEqual({ id: first.manufacturer!.id, name: "Öhlins" });
    expect(first.part).not.toBeNull();
    expect(second.part?.id).toBe(first.part!.id);
    expect(third.part?.id).toBe(first.part!.id);
    expect(first.part!.href).toBe(`/parts/${first.part!.id}-ohlins-road-track`);
    expect(await prisma.manufacturer.count({ where: { key: "ohlins" } })).toBe(1);

    // Another category or model is another part; no manufacturer, no part.
    const brakes = await addMod(owner, a.id, { manufacturer: "OHLINS", model_name: "Road & Track", mod_category: "Brakes" });
    expect(brakes.part!.id).not.toBe(first.part!.id);
    const noMaker = await addMod(owner, a.id, { model_name: "Alignment" });
    expect(noMaker.part).toBeNull();
  });

  it("moves a mod to its new part when edited, and removes a part no mod uses", async () => {
    const owner = await makeUser(unique("editor"));
    const car = await carOf(owner);
    const mod = await addMod(owner, car.id, { manufacturer: unique("Bilstein"), model_name: "B16" });
    const edited = await callJson(modAction, jsonRequest(`/api/mods/${mod.id}`, { model_name: "B14" }, { method: "PATCH", cookie: owner.cookie }), {
      modId: String(mod.id),
    });
    expect(edited.status).toBe(200);
    expect(edited.body.mod.part.id).not.toBe(mod.part!.id);
    expect(edited.body.mod.part.name).toMatch(/ B14$/);
    expect(await prisma.part.findUnique({ where: { id: mod.part!.id } })).toBeNull();
    const cleared = await callJson(modAction, jsonRequest(`/api/mods/${mod.id}`, { manufacturer: null }, { method: "PATCH", cookie: owner.cookie }), {
      modId: String(mod.id),
    });
    expect(cleared.body.mod.part).toBeNull();
    expect(await prisma.part.findUnique({ where: { id: edited.body.mod.part.id } })).toBeNull();
  });

  it("suggests names by key to the type-ahead", async () => {
    const owner = await makeUser(unique("typer"));
    const car = await carOf(owner);
    await addMod(owner, car.id, { manufacturer: "Akrapovič", model_name: "Slip-On" });
    const found = await callJson(makersLoader, getRequest("/api/makers?kind=manufacturer&q=akrapovic"));
    expect(found.body.names).toContain("Akrapovič");
    expect((await callJson(makersLoader, getRequest("/api/makers?kind=manufacturer&q=%25"))).body.names).toEqual([]);
    expect((await callJson(makersLoader, getRequest("/api/makers?kind=planets&q=a"))).status).toBe(400);
  });
});

describe("the part page", () => {
  async function sharedPart(gains: number[]) {
    const maker = unique("Tein");
    const owners = await Promise.all(gains.map(() => makeUser(unique("owner"))));
    const mods = [];
    for (const [index, amount] of gains.entries()) {
      const car = await carOf(owners[index], `Model ${index}`);
      mods.push(
        await addMod(owners[index], car.id, {
          manufacturer: maker,
          model_name: "Flex Z",
          cost: 1000 + index,
          show_cost: index % 2 === 0,
          performance_gains: [{ type: "horsepower", amount, unit: "hp" }],
        }),
      );
    }
    return { owners, mods, href: mods[0].part!.href };
  }

  it("lists every car with its owner, the costs shown, and the median of an odd count", async () => {
    const { owners, href } = await sharedPart([40, 10, 20]);
    const { status, body } = await partPage(href);
    expect(status).toBe(200);
    expect(body.page.car_count).toBe(3);
    expect(body.page.rows.map((row: { owner: { username: string } }) => row.owner.username)).toEqual(owners.map((owner) => owner.username));
    expect(body.page.rows.map((row: { cost?: number }) => row.cost)).toEqual([1000, undefined, 1002]);
    expect(body.page.gains).toEqual([{ type: "horsepower", unit: "hp", count: 3, median: 20 }]);
    expect(body.description).toContain("3 cars run it");
  });

  it("takes the mean of the two middle values for an even count", async () => {
    const { href } = await sharedPart([10, 20, 30, 100]);
    const { body } = await partPage(href);
    expect(body.page.gains).toEqual([{ type: "horsepower", unit: "hp", count: 4, median: 25 }]);
  });

  it("lists the posts that tag a mod of the part", async () => {
    const owner = await makeUser(unique("poster"));
    const car = await carOf(owner);
    const post = await prisma.post.create({ data: { createdById: owner.id, story: "Fitted the dampers", postCars: { create: { carId: car.id } } } });
    const mod = await addMod(owner, car.id, { manufacturer: unique("KW"), model_name: "V3", post_id: post.id });
    const { body } = await partPage(mod.part!.href);
    expect(body.page.posts).toEqual([expect.objectContaining({ id: post.id, story: "Fitted the dampers", author: owner.username })]);

    // A post that tags the mod from the upload form is listed too.
    const tagged = await prisma.post.create({
      data: { createdById: owner.id, story: "Track day on the new dampers", postCars: { create: { carId: car.id } }, postMods: { create: { modId: mod.id } } },
    });
    expect((await partPage(mod.part!.href)).body.page.posts.map((row: { id: number }) => row.id)).toEqual([tagged.id, post.id]);

    // Choosing another post in the mod form moves the tag: the first post no longer shows it.
    const moved = await callJson(modAction, jsonRequest(`/api/mods/${mod.id}`, { post_id: tagged.id }, { method: "PATCH", cookie: owner.cookie }), {
      modId: String(mod.id),
    });
    expect(moved.status).toBe(200);
    expect(await prisma.postMod.findMany({ where: { modId: mod.id }, select: { postId: true } })).toEqual([{ postId: tagged.id }]);
    expect((await partPage(mod.part!.href)).body.page.posts.map((row: { id: number }) => row.id)).toEqual([tagged.id]);
  });

  it("redirects a wrong or missing slug to the right address, and answers 404 for an unknown part", async () => {
    const owner = await makeUser(unique("slugger"));
    const car = await carOf(owner);
    const mod = await addMod(owner, car.id, { manufacturer: "Öhlins", model_name: "DFV" });
    const id = mod.part!.id;
    for (const wrong of [`${id}-wrong-name`, `${id}`]) {
      const response = await call(partLoader, getRequest(`/parts/${wrong}?from=x`), { partRef: wrong });
      expect(response.status).toBe(301);
      expect(response.headers.get("Location")).toBe(`/parts/${id}-ohlins-dfv?from=x`);
    }
    for (const missing of ["999999-nothing", "abc", "0-zero"]) {
      const response = await callJson(partLoader, getRequest(`/parts/${missing}`), { partRef: missing });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: "Part not found", status: 404 });
    }
  });
});

describe("showcase and search", () => {
  it("says how many other cars run each part, counting cars not mods", async () => {
    const maker = unique("Cusco");
    const [me, other] = await Promise.all([makeUser(unique("me")), makeUser(unique("other"))]);
    const mine = await carOf(me);
    await addMod(me, mine.id, { manufacturer: maker, model_name: "Zero-2E" });
    const lonely = await addMod(me, mine.id, { manufacturer: maker, model_name: "Only Mine" });
    const theirs = await Promise.all([carOf(other, "A"), carOf(other, "B")]);
    for (const car of theirs) await addMod(other, car.id, { manufacturer: maker.toUpperCase(), model_name: "zero-2e" });
    await addMod(other, theirs[0].id, { manufacturer: maker, model_name: "Zero-2E" });

    const { body } = await callJson(showcaseLoader, getRequest(showcasePath(mine.id)), { carId: String(mine.id) });
    const byName = new Map(body.mods.map((mod: { model_name: string; part: { other_cars: number } }) => [mod.model_name, mod.part.other_cars]));
    expect(byName.get("Zero-2E")).toBe(2);
    expect(lonely.part).not.toBeNull();
    expect(byName.get("Only Mine")).toBe(0);
  });

  it("finds parts by maker, model or category, in any spelling", async () => {
    const owner = await makeUser(unique("finder"));
    const car = await carOf(owner);
    const mod = await addMod(owner, car.id, { manufacturer: "Eibach Š", model_name: "Pro-Kit Springs", mod_category: "Suspension" });
    for (const query of ["eibach s pro-kit", "Pro-Kit springs", "EIBACH Š"]) {
      const found = await searchAll(query);
      expect(found.parts.map((part) => part.id)).toContain(mod.part!.id);
    }
    const api = await callJson(partSearchLoader, getRequest("/api/parts/search?q=eibach"));
    expect(api.body.parts[0]).toMatchObject({ id: mod.part!.id, href: mod.part!.href, cars: 1 });
  });
});

describe("merging makers", () => {
  it("moves the duplicate's mods and parts to the name kept and removes the duplicate", async () => {
    const admin = await makeUser(unique("admin"), "admin");
    const owner = await makeUser(unique("owner"));
    const [a, b] = await Promise.all([carOf(owner), carOf(owner, "Celica")]);
    const kept = await addMod(owner, a.id, { manufacturer: "Öhlins", model_name: "Merge Test" });
    const dupe = await addMod(owner, b.id, { manufacturer: "Oehlins", model_name: "merge test", vendor: "Shop" });
    const dupeOnly = await addMod(owner, b.id, { manufacturer: "Oehlins", model_name: "Only Here" });
    expect(dupe.manufacturer!.id).not.toBe(kept.manufacturer!.id);

    const merged = await callJson(
      mergeAction,
      jsonRequest("/api/admin/makers", { kind: "manufacturer", keep_id: kept.manufacturer!.id, merge_id: dupe.manufacturer!.id }, { cookie: admin.cookie }),
    );
    expect(merged.status).toBe(200);
    expect(merged.body).toMatchObject({ kept: { name: "Öhlins" }, merged: { name: "Oehlins" }, mods_moved: 2 });
    expect(await prisma.manufacturer.findUnique({ where: { id: dupe.manufacturer!.id } })).toBeNull();
    const mods = await prisma.mod.findMany({ where: { id: { in: [kept.id, dupe.id, dupeOnly.id] } }, orderBy: { id: "asc" } });
    expect(mods.map((mod) => mod.manufacturerId)).toEqual([kept.manufacturer!.id, kept.manufacturer!.id, kept.manufacturer!.id]);
    // The same part under both names became one; the other part moved over.
    expect(mods[1].partId).toBe(kept.part!.id);
    expect(await prisma.part.findUnique({ where: { id: dupe.part!.id } })).toBeNull();
    expect((await prisma.part.findUniqueOrThrow({ where: { id: dupeOnly.part!.id } })).manufacturerId).toBe(kept.manufacturer!.id);
    expect((await prisma.moderationAction.findFirstOrThrow({ where: { action: "merge_names" }, orderBy: { id: "desc" } })).moderatorId).toBe(admin.id);

    const list = await callJson(adminMakersLoader, getRequest("/api/admin/makers?kind=manufacturer&q=hlins", { cookie: admin.cookie }));
    // Other tests of this file use Öhlins too: the count is every mod that names it.
    const using = await prisma.mod.count({ where: { manufacturerId: kept.manufacturer!.id } });
    expect(list.body.makers).toEqual([{ id: kept.manufacturer!.id, name: "Öhlins", mods: using }]);
  });

  it("lists the names of a kind with their mod counts in the Admin Area's Makers tab", async () => {
    const admin = await makeUser(unique("admin"), "admin");
    const owner = await makeUser(unique("owner"));
    const car = await carOf(owner);
    const shop = unique("Installer Shop ");
    await addMod(owner, car.id, { model_name: "Fit", installer: shop });
    const { status, body } = await callJson(
      adminPageLoader,
      getRequest(`/admin?tab=makers&kind=installer&q=${encodeURIComponent(shop.toUpperCase())}`, { cookie: admin.cookie }),
    );
    expect(status).toBe(200);
    expect(body.content).toMatchObject({ tab: "makers", kind: "installer", makers: [{ name: shop, mods: 1 }] });
    const odd = await callJson(adminPageLoader, getRequest("/admin?tab=makers&kind=planets", { cookie: admin.cookie }));
    expect(odd.body.content.kind).toBe("manufacturer");
  });

  it("merges vendors from a plain form and comes back to the Admin Area", async () => {
    const admin = await makeUser(unique("admin"), "admin");
    const owner = await makeUser(unique("owner"));
    const car = await carOf(owner);
    const one = await addMod(owner, car.id, { model_name: "A", vendor: "Redline Parts" });
    const two = await addMod(owner, car.id, { model_name: "B", vendor: "Redline Parts Co." });
    const ids = await prisma.mod.findMany({ where: { id: { in: [one.id, two.id] } }, select: { vendorId: true }, orderBy: { id: "asc" } });
    const response = await call(
      mergeAction,
      formRequest(
        "/api/admin/makers",
        { kind: "vendor", keep_id: String(ids[1].vendorId), merge_id: String(ids[0].vendorId), redirectTo: "/admin?tab=makers&kind=vendor" },
        { cookie: admin.cookie },
      ),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/admin?tab=makers&kind=vendor");
    expect(await prisma.mod.count({ where: { id: { in: [one.id, two.id] }, vendorId: ids[1].vendorId } })).toBe(2);
    expect(await prisma.vendor.findUnique({ where: { id: ids[0].vendorId! } })).toBeNull();
  });

  it("refuses members (403), visitors (401), the same name twice (400) and a missing one (404)", async () => {
    const admin = await makeUser(unique("admin"), "admin");
    const member = await makeUser(unique("member"));
    const car = await carOf(member);
    const a = await addMod(member, car.id, { manufacturer: unique("Keep"), model_name: "X" });
    const b = await addMod(member, car.id, { manufacturer: unique("Gone"), model_name: "Y" });
    const fields = { kind: "manufacturer", keep_id: a.manufacturer!.id, merge_id: b.manufacturer!.id };
    const refused = await callJson(mergeAction, jsonRequest("/api/admin/makers", fields, { cookie: member.cookie }));
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: "Administrators only", status: 403 });
    expect((await callJson(mergeAction, jsonRequest("/api/admin/makers", fields))).status).toBe(401);
    expect((await callJson(adminMakersLoader, getRequest("/api/admin/makers", { cookie: member.cookie }))).status).toBe(403);
    expect(await prisma.manufacturer.findUnique({ where: { id: b.manufacturer!.id } })).not.toBeNull();

    const same = await callJson(mergeAction, jsonRequest("/api/admin/makers", { ...fields, merge_id: a.manufacturer!.id }, { cookie: admin.cookie }));
    expect(same).toMatchObject({ status: 400, body: { error: "Pick two different names to merge" } });
    const missing = await callJson(mergeAction, jsonRequest("/api/admin/makers", { ...fields, merge_id: 999999 }, { cookie: admin.cookie }));
    expect(missing).toMatchObject({ status: 404, body: { error: "That name no longer exists" } });
    const bad = await callJson(mergeAction, jsonRequest("/api/admin/makers", { kind: "planet", keep_id: "x" }, { cookie: admin.cookie }));
    expect(bad.status).toBe(400);
  });
});

describe("the migrate one-off", () => {
  it("keys legacy names, merges those that key alike, links legacy mods to parts, and does nothing the second time", async () => {
    const owner = await makeUser(unique("legacy"));
    const car = await carOf(owner);
    const tag = unique("zz");
    const [umlaut, plain] = [await prisma.manufacturer.create({ data: { name: `Ö${tag}` } }), await prisma.manufacturer.create({ data: { name: `o${tag} ` } })];
    const legacy = await Promise.all(
      [umlaut, plain].map((maker, index) =>
        prisma.mod.create({ data: { carId: car.id, category: index ? "suspension" : "Suspension", modelName: "Legacy Damper", manufacturerId: maker.id } }),
      ),
    );
    const done = await backfillParts(process.env.DATABASE_URL!);
    expect(done).toMatchObject({ keyed: 1, merged: 1, linked: 2 });
    expect((await prisma.manufacturer.findUniqueOrThrow({ where: { id: umlaut.id } })).key).toBe(`o${tag}`);
    expect(await prisma.manufacturer.findUnique({ where: { id: plain.id } })).toBeNull();
    const mods = await prisma.mod.findMany({ where: { id: { in: legacy.map((mod) => mod.id) } } });
    expect(new Set(mods.map((mod) => mod.manufacturerId))).toEqual(new Set([umlaut.id]));
    expect(mods[0].partId).not.toBeNull();
    expect(mods[1].partId).toBe(mods[0].partId);
    expect(await backfillParts(process.env.DATABASE_URL!)).toEqual({ keyed: 0, merged: 0, linked: 0 });
  });
});
