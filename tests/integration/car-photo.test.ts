// A car's own photo: uploaded on the add or edit page (through the post photo pipeline, in
// the background: WebP with resized copies, no EXIF or GPS, HEIC taken) or picked from the
// car's posts with a radio button, and shown as the car's face on every page that shows the
// car. A picked photo whose post is deleted falls back to the newest post's picture. The
// owner sees Edit where others see Follow.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { resolveKey } from "~/lib/media/media-storage.server";
import { partPath, showcasePath, userPath } from "~/lib/paths";
import { runDueJobs } from "~/models/job-worker.server";
import { findOrCreatePart } from "~/models/part.server";
import { deletePost } from "~/models/post.server";
import { resetRateLimits } from "~/models/rate-limit.server";
import { action as addCar } from "~/routes/my-cars.new";
import { action as editCar } from "~/routes/my-cars.$carId.edit";
import { signUp, type SignedUp } from "../support/accounts";
import { serveApp, sourceBuild, type RunningApp } from "../support/app-server";
import { exiftool, makeHeic, samplesFolder } from "../support/media";
import { args, call, formRequest, multipartRequest, statusOf } from "../support/requests";

const run = promisify(execFile);

const ROUTES = [
  "routes/showcase.$carId",
  "routes/my-cars._index",
  "routes/my-cars.$carId.edit",
  "routes/search",
  "routes/user.$username",
  "routes/parts.$partRef",
  "routes/embed.car.$carId",
];

let app: RunningApp;
let owner: SignedUp;
let fan: SignedUp;

const png = (background: string, width = 1200, height = 800) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/** A JPEG as a phone writes it: with the place it was taken and the phone's make and model. */
async function phoneJpeg(name: string): Promise<Buffer> {
  const file = path.join(await samplesFolder(), name);
  await writeFile(
    file,
    await sharp({ create: { width: 1600, height: 1000, channels: 3, background: "#a33" } })
      .jpeg()
      .toBuffer(),
  );
  await run("exiftool", [
    "-overwrite_original",
    "-GPSLatitude=51.5074",
    "-GPSLatitudeRef=N",
    "-GPSLongitude=0.1278",
    "-GPSLongitudeRef=W",
    "-Make=Apple",
    "-Model=iPhone 15 Pro",
    file,
  ]);
  return readFile(file);
}

