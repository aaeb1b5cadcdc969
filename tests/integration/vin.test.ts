// A car's VIN, kept privately:
// - the car form (Add car, Edit car) takes an optional VIN: its form and check digit are
//   checked, a refusal is a 400 with the message next to the field and what was typed kept;
//   saving with the field empty clears it;
// - a second account entering a VIN another member's car already has is saved like any car,
//   and reported to the administrators (the Admin Area's reports list shows it);
// - the whole VIN is in no page or answer but its owner's own edit form: every page and API
//   that shows the car is read as the owner, another member and a visitor; the showcase shows
//   its last six characters only when the owner chooses.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { VIN_TEXT } from "~/lib/rules/vin";
import { vinHash } from "~/models/vin.server";
import { listFlagQueue } from "~/models/flag.server";
import { action as addCar } from "~/routes/my-cars.new";
import { action as editCar } from "~/routes/my-cars.$carId.edit";
import { makePost, makeUser, type TestUser } from "../support/accounts";
import { serveApp, sourceBuild, type RunningApp } from "../support/app-server";
import { answer, args, formRequest } from "../support/requests";
import { postPath, showcaseCsvPath, showcasePath, userPath } from "~/lib/paths";

/** A real VIN whose check digit (9th, X) matches, and the same VIN with a typo in it. */
const VIN = "1M8GDM9AXKP042788";
const TYPO = "1M8GDM9AXKP042789";
/** A European VIN: its 9th character is the maker's, so no check digit applies. */
const EUROPEAN_VIN = "WP0ZZZ99ZTS392124";

type FormReply = {
  init?: { status?: number };
  data?: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };
};

const CAR_FIELDS = { make: "Ford", model: "Mustang", year: "1989" };

function add(user: TestUser, fields: Record<string, string>) {
  return answer<Response & FormReply>(addCar(args(formRequest("/my-cars/new", { ...CAR_FIELDS, ...fields }, { cookie: user.cookie }))));
}

function edit(user: TestUser, carId: number, fields: Record<string, string>) {
  const request = formRequest(`/my-cars/${carId}/edit`, { ...CAR_FIELDS, ...fields }, { cookie: user.cookie });
  return answer<Response & FormReply>(editCar(args(request, { carId: String(carId) })));
}

async function newestCarOf(user: TestUser) {
  return prisma.car.findFirstOrThrow({ where: { ownerId: user.id }, orderBy: { id: "desc" }, select: { id: true, vin: true, vinHash: true, vinPublic: true } });
}

