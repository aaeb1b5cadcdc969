import { describe, expect, it } from "vitest";
import { action as createCarAction } from "~/routes/api.cars";
import { action as carAction, loader as carLoader } from "~/routes/api.cars.$carId";
import { prisma } from "~/db.server";
import { listGarage } from "~/models/car.server";
import { getShowcase } from "~/models/showcase.server";
import { loader as showcaseLoader, meta as showcaseMeta } from "~/routes/showcase.$carId";
import { maxCarYear } from "~/lib/schemas/car-schemas";
import { signUp } from "../support/accounts";
import { args, call, formRequest, getRequest, jsonRequest } from "../support/requests";
import { showcasePath } from "~/lib/paths";

const skyline = { make: "Nissan", model: "Skyline", year: 1999, trim: "GT-R", bodystyle: "Coupe", nickname: "Godzilla" };

describe("POST /api/cars", () => {
  it("adds a car for the signed-in user: 201 { car }", async () => {
    const owner = await signUp("carowner");
    const response = await call(createCarAction, jsonRequest("/api/cars", { ...skyline, insurance_expires_at: "2027-01-31", owner_id: 999 }, { cookie: owner.cookie }));
    expect(response.status).toBe(201);
    const { car } = await response.json();
    expect(car).toMatchObject({ ...skyline, owner_id: owner.id, insurance_expires_at: "2027-01-31T00:00:00.000Z" });
    expect(typeof car.id).toBe("number");
  });

  it("needs a signed-in user", async () => {
    const response = await call(createCarAction, jsonRequest("/api/cars", skyline));
    expect(response.status).toBe(401);
  });

  it("answers bad input with 400 and a message per field", async () => {
    const owner = await signUp("badinput");
    const response = await call(createCarAction, jsonRequest("/api/cars", { make: "", model: "X".repeat(61), year: maxCarYear() + 1 }, { cookie: owner.cookie }));
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error).toBe("Make is required");
    expect(body.fields).toMatchObject({
      make: ["Make is required"],
      model: ["Model must be at most 60 characters"],
      year: [`Year must be ${maxCarYear()} or earlier`],
    });
    const early = await call(createCarAction, jsonRequest("/api/cars", { ...skyline, year: 1885 }, { cookie: owner.cookie }));
    expect((await early.json()).fields.year).toEqual(["Year must be 1886 or later"]);
  });

  it("takes a plain form post and goes back with a redirect", async () => {
    const owner = await signUp("formcar");
    const response = await call(
      createCarAction,
      formRequest("/api/cars", { make: "Mazda", model: "MX-5", year: "1990", redirectTo: "/my-cars" }, { cookie: owner.cookie }),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/my-cars");
    expect(await prisma.car.count({ where: { ownerId: owner.id, make: "Mazda" } })).toBe(1);
  });
});

describe("PATCH and DELETE /api/cars/{carId}", () => {
  async function carOf(cookie: string) {
    const response = await call(createCarAction, jsonRequest("/api/cars", skyline, { cookie }));
    return (await response.json()).car as { id: number };
  }

  it("lets the owner change only the fields sent, and clear one with null", async () => {
    const owner = await signUp("patcher");
    const car = await carOf(owner.cookie);
    const response = await call(carAction, jsonRequest(`/api/cars/${car.id}`, { year: 2001, nickname: null }, { method: "PATCH", cookie: owner.cookie }), {
      carId: String(car.id),
    });
    expect(response.status).toBe(200);
    expect((await response.json()).car).toMatchObject({ year: 2001, nickname: null, make: "Nissan", trim: "GT-R" });
  });

  it("is 403 for someone else's car and 404 for a missing one, on PATCH and DELETE", async () => {
    const owner = await signUp("realowner");
    const other = await signUp("intruder");
    const car = await carOf(owner.cookie);
    const params = { carId: String(car.id) };

    const patch = await call(carAction, jsonRequest(`/api/cars/${car.id}`, { make: "Stolen" }, { method: "PATCH", cookie: other.cookie }), params);
    expect(patch.status).toBe(403);
    expect(await patch.json()).toEqual({ error: "Only the car's owner can change it", status: 403 });
    const del = await call(carAction, jsonRequest(`/api/cars/${car.id}`, {}, { method: "DELETE", cookie: other.cookie }), params);
    expect(del.status).toBe(403);
    expect((await prisma.car.findUnique({ where: { id: car.id } }))?.make).toBe("Nissan");

    const missing = await call(carAction, jsonRequest("/api/cars/999999", { make: "X" }, { method: "PATCH", cookie: owner.cookie }), { carId: "999999" });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "Car not found", status: 404 });
    const junk = await call(carAction, jsonRequest("/api/cars/abc", {}, { method: "DELETE", cookie: owner.cookie }), { carId: "abc" });
    expect(junk.status).toBe(404);
  });

  it("deletes for the owner with 204, and a plain form may ask with _method", async () => {
    const owner = await signUp("deleter");
    const first = await carOf(owner.cookie);
    const response = await call(carAction, jsonRequest(`/api/cars/${first.id}`, {}, { method: "DELETE", cookie: owner.cookie }), { carId: String(first.id) });
    expect(response.status).toBe(204);
    expect(await prisma.car.findUnique({ where: { id: first.id } })).toBeNull();

    const second = await carOf(owner.cookie);
    const form = await call(carAction, formRequest(`/api/cars/${second.id}`, { _method: "DELETE", redirectTo: "/my-cars" }, { cookie: owner.cookie }), {
      carId: String(second.id),
    });
    expect(form.status).toBe(303);
    expect(await prisma.car.findUnique({ where: { id: second.id } })).toBeNull();
  });

  it("GET shows the car; the insurance date only to its owner", async () => {
    const owner = await signUp("insured");
    const created = await call(createCarAction, jsonRequest("/api/cars", { ...skyline, insurance_expires_at: "2027-05-05" }, { cookie: owner.cookie }));
    const car = (await created.json()).car;
    const mine = await (await call(carLoader, getRequest(`/api/cars/${car.id}`, { cookie: owner.cookie }), { carId: String(car.id) })).json();
    expect(mine.car.insurance_expires_at).toBe("2027-05-05T00:00:00.000Z");
    const theirs = await (await call(carLoader, getRequest(`/api/cars/${car.id}`), { carId: String(car.id) })).json();
    expect(theirs.car).toMatchObject({ make: "Nissan" });
    expect("insurance_expires_at" in theirs.car).toBe(false);
  });
});