async function page(pathname: string, cookie?: string): Promise<{ status: number; html: string }> {
  const response = await fetch(app.origin + pathname, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
  return { status: response.status, html: await response.text() };
}

/** The name of a stored file without its extension: resized copies share it. */
const stemOf = (key: string) => key.replace(/\.webp$/, "");

/** A ready post of the owner tagging the car, with one stored photo (a file the test names). */
async function postWithPhoto(carId: number, key: string, createdAt: Date) {
  return prisma.post.create({
    data: {
      createdById: owner.id,
      story: `post with ${key}`,
      carId,
      createdAt,
      postCars: { create: [{ carId }] },
      media: { create: [{ uploaderId: owner.id, kind: "image", path: key, mimeType: "image/webp", bytes: 10, width: 1200, height: 800 }] },
    },
    include: { media: true },
  });
}

beforeAll(async () => {
  process.env.JOB_WORKER = "off";
  owner = await signUp("photoowner");
  fan = await signUp("photofan");
  app = await serveApp(await sourceBuild(ROUTES));
});

afterAll(async () => {
  await app?.close();
});

beforeEach(async () => {
  resetRateLimits();
  await runDueJobs();
});

describe("an uploaded photo", () => {
  it("is added with the car, processed in the background and stored as WebP without GPS, then shown wherever the car is", async () => {
    const jpeg = await phoneJpeg("gps.jpg");
    expect((await exiftool(path.join(await samplesFolder(), "gps.jpg")))["GPS:GPSLatitude"]).toBeDefined();

    const added = await call(
      addCar,
      multipartRequest(
        "/my-cars/new",
        [
          ["make", "Zenvo"],
          ["model", "Photon"],
          ["year", "2021"],
          ["photo", new Uint8Array(jpeg), "IMG_0001.JPG", "image/jpeg"],
        ],
        { cookie: owner.cookie },
      ),
    );
    expect(added.status).toBe(303);
    const car = await prisma.car.findFirstOrThrow({ where: { ownerId: owner.id, make: "Zenvo" } });
    expect(added.headers.get("Location")).toBe(`/my-cars#car-${car.id}`);

    // Until its job has run, the edit page says it is being processed.
    expect(car.coverPath).toBeNull();
    const waiting = await page(`/my-cars/${car.id}/edit`, owner.cookie);
    expect(waiting.html).toContain("Your car&#x27;s new photo is being processed");

    await runDueJobs();
    const stored = await prisma.car.findUniqueOrThrow({ where: { id: car.id } });
    expect(stored.coverPath).toMatch(/\.webp$/);
    expect(stored.coverPending).toBeNull();
    expect(stored.coverVariants).toContain("640");
    const file = resolveKey(stored.coverPath!)!;
    expect((await sharp(file).metadata()).format).toBe("webp");
    const tags = await exiftool(file);
    expect(Object.keys(tags).filter((tag) => /GPS|Make|Model/.test(tag))).toEqual([]);

    const edit = await page(`/my-cars/${car.id}/edit`, owner.cookie);
    expect(edit.html).not.toContain("being processed");
    expect(edit.html).toContain(stored.coverPath!);

    // The car's face everywhere it is shown.
    const stem = stemOf(stored.coverPath!);
    const part = await findOrCreatePart({
      manufacturerId: (await prisma.manufacturer.create({ data: { name: "Photonic", key: "photonic" } })).id,
      modelName: "Lens",
      category: "Optics",
    });
    await prisma.mod.create({ data: { carId: car.id, category: "Optics", modelName: "Lens", partId: part } });
    const partRow = await prisma.part.findUniqueOrThrow({ where: { id: part }, include: { manufacturer: true } });
    for (const [pathname, cookie] of [
      [showcasePath(car.id), fan.cookie],
      ["/my-cars", owner.cookie],
      ["/search?q=Zenvo", fan.cookie],
      [userPath(owner.username), fan.cookie],
      [partPath(partRow), fan.cookie],
      [`/embed/car/${car.id}`, undefined],
    ] as const) {
      const shown = await page(pathname, cookie);
      expect(shown.status, pathname).toBe(200);
      expect(shown.html, pathname).toContain(stem);
    }
  });

  it("takes a HEIC on the edit page and replaces the uploaded photo before it, whose files go", async () => {
    const car = await prisma.car.create({ data: { ownerId: owner.id, make: "Ariel", model: "Atom", year: 2019 } });
    const first = await call(
      editCar,
      multipartRequest(
        `/my-cars/${car.id}/edit`,
        [
          ["make", "Ariel"],
          ["model", "Atom"],
          ["year", "2019"],
          ["photo", new Uint8Array(await png("#135")), "first.png", "image/png"],
        ],
        { cookie: owner.cookie },
      ),
      { carId: String(car.id) },
    );
    expect(first.status).toBe(303);
    await runDueJobs();
    const before = (await prisma.car.findUniqueOrThrow({ where: { id: car.id } })).coverPath!;
    expect(existsSync(resolveKey(before)!)).toBe(true);

    const heic = await readFile(await makeHeic("car.heic", await png("#2a6", 800, 600)));
    const second = await call(
      editCar,
      multipartRequest(
        `/my-cars/${car.id}/edit`,
        [
          ["make", "Ariel"],
          ["model", "Atom"],
          ["year", "2019"],
          ["photo", new Uint8Array(heic), "IMG_0002.HEIC", "image/heic"],
        ],
        { cookie: owner.cookie },
      ),
      { carId: String(car.id) },
    );
    expect(second.status).toBe(303);
    await runDueJobs();
    const after = await prisma.car.findUniqueOrThrow({ where: { id: car.id } });
    expect(after.coverPath).toMatch(/\.webp$/);
    expect(after.coverPath).not.toBe(before);
    expect(after.coverWidth).toBe(800);
    expect((await sharp(resolveKey(after.coverPath!)!).metadata()).format).toBe("webp");
    expect(existsSync(resolveKey(before)!)).toBe(false);
  });

  it("refuses a file that is not a photo with a message on the form, and keeps the car's picture", async () => {
    const car = await prisma.car.create({ data: { ownerId: owner.id, make: "Rimac", model: "Nevera", year: 2022 } });
    const answer = (await editCar(
      args(
        multipartRequest(
          `/my-cars/${car.id}/edit`,
          [
            ["make", "Rimac"],
            ["model", "Nevera"],
            ["year", "2022"],
            ["photo", new TextEncoder().encode("not a photo at all"), "notes.txt", "text/plain"],
          ],
          { cookie: owner.cookie },
        ),
        { carId: String(car.id) },
      ),
    )) as { error?: Record<string, string[]> };
    expect(JSON.stringify(answer)).toContain("unsupported media type");
    expect((await prisma.car.findUniqueOrThrow({ where: { id: car.id } })).coverPending).toBeNull();
  });
  it("refuses a second photo on the Add a car form with its message and a 400, and adds no car", async () => {
    const photo = new Uint8Array(await png("#246"));
    const answer = await addCar(
      args(
        multipartRequest(
          "/my-cars/new",
          [
            ["make", "Lotus"],
            ["model", "Emira"],
            ["year", "2023"],
            ["photo", photo, "one.png", "image/png"],
            ["photo", photo, "two.png", "image/png"],
          ],
          { cookie: owner.cookie },
        ),
      ),
    );
    expect(statusOf(answer)).toBe(400);
    expect(JSON.stringify(answer)).toContain("Send one photo of the car");
    expect(await prisma.car.count({ where: { ownerId: owner.id, model: "Emira" } })).toBe(0);
  });
});

describe("a photo picked from the car's posts", () => {
  it("is offered as a radio button, becomes the car's face, and falls back to the newest post's when its post is deleted", async () => {
    const car = await prisma.car.create({ data: { ownerId: owner.id, make: "Lancia", model: "Stratos", year: 1974 } });
    const older = await postWithPhoto(car.id, "picked/older-shot.webp", new Date("2026-01-01T10:00:00Z"));
    const newer = await postWithPhoto(car.id, "picked/newer-shot.webp", new Date("2026-02-01T10:00:00Z"));

    const edit = await page(`/my-cars/${car.id}/edit`, owner.cookie);
    expect(edit.html).toMatch(new RegExp(`type="radio" name="photo_choice" value="${older.media[0].id}"`));

    const picked = await call(
      editCar,
      formRequest(`/my-cars/${car.id}/edit`, { make: "Lancia", model: "Stratos", year: "1974", photo_choice: String(older.media[0].id) }, { cookie: owner.cookie }),
      { carId: String(car.id) },
    );
    expect(picked.status).toBe(303);
    expect((await prisma.car.findUniqueOrThrow({ where: { id: car.id } })).coverMediaId).toBe(older.media[0].id);
    const hero = await page(showcasePath(car.id), fan.cookie);
    expect(hero.html).toMatch(/data-testid="car-photo"[^]*picked\/older-shot/);
    expect((await page("/search?q=Stratos", fan.cookie)).html).toContain("picked/older-shot");

    await deletePost(older.id, { id: owner.id, role: "member" });
    expect((await prisma.car.findUniqueOrThrow({ where: { id: car.id } })).coverMediaId).toBeNull();
    const after = await page(showcasePath(car.id), fan.cookie);
    expect(after.status).toBe(200);
    expect(after.html).not.toContain("picked/older-shot");
    expect(after.html).not.toContain('data-testid="car-photo"');
    expect((await page("/search?q=Stratos", fan.cookie)).html).toContain("picked/newer-shot");
    expect((await page("/my-cars", owner.cookie)).html).toContain("picked/newer-shot");
    expect(newer.id).toBeGreaterThan(0);
  });

  it("refuses a photo of another car's post", async () => {
    const mine = await prisma.car.create({ data: { ownerId: owner.id, make: "Alpine", model: "A110", year: 2018 } });
    const other = await prisma.car.create({ data: { ownerId: owner.id, make: "Alpine", model: "A310", year: 1980 } });
    const post = await postWithPhoto(other.id, "picked/other-car.webp", new Date("2026-03-01T10:00:00Z"));
    const answer = await editCar(
      args(formRequest(`/my-cars/${mine.id}/edit`, { make: "Alpine", model: "A110", year: "2018", photo_choice: String(post.media[0].id) }, { cookie: owner.cookie }), {
        carId: String(mine.id),
      }),
    );
    expect(JSON.stringify(answer)).toContain("Choose one of this car&#x27;s post photos".replace("&#x27;", "'"));
    expect((await prisma.car.findUniqueOrThrow({ where: { id: mine.id } })).coverMediaId).toBeNull();
  });
});

describe("the owner's Edit button", () => {
  it("shows Edit to the owner where others see Follow on the showcase", async () => {
    const car = await prisma.car.create({ data: { ownerId: owner.id, make: "Lotus", model: "Exige", year: 2006 } });
    const own = await page(showcasePath(car.id), owner.cookie);
    expect(own.html).toContain(`href="/my-cars/${car.id}/edit"`);
    expect(own.html).not.toContain(`action="/api/cars/${car.id}/follow"`);
    const other = await page(showcasePath(car.id), fan.cookie);
    expect(other.html).toContain(`action="/api/cars/${car.id}/follow"`);
    expect(other.html).not.toContain(`href="/my-cars/${car.id}/edit"`);
  });
});