describe("the VIN in the car form", () => {
  it("refuses a wrong length, forbidden letters and a check digit that does not match, with a 400 and the form as typed", async () => {
    const owner = await makeUser("vin_checks");
    for (const [vin, message] of [
      ["1M8GDM9AXKP0427", VIN_TEXT.length],
      ["1M8GDM9AXKP04278O", VIN_TEXT.characters],
      [TYPO, VIN_TEXT.checkDigit],
    ] as const) {
      const refused = await add(owner, { vin, nickname: "Foxbody" });
      expect(refused.init?.status).toBe(400);
      expect(refused.data?.error?.vin).toEqual([message]);
      expect(refused.data?.initialValue).toMatchObject({ make: "Ford", model: "Mustang", nickname: "Foxbody", vin });
    }
    expect(await prisma.car.count({ where: { ownerId: owner.id } })).toBe(0);
  });

  it("stores a VIN typed with spaces, dashes and lower case, its hash and the choice to show its end; a blank field clears all three", async () => {
    const owner = await makeUser("vin_store");
    const added = await add(owner, { vin: " 1m8-gdm9ax kp042788 ", vin_public: "on" });
    expect(added.status).toBe(303);
    const car = await newestCarOf(owner);
    expect(car).toMatchObject({ vin: VIN, vinPublic: true });
    expect(car.vinHash).toBe(vinHash(VIN));
    expect(car.vinHash).not.toContain(VIN);

    // No check digit outside North America; an unticked box hides the end again.
    expect((await edit(owner, car.id, { vin: EUROPEAN_VIN })).status).toBe(303);
    expect(await newestCarOf(owner)).toMatchObject({ vin: EUROPEAN_VIN, vinPublic: false, vinHash: vinHash(EUROPEAN_VIN) });

    const typo = await edit(owner, car.id, { vin: TYPO, vin_public: "on" });
    expect(typo.init?.status).toBe(400);
    expect(typo.data?.error?.vin).toEqual([VIN_TEXT.checkDigit]);
    expect(await newestCarOf(owner)).toMatchObject({ vin: EUROPEAN_VIN });

    expect((await edit(owner, car.id, { vin: "", vin_public: "on" })).status).toBe(303);
    expect(await newestCarOf(owner)).toMatchObject({ vin: null, vinHash: null, vinPublic: false });
  });

  it("a second account entering a VIN another member's car has is saved with the usual words and reported to the administrators", async () => {
    const first = await makeUser("vin_first");
    const second = await makeUser("vin_second");
    await add(first, { vin: VIN });
    const firstCar = await newestCarOf(first);
    // The same owner's second car with the same VIN is no claim on someone else's car.
    await add(first, { vin: VIN });
    expect(await prisma.flag.count({ where: { contentType: "car" } })).toBe(0);

    const claimed = await add(second, { vin: VIN.toLowerCase() });
    expect(claimed.status).toBe(303);
    const secondCar = await newestCarOf(second);
    expect(secondCar.vin).toBe(VIN);
    const toast = decodeURIComponent(claimed.headers.get("Set-Cookie") ?? "");
    expect(toast).not.toMatch(/VIN|already|flag|report|admin/i);

    const queue = await listFlagQueue();
    const item = queue.find((entry) => entry.contentType === "car" && entry.contentId === secondCar.id);
    expect(item?.preview).toMatchObject({ author: "vin_second", href: showcasePath(secondCar.id) });
    expect(item?.details[0]?.text).toContain(`car #${firstCar.id} of @vin_first`);
    expect(JSON.stringify(queue)).not.toContain(VIN);

    // Saving the car again with the same VIN does not reopen a report the administrators closed.
    await prisma.flag.updateMany({ where: { contentType: "car", contentId: secondCar.id }, data: { status: "dismissed" } });
    expect((await edit(second, secondCar.id, { vin: VIN, nickname: "Pony" })).status).toBe(303);
    expect(await prisma.flag.count({ where: { contentType: "car", contentId: secondCar.id, status: "open" } })).toBe(0);

    // Clearing it and entering it again is a new claim.
    await edit(second, secondCar.id, { vin: "" });
    await edit(second, secondCar.id, { vin: VIN });
    expect(await prisma.flag.count({ where: { contentType: "car", contentId: secondCar.id, status: "open" } })).toBe(1);
  });
});

const ROUTES = [
  "routes/_index",
  "routes/showcase.$carId",
  "routes/showcase.$carId_.build[.]csv",
  "routes/post.$id",
  "routes/post.$id_.share",
  "routes/search",
  "routes/user.$username",
  "routes/profile",
  "routes/my-cars._index",
  "routes/my-cars.$carId.edit",
  "routes/my-cars.$carId.mods._index",
  "routes/my-cars.$carId.service",
  "routes/embed.car.$carId",
  "routes/embed.post.$postId",
  "routes/oembed",
  "routes/api.cars",
  "routes/api.cars.$carId",
  "routes/api.cars.$carId.mods",
  "routes/api.cars.$carId.followers",
  "routes/api.cars.search",
  "routes/api.posts.$id",
  "routes/api.posts",
  "routes/api.feed",
  "routes/api.profile",
];