describe("garage and showcase queries", () => {
  it("the garage cover is the first picture of the newest post with pictures", async () => {
    const owner = await signUp("photog");
    const car = await prisma.car.create({ data: { ownerId: owner.id, make: "BMW", model: "M3", year: 1988 } });
    const older = await prisma.post.create({ data: { createdById: owner.id, story: "old", createdAt: new Date("2026-01-01"), postCars: { create: { carId: car.id } } } });
    const newer = await prisma.post.create({ data: { createdById: owner.id, story: "new", createdAt: new Date("2026-02-01"), postCars: { create: { carId: car.id } } } });
    await prisma.post.create({ data: { createdById: owner.id, story: "text only", createdAt: new Date("2026-03-01"), postCars: { create: { carId: car.id } } } });
    const media = (postId: number, path: string, position: number) => ({
      postId,
      uploaderId: owner.id,
      kind: "image",
      path,
      mimeType: "image/webp",
      bytes: 10,
      position,
    });
    await prisma.media.createMany({ data: [media(older.id, "a/old.webp", 0), media(newer.id, "a/new-2.webp", 1), media(newer.id, "a/new-1.webp", 0)] });

    const [garageCar] = await listGarage(owner.id);
    expect(garageCar.cover?.path).toBe("a/new-1.webp");
    expect(garageCar.postCount).toBe(3);

    const showcase = await getShowcase(car.id);
    expect(showcase?.media.map((m) => m.path)).toEqual(["a/new-1.webp", "a/new-2.webp", "a/old.webp"]);
    expect(showcase?.posts.map((p) => p.story)).toEqual(["text only", "new", "old"]);
    expect(showcase?.posts[1]).toMatchObject({ mediaCount: 2, cover: { path: "a/new-1.webp" } });
    expect(await getShowcase(424242)).toBeNull();
  });
});

describe("the showcase page", () => {
  it("is server data with Open Graph tags: an absolute og:image of the car's build card", async () => {
    const owner = await signUp("showoff");
    const car = await prisma.car.create({ data: { ownerId: owner.id, make: "Honda", model: "S2000", year: 2004, nickname: "Unnamed" } });
    const post = await prisma.post.create({ data: { createdById: owner.id, story: "track day", postCars: { create: { carId: car.id } } } });
    await prisma.media.create({
      data: { postId: post.id, uploaderId: owner.id, kind: "image", path: "s2/k.webp", mimeType: "image/webp", bytes: 1, width: 1600, variants: "320,640,1080" },
    });
    await prisma.mod.create({ data: { carId: car.id, category: "Intake", modelName: "Secret box", costCents: 99900, showCost: false } });

    const data = await (showcaseLoader as (a: never) => Promise<Awaited<ReturnType<typeof showcaseLoader>>>)(
      args(getRequest(showcasePath(car.id)), { carId: String(car.id) }),
    );
    expect(data.car).toMatchObject({ make: "Honda", nickname: "Unnamed" });
    expect("insurance_expires_at" in data.car).toBe(false);
    expect(data.media.map((m) => m.path)).toEqual(["s2/k.webp"]);
    expect(data.posts).toHaveLength(1);
    expect(data.follow).toEqual({ following: false, count: 0 });
    expect("cost" in data.mods[0]).toBe(false);
    // The build card: a PNG every scraper reads, drawn from the car's photo.
    expect(data.share.image).toMatchObject({ url: `http://127.0.0.1:3000/cards/car/${car.id}.png`, type: "image/png", width: 1200, height: 630, large: true });
    expect(data.description).not.toContain("999");
    // The private cost is in neither the build sheet nor the snippets.
    expect(data.sheet).toMatchObject({ modCount: 1, costedCount: 0, shownTotalCents: 0 });
    expect(data.snippets.bbcode).toContain("[*]Intake: Secret box\n");
    expect(data.snippets.markdown).not.toContain("999");

    const tags = (showcaseMeta as (a: unknown) => Record<string, string>[])({ data });
    const find = (key: string) => tags.find((tag) => tag.property === key || tag.name === key)?.content;
    expect(tags[0].title).toMatch(/^2004 Honda S2000 · Showcase/);
    expect(find("og:title")).toBe("2004 Honda S2000 · Showcase");
    expect(find("og:image")).toBe(`http://127.0.0.1:3000/cards/car/${car.id}.png`);
    expect(find("og:url")).toBe(`http://127.0.0.1:3000/showcase/${car.id}`);
    expect(find("twitter:card")).toBe("summary_large_image");
    expect(find("twitter:image")).toBe(find("og:image"));
  });

  it("is a 404 for a missing car", async () => {
    const response = await call(showcaseLoader, getRequest("/showcase/31337"), { carId: "31337" });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Car not found", status: 404 });
  });
});
