// Search APIs: cars, users (exact and by text), posts and searchAll, with hostile input.
// Also shows why we escape: Prisma's `contains` on SQLite treats % and _ as wildcards.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { searchAll, searchPosts } from "~/models/search.server";
import { loader as carsLoader } from "~/routes/api.cars.search";
import { loader as usersLoader } from "~/routes/api.users.search";
import { answer, args, getRequest } from "../support/requests";
import { makeUser, type TestUser } from "../support/accounts";

async function get(loader: (a: never) => unknown, path: string) {
  const response = await answer(loader(args(getRequest(path))));
  return { status: response.status, body: await response.json() };
}

const carNames = async (q: string, limit?: number) =>
  (await get(carsLoader, `/api/cars/search?q=${encodeURIComponent(q)}${limit ? `&limit=${limit}` : ""}`)).body.cars.map(
    (car: { make: string; model: string }) => `${car.make} ${car.model}`,
  );

const userNames = async (q: string) =>
  (await get(usersLoader, `/api/users/search?q=${encodeURIComponent(q)}`)).body.users.map((user: { username: string }) => user.username);

let owner: TestUser;

beforeAll(async () => {
  owner = await makeUser("s_owner");
  const cars: Array<[string, string, number, string | null, string | null]> = [
    ["BMW", "M3", 2004, "E46", "Silver Arrow"],
    ["BMW", "M5", 1990, null, null],
    ["Nissan", "Skyline", 1999, "GT-R V-Spec", "Godzilla"],
    ["Ford", "Focus RS", 2016, null, "100% Blue"],
    ["Mazda", "MX_5", 1990, null, null],
    ["Mazda", "MXx5", 1991, null, null],
    ["Back\\slash", "Special", 2000, null, null],
    ["Toyota", "Supra", 1998, null, "Emoji 🚗 car"],
  ];
  for (const [make, model, year, trim, nickname] of cars) {
    await prisma.car.create({ data: { ownerId: owner.id, make, model, year, trim, nickname } });
  }
  await makeUser("speedy_sam");
  await makeUser("sam");
  await makeUser("samantha");
  await makeUser("percent%user");
  const hidden = await makeUser("sam_suspended");
  await prisma.user.update({ where: { id: hidden.id }, data: { suspendedAt: new Date() } });
  await prisma.car.create({ data: { ownerId: hidden.id, make: "Hidden", model: "Car", year: 2000 } });
});

describe("why LIKE is escaped by hand", () => {
  it("Prisma's contains lets % match everything on SQLite", async () => {
    const viaContains = await prisma.car.count({ where: { make: { contains: "%" } } });
    expect(viaContains).toBeGreaterThan(1);
    expect(await carNames("%")).toEqual(["Ford Focus RS"]);
  });
});

