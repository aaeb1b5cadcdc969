// A new member's first steps, as plain pages (no JavaScript): sign-up leads to /welcome/car
// (add a first car with its photo), then /welcome/follow (cars and people to follow, and a
// link to search), then /welcome/post; each step can be skipped and the last ends where the
// member was going. Every Post button sends a member with no car to add one first.
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { runDueJobs } from "~/models/job-worker.server";
import { resetRateLimits } from "~/models/rate-limit.server";
import { action as register } from "~/routes/api.auth.register";
import { action as verifyAction } from "~/routes/verify-email";
import { action as welcomeAction } from "~/routes/welcome.$step";
import { signUp, type SignedUp } from "../support/accounts";
import { serveApp, sourceBuild, type RunningApp } from "../support/app-server";
import { linkTo, waitForMails } from "../support/mail";
import { args, call, cookiesOf, formRequest, multipartRequest } from "../support/requests";

let app: RunningApp;
let known: SignedUp;

async function page(pathname: string, cookie: string): Promise<{ status: number; html: string; location: string | null }> {
  const response = await fetch(app.origin + pathname, { headers: { Cookie: cookie }, redirect: "manual" });
  return { status: response.status, html: await response.text(), location: response.headers.get("Location") };
}

/** Where the page's Skip link leads. */
function skipOf(html: string): string | undefined {
  const link = /<a[^>]*data-testid="welcome-skip"[^>]*>/.exec(html)?.[0] ?? "";
  return /href="([^"]*)"/.exec(link)?.[1];
}

/** Signs up through the plain Sign Up form (no JavaScript); answers the redirect and the session. */
async function signUpByForm(username: string, redirectTo: string) {
  const response = await call(
    register,
    formRequest("/api/auth/register", { username, email: `${username}@example.com`, password: "secret12", confirmPassword: "secret12", redirectTo }),
  );
  return { status: response.status, location: response.headers.get("Location"), cookie: cookiesOf(response) };
}

beforeAll(async () => {
  process.env.JOB_WORKER = "off";
  known = await signUp("wellknown");
  await prisma.car.create({ data: { ownerId: known.id, make: "Porsche", model: "959", year: 1987 } });
  app = await serveApp(await sourceBuild(["routes/welcome.$step", "routes/post.new", "routes/my-cars.new"]));
});

afterAll(async () => {
  await app?.close();
});

beforeEach(() => resetRateLimits());

describe("the welcome steps without JavaScript", () => {
  it("lead a new member from sign-up through their first car with its photo, follows and first post, back to where they were going", async () => {
    const joined = await signUpByForm("newbie", "/events");
    expect(joined.status).toBe(303);
    expect(joined.location).toBe("/welcome/car?redirectTo=%2Fevents");

    const car = await page(joined.location!, joined.cookie);
    expect(car.status).toBe(200);
    expect(car.html).toContain("step 1 of 3");
    expect(car.html).toMatch(/<form[^>]*action="\/welcome\/car[^>]*enctype="multipart\/form-data"/i);
    expect(car.html).toContain('type="file" name="photo"');
    expect(car.html).toContain('name="redirectTo" value="/welcome/follow?redirectTo=%2Fevents"');
    expect(skipOf(car.html)).toBe("/welcome/follow?redirectTo=%2Fevents");

    // The form posts to the step itself, photo and all.
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#c40" } })
      .jpeg()
      .toBuffer();
    const added = await call(
      welcomeAction,
      multipartRequest(
        joined.location!,
        [
          ["make", "Mazda"],
          ["model", "MX-5"],
          ["year", "1990"],
          ["redirectTo", "/welcome/follow?redirectTo=%2Fevents"],
          ["photo", new Uint8Array(photo), "first.jpg", "image/jpeg"],
        ],
        { cookie: joined.cookie },
      ),
      { step: "car" },
    );
    expect(added.status).toBe(303);
    expect(added.headers.get("Location")).toBe("/welcome/follow?redirectTo=%2Fevents");
    const mine = await prisma.car.findFirstOrThrow({ where: { owner: { username: "newbie" } } });
    expect(mine.make).toBe("Mazda");
    await runDueJobs();
    expect((await prisma.car.findUniqueOrThrow({ where: { id: mine.id } })).coverPath).toMatch(/\.webp$/);

    // With a car, the first step is done.
    expect((await page("/welcome/car?redirectTo=%2Fevents", joined.cookie)).location).toBe("/welcome/follow?redirectTo=%2Fevents");

    const follow = await page("/welcome/follow?redirectTo=%2Fevents", joined.cookie);
    expect(follow.html).toContain("step 2 of 3");
    expect(follow.html).toContain("Porsche 959");
    expect(follow.html).toContain("@wellknown");
    expect(follow.html).not.toContain("Mazda MX-5");
    expect(follow.html).toMatch(/<form[^>]*action="\/api\/cars\/\d+\/follow"/);
    expect(follow.html).toContain('action="/api/users/wellknown/follow"');
    expect(follow.html).toContain('href="/search"');
    expect(skipOf(follow.html)).toBe("/welcome/post?redirectTo=%2Fevents");

    const post = await page("/welcome/post?redirectTo=%2Fevents", joined.cookie);
    expect(post.html).toContain("step 3 of 3");
    expect(post.html).toContain('href="/post/new"');
    expect(skipOf(post.html)).toBe("/events");
  });

  it("keep the end of the path on this site, and know only their three steps", async () => {
    const joined = await signUpByForm("wanderer", "/");
    expect(joined.location).toBe("/welcome/car");
    const hostile = await page("/welcome/post?redirectTo=%2F%2Fevil.example", joined.cookie);
    const skip = skipOf(hostile.html);
    expect(skip).toMatch(/^\/(?!\/)/);
    expect(skip).not.toContain("evil");
    expect((await page("/welcome/nowhere", joined.cookie)).status).toBe(404);
  });

  it("go on after e-mail verification for a member who has no car yet", async () => {
    const joined = await signUpByForm("verifier", "/");
    const [mail] = await waitForMails(process.env.MAIL_OUTBOX_DIR!, { to: "verifier@example.com", subject: "Confirm your email address" });
    const token = linkTo(mail, "/verify-email").searchParams.get("token")!;
    const answer = (await verifyAction(args(formRequest("/verify-email", { token })))) as unknown as { data: { ok: boolean; next: string } };
    expect(answer.data).toMatchObject({ ok: true, next: "/welcome/car" });
    expect(joined.status).toBe(303);
  });
});

describe("the Post buttons", () => {
  it("send a member with no car to add one first and then to the upload form", async () => {
    const joined = await signUpByForm("carless", "/");
    const first = await page("/post/new", joined.cookie);
    expect(first.location).toBe("/my-cars/new?redirectTo=%2Fupload");
    const form = await page(first.location!, joined.cookie);
    expect(form.html).toContain('name="redirectTo" value="/upload"');

    const withCar = await page("/post/new", known.cookie);
    expect(withCar.location).toBe("/upload");
  });
});