describe("no page or answer but the owner's edit form has the whole VIN", () => {
  let app: RunningApp;
  let owner: TestUser;
  let other: TestUser;
  let carId: number;
  let postId: number;

  beforeAll(async () => {
    process.env.JOB_WORKER = "off";
    app = await serveApp(await sourceBuild(ROUTES));
    owner = await makeUser("vin_owner");
    other = await makeUser("vin_other");
    await add(owner, { make: "Ford", model: "Mustang", year: "1989", nickname: "Foxbody", vin: VIN });
    carId = (await newestCarOf(owner)).id;
    const post = await makePost(owner.id, "Fresh paint on the Foxbody");
    await prisma.postCar.create({ data: { postId: post.id, carId } });
    postId = post.id;
    await prisma.mod.create({ data: { carId, category: "Exhaust", modelName: "Cat-back", postId } });
    await prisma.carFollow.create({ data: { carId, userId: other.id } });
  });

  afterAll(async () => {
    await app?.close();
  });

  /** The data answer a page loads in the browser (single fetch). */
  const dataOf = (page: string) => {
    const [path, query] = page.split("?");
    return `${path}.data${query ? `?${query}` : ""}`;
  };

  /** Pages and answers anyone may read that show the car, with the data answers of the pages. */
  function publicUrls(): string[] {
    const pages = [
      showcasePath(carId),
      postPath(postId),
      `${postPath(postId)}/share`,
      "/search?q=Mustang",
      userPath(owner.username),
      `/embed/car/${carId}`,
      `/embed/post/${postId}`,
    ];
    return [
      "/",
      "/_root.data",
      ...pages,
      ...pages.map(dataOf),
      showcaseCsvPath(carId),
      `/oembed?${new URLSearchParams({ url: `${app.origin}/showcase/${carId}`, format: "json" })}`,
      `/oembed?${new URLSearchParams({ url: `${app.origin}/post/${postId}`, format: "json" })}`,
      `/api/cars/${carId}`,
      `/api/cars/${carId}/mods`,
      `/api/cars/${carId}/followers`,
      "/api/cars/search?q=Mustang",
      `/api/posts/${postId}`,
      "/api/feed",
    ];
  }

  /** The owner's own pages that show the car (others are turned away from them). */
  function ownerUrls(): string[] {
    const pages = ["/profile", "/my-cars", `/my-cars/${carId}/mods`, `/my-cars/${carId}/service`];
    return [...pages, ...pages.map(dataOf), "/api/profile"];
  }

  async function read(url: string, cookie?: string): Promise<{ status: number; text: string }> {
    const response = await fetch(`${app.origin}${url}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
    return { status: response.status, text: await response.text() };
  }

  async function sweep(vinPublic: boolean) {
    const readers = { owner: owner.cookie, other: other.cookie, visitor: undefined };
    const hash = vinHash(VIN);
    for (const [who, cookie] of Object.entries(readers)) {
      for (const url of [...publicUrls(), ...ownerUrls()]) {
        const { status, text } = await read(url, cookie);
        // Every public answer, and the owner's own pages for the owner, is read in full.
        if (who === "owner" || publicUrls().includes(url)) expect(status, `${who} ${url}`).toBe(200);
        expect(text.toUpperCase().includes(VIN), `${who} ${url} has the VIN`).toBe(false);
        expect(text.includes(hash), `${who} ${url} has the VIN's hash`).toBe(false);
      }
      // Searching for the VIN finds no car.
      const search = await fetch(`${app.origin}/api/cars/search?q=${VIN}`, { headers: cookie ? { Cookie: cookie } : {} });
      expect(await search.json()).toEqual({ cars: [] });
      const showcase = await read(showcasePath(carId), cookie);
      if (vinPublic) expect(showcase.text, who).toMatch(/<dt>VIN<\/dt><dd data-testid="vin-end">•+042788<\/dd>/);
      else expect(showcase.text, who).not.toContain("042788");
    }
    // The exception: the owner's own edit form, and nobody else's answer there.
    const form = await read(`/my-cars/${carId}/edit`, owner.cookie);
    expect(form.status).toBe(200);
    expect(form.text).toContain(`value="${VIN}"`);
    for (const cookie of [other.cookie, undefined]) {
      for (const url of [`/my-cars/${carId}/edit`, `/my-cars/${carId}/edit.data`]) {
        expect((await read(url, cookie)).text.includes(VIN), url).toBe(false);
      }
    }
  }

  it("while the VIN's end is hidden, nothing of it shows", async () => {
    await sweep(false);
  });

  it("when the owner shows its end, the showcase shows the last 6 characters, still never the whole VIN", async () => {
    expect((await edit(owner, carId, { nickname: "Foxbody", vin: VIN, vin_public: "on" })).status).toBe(303);
    await sweep(true);
  });
});