describe("GET /api/cars/search", () => {
  it("matches make, model, trim, nickname and year, every word, any case", async () => {
    expect((await carNames("bmw")).sort()).toEqual(["BMW M3", "BMW M5"]);
    expect(await carNames("bmw e46")).toEqual(["BMW M3"]);
    expect(await carNames("GODZILLA")).toEqual(["Nissan Skyline"]);
    expect(await carNames("1999")).toEqual(["Nissan Skyline"]);
    expect(await carNames("skyline 2004")).toEqual([]);
  });

  it("answers the car with its owner and a cover image field", async () => {
    const { body } = await get(carsLoader, "/api/cars/search?q=supra");
    expect(body.cars).toEqual([
      {
        id: expect.any(Number),
        make: "Toyota",
        model: "Supra",
        year: 1998,
        trim: null,
        nickname: "Emoji 🚗 car",
        bodystyle: null,
        owner: { id: owner.id, username: "s_owner" },
        cover_image: null,
      },
    ]);
  });

  it("covers a car with its newest ready post's picture, never one still processing", async () => {
    const car = await prisma.car.create({ data: { ownerId: owner.id, make: "Lancia", model: "Delta Integrale", year: 1992 } });
    const post = async (status: string, path: string) => {
      const { id } = await prisma.post.create({ data: { createdById: owner.id, story: status, status, postCars: { create: { carId: car.id } } } });
      await prisma.media.create({ data: { postId: id, uploaderId: owner.id, kind: "image", path, mimeType: "image/webp", bytes: 1000, width: 1280, height: 960 } });
    };
    await post("ready", "cv/ready.webp");
    await post("processing", "cv/processing.webp");
    const { body } = await get(carsLoader, "/api/cars/search?q=integrale");
    expect(body.cars.map((found: { cover_image: string | null }) => found.cover_image)).toEqual(["/media/cv/ready.webp"]);
  });

  it("takes _, backslash, quotes and emoji literally; never a 500", async () => {
    expect(await carNames("MX_5")).toEqual(["Mazda MX_5"]);
    expect(await carNames("_")).toEqual(["Mazda MX_5"]);
    expect(await carNames("\\")).toEqual(["Back\\slash Special"]);
    expect(await carNames("🚗")).toEqual(["Toyota Supra"]);
    for (const odd of ["'", '"', "' OR 1=1 --", "x".repeat(5000), "🚗".repeat(5000), "\u0000", "%_%_\\\\"]) {
      const { status, body } = await get(carsLoader, `/api/cars/search?q=${encodeURIComponent(odd)}`);
      expect(status).toBe(200);
      expect(body.cars).toEqual([]);
    }
    expect((await get(carsLoader, "/api/cars/search")).body).toEqual({ cars: [] });
  });

  it("respects limits and leaves suspended owners out", async () => {
    expect(await carNames("bmw", 1)).toHaveLength(1);
    expect(await carNames("hidden")).toEqual([]);
  });
});

describe("GET /api/users/search", () => {
  it("answers one exact user by id or username, else 404", async () => {
    const sam = await prisma.user.findUniqueOrThrow({ where: { username: "sam" } });
    expect((await get(usersLoader, `/api/users/search?id=${sam.id}`)).body).toEqual({ id: sam.id, username: "sam", nickname: "sam Nick" });
    expect((await get(usersLoader, "/api/users/search?username=SAM")).body).toEqual({ id: sam.id, username: "sam", nickname: "sam Nick" });
    expect((await get(usersLoader, "/api/users/search?username=nobody")).status).toBe(404);
    expect((await get(usersLoader, "/api/users/search?id=999999")).status).toBe(404);
    expect((await get(usersLoader, "/api/users/search?id=abc")).status).toBe(400);
    expect((await get(usersLoader, `/api/users/search?username=${"x".repeat(5000)}`)).status).toBe(404);
  });

  it("finds by part of a name: exact first, then prefixes, suspended left out", async () => {
    expect(await userNames("sam")).toEqual(["sam", "samantha", "speedy_sam"]);
    expect(await userNames("@sam")).toEqual(["sam", "samantha", "speedy_sam"]);
    expect(await userNames("%")).toEqual(["percent%user"]);
    // "_" is literal: only names with an underscore (shorter first); sam_suspended is hidden.
    expect(await userNames("_")).toEqual(["s_owner", "speedy_sam"]);
    expect(await userNames("")).toEqual([]);
  });
});

describe("searchAll", () => {
  it("finds cars, users, events and posts by story, per kind", async () => {
    await prisma.post.create({ data: { createdById: owner.id, story: "Took the BMW to the Nürburgring" } });
    await prisma.post.create({ data: { createdById: owner.id, story: "Just washing the car" } });
    await prisma.event.create({ data: { name: "BMW owners meet", dateTime: new Date(Date.now() + 86_400_000) } });
    const all = await searchAll("bmw", { perKind: 3 });
    expect(all.query).toBe("bmw");
    expect(all.cars).toHaveLength(2);
    expect(all.events.map((e) => e.name)).toEqual(["BMW owners meet"]);
    expect(all.posts.map((p) => p.story)).toEqual(["Took the BMW to the Nürburgring"]);
    expect(all.users).toEqual([]);

    const one = await searchAll("bmw", { perKind: 1 });
    expect(one.cars).toHaveLength(1);
    expect(await searchAll("   ")).toEqual({ query: "", cars: [], users: [], events: [], posts: [], parts: [] });
    expect((await searchPosts("%")).length).toBe(0);
    const long = await searchAll("a".repeat(5000));
    expect(long.query).toHaveLength(100);
  });
});
