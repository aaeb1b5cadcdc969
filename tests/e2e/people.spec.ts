// Following, notifications and people's pages in the browser: B follows A's car and A,
// A sees the badge and the dropdown entry, the user page counts move, the follow form works
// without JavaScript, and a nickname change on /profile.
import sharp from "sharp";
import { expect, test, type APIRequestContext } from "./fixtures";
import { member, signInViaApi, signUpViaApi } from "../support/browser";
import { showcasePath, userPath } from "~/lib/paths";

async function addCar(request: APIRequestContext, car: Record<string, unknown>): Promise<number> {
  const response = await request.post("/api/cars", { data: car });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).car.id;
}

test("B follows A's car; A sees the badge and the notification in the dropdown", async ({ browser }) => {
  const a = await member(browser, "owner");
  const b = await member(browser, "fan");
  const carId = await addCar(a.page.request, { make: "Nissan", model: "Skyline", year: 1999, trim: "GT-R" });

  // Follow through the showcase page when it has a follow button, else through the API.
  const showcase = await b.page.goto(showcasePath(carId));
  const followButton = b.page.getByRole("button", { name: /^Follow\b/ }).first();
  if (showcase?.ok() && (await followButton.isVisible().catch(() => false))) {
    // The button turns at once; the server's answer comes after.
    const followed = b.page.waitForResponse((response) => response.url().includes(`/api/cars/${carId}/follow`) && response.request().method() === "POST");
    await followButton.click();
    await expect(b.page.getByRole("button", { name: /^Following\b/ }).first()).toBeVisible();
    await followed;
  } else {
    const response = await b.page.request.post(`/api/cars/${carId}/follow`, { data: {} });
    expect(await response.json()).toEqual({ following: true });
  }
  const state = await b.page.request.get(`/api/cars/${carId}/follow`);
  expect(await state.json()).toEqual({ following: true });
  expect(await (await b.page.request.get(`/api/cars/${carId}/followers`)).json()).toEqual({ count: 1 });

  await a.page.goto("/");
  const badge = a.page.getByTestId("notification-badge");
  // The badge shows the count; text browsers and screen readers also get the word "unread".
  await expect(badge).toHaveText("1 unread");
  await a.page.getByRole("button", { name: /^Notifications/ }).click();
  const entry = a.page.getByRole("link", { name: new RegExp(`${b.user.username} followed your Skyline GT-R`) });
  await expect(entry).toBeVisible();

  // An outside click closes the dropdown; marking all as read clears the badge.
  await a.page.mouse.click(5, 400);
  await expect(entry).toBeHidden();
  await a.page.getByRole("button", { name: /^Notifications/ }).click();
  // The badge clears at once; the server's answer comes after.
  const markedAll = a.page.waitForResponse((response) => response.url().includes("/api/notifications/read-all") && response.request().method() === "POST");
  await a.page.getByRole("button", { name: "Mark all as read" }).click();
  await expect(badge).toBeHidden();
  await markedAll;
  const feed = await (await a.page.request.get("/api/notifications")).json();
  expect(feed.unread_count).toBe(0);
  expect(feed.notifications[0]).toMatchObject({ type: "car_follow", related_user_username: b.user.username });
});

test("following a person on their page updates the counts, with the star and 'Following'", async ({ browser }) => {
  const a = await member(browser, "pagea");
  const b = await member(browser, "pageb");
  await addCar(a.page.request, { make: "Porsche", model: "911", year: 2022, trim: "GT3", nickname: "Silver Arrow" });

  await b.page.goto(userPath(a.user.username));
  await expect(b.page.getByRole("heading", { level: 1, name: a.user.username })).toBeVisible();
  await expect(b.page.getByRole("link", { name: /Silver Arrow/ })).toHaveAttribute("href", /\/showcase\/\d+$/);
  await expect(b.page.getByRole("link", { name: "Message", exact: true })).toHaveAttribute("href", `/messages?to=${a.user.username}`);
  await expect(b.page.getByTestId("count-followers")).toHaveText("0");

  await b.page.getByRole("button", { name: `Follow @${a.user.username}` }).click();
  await expect(b.page.getByRole("button", { name: `Following @${a.user.username}` })).toBeVisible();
  await expect(b.page.getByTestId("follow-star")).toBeVisible();
  await expect(b.page.getByTestId("follow-star")).toBeHidden({ timeout: 4000 });
  await expect(b.page.getByTestId("count-followers")).toHaveText("1");

  await b.page.reload();
  await expect(b.page.getByTestId("count-followers")).toHaveText("1");
  await b.page.goto(userPath(b.user.username));
  await expect(b.page.getByTestId("count-following")).toHaveText("1");
  await expect(b.page.getByRole("link", { name: "Edit profile" })).toBeVisible();

  // A sees who followed them.
  await a.page.goto(userPath(a.user.username));
  await a.page.getByRole("button", { name: /^Notifications/ }).click();
  await expect(a.page.getByRole("link", { name: new RegExp(`${b.user.username} started following you`) })).toBeVisible();
});

test("an unknown user gets a 404 page", async ({ page }) => {
  const response = await page.goto("/user/no_such_driver_here");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "User not found" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test("the follow button is a form that posts and comes back; visitors get the login link", async ({ browser }) => {
    const a = await member(browser, "nojsa");
    const b = await member(browser, "nojsb", false);

    await b.page.goto(userPath(a.user.username));
    await b.page.getByRole("button", { name: `Follow @${a.user.username}` }).click();
    await expect(b.page).toHaveURL(new RegExp(`${userPath(a.user.username)}$`));
    await expect(b.page.getByRole("button", { name: `Following @${a.user.username}` })).toBeVisible();
    await expect(b.page.getByTestId("count-followers")).toHaveText("1");

    const visitor = await browser.newContext({ javaScriptEnabled: false });
    const page = await visitor.newPage();
    await page.goto(userPath(a.user.username));
    await expect(page.getByRole("link", { name: `Follow @${a.user.username}` })).toHaveAttribute("href", `/login?redirectTo=%2Fuser%2F${a.user.username}`);
  });

  test("the profile forms post and come back", async ({ browser }) => {
    const a = await member(browser, "nojsnick", false);
    await a.page.goto("/profile");
    await a.page.getByLabel("Nickname").fill("Offline Olly");
    await a.page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(a.page).toHaveURL(/\/profile$/);
    await expect(a.page.getByTestId("profile-name")).toHaveText("Offline Olly");
    await a.page.getByRole("button", { name: "Upload" }).click();
    await expect(a.page.getByRole("alert").filter({ hasText: "Choose an image to upload" })).toBeVisible();
  });

  test("the bell is a link to /notifications", async ({ browser }) => {
    const a = await member(browser, "nojsbell", false);
    await a.page.goto("/");
    await expect(a.page.getByRole("link", { name: /^Notifications/ }).first()).toHaveAttribute("href", "/notifications");
  });
});

test("changing the nickname on /profile", async ({ page }) => {
  const user = await signUpViaApi(page.request, "nick");
  await signInViaApi(page, user);
  await page.goto("/profile");
  await expect(page.getByTestId("profile-name")).toHaveText(user.username);

  const nickname = page.getByLabel("Nickname");
  await nickname.fill("Midnight Racer");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("profile-name")).toHaveText("Midnight Racer");
  await expect(page.getByText("Nickname saved")).toBeVisible();

  await page.goto(userPath(user.username));
  await expect(page.getByRole("heading", { level: 1, name: "Midnight Racer" })).toBeVisible();

  // The Grams setting survives a reload.
  await page.goto("/profile");
  const setting = page.getByRole("switch", { name: /Show all posts in Grams/ });
  await expect(setting).not.toBeChecked();
  await setting.check({ force: true });
  await page.getByRole("button", { name: "Save setting" }).click();
  await expect(page.getByText("Grams setting saved")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("switch", { name: /Show all posts in Grams/ })).toBeChecked();
});

test("uploading a profile photo shows it on /profile and the user page", async ({ page }) => {
  const { default: sharp } = await import("sharp");
  const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 30, g: 120, b: 220 } } })
    .png()
    .toBuffer();
  const user = await signUpViaApi(page.request, "photo");
  await signInViaApi(page, user);
  await page.goto("/profile");
  await page.locator('input[type="file"][name="profile_image"]').setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
  await expect(page.getByText("me.png")).toBeVisible();
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByText("Profile photo updated")).toBeVisible();
  const avatar = page.locator(".profile-photo__preview img");
  await expect(avatar).toHaveAttribute("src", /^\/media\/avatars\/.+\.webp$/);
  const src = await avatar.getAttribute("src");
  const image = await page.request.get(src!);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toContain("image/webp");

  await page.goto(userPath(user.username));
  await expect(page.locator(".profile-hero__avatar img")).toHaveAttribute("src", src!);

  // A file that is not an image is refused next to the field.
  await page.goto("/profile");
  await page.locator('input[type="file"][name="profile_image"]').setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("just text") });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Unsupported media type" })).toBeVisible();
});

test("following cars from a garage: one card's button, then several through the Follow Cars modal", async ({ browser }) => {
  const a = await member(browser, "garage");
  const b = await member(browser, "spotter");
  const supraId = await addCar(a.page.request, { make: "Toyota", model: "Supra", year: 1998, nickname: "Orange Crush" });
  await addCar(a.page.request, { make: "Honda", model: "NSX", year: 1991 });
  await addCar(a.page.request, { make: "Mazda", model: "RX-7", year: 1993 });
  // A post with a photo of the Supra: its picture is the car's photo until the owner picks one.
  const photo = await sharp({ create: { width: 480, height: 360, channels: 3, background: "#e65c00" } })
    .png()
    .toBuffer();
  const created = await a.page.request.post("/api/posts", {
    multipart: { story: "Orange Crush at the coast", carIds: String(supraId), "media.1": { name: "supra.png", mimeType: "image/png", buffer: photo } },
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  const postId = ((await created.json()) as { post: { id: number } }).post.id;
  await expect
    .poll(async () => ((await (await a.page.request.get(`/api/posts/${postId}`)).json()) as { post: { status: string } }).post.status, { timeout: 60_000 })
    .toBe("ready");

  await b.page.goto(userPath(a.user.username));
  const supra = b.page.getByRole("button", { name: "Follow Orange Crush" });
  await expect(supra).toContainText("0");
  await supra.click();
  await expect(b.page.getByRole("button", { name: "Following Orange Crush" })).toContainText("1");

  await b.page.getByRole("button", { name: "Follow cars" }).click();
  const dialog = b.page.getByRole("dialog", { name: "Follow Cars" });
  await expect(dialog.getByText("Select which cars you'd like to follow:")).toBeVisible();
  // Each car shows its photo beside its name, as its card does; a car without one shows none.
  const cardPhoto = await b.page.locator(".car-card", { hasText: "Orange Crush" }).locator("img").first().getAttribute("src");
  expect(cardPhoto).toBeTruthy();
  await expect(dialog.locator("label", { hasText: "Orange Crush" }).locator("img")).toHaveAttribute("src", cardPhoto!);
  await expect(dialog.locator("label", { hasText: "1991 Honda NSX" }).locator("img")).toHaveCount(0);
  const submit = dialog.getByRole("button", { name: "Follow 0 Car(s)" });
  await expect(submit).toBeDisabled();
  await dialog.getByText("1991 Honda NSX").click();
  await dialog.getByText("1993 Mazda RX-7").click();
  await dialog.getByRole("button", { name: "Follow 2 Car(s)" }).click();
  await expect(dialog).toBeHidden();
  await expect(b.page.getByRole("button", { name: "Following Honda NSX" })).toBeVisible();
  await expect(b.page.getByRole("button", { name: "Following Mazda RX-7" })).toBeVisible();

  // The owner hears about each car once.
  const feed = await (await a.page.request.get("/api/notifications")).json();
  expect(feed.notifications.map((n: { message: string }) => n.message).sort()).toEqual(
    [`${b.user.username} followed your NSX`, `${b.user.username} followed your Orange Crush`, `${b.user.username} followed your RX-7`].sort(),
  );
});

test("follow failures: 'Loading...' while busy, the failure alerts, and the state reverts", async ({ browser, pageErrors }) => {
  // The failures below are faked on purpose; the browser and the app report each one.
  pageErrors.allow(/^Failed to load resource: the server responded with a status of 500/);
  pageErrors.allow(/^Error: Follow failed \(500\)/);
  const a = await member(browser, "flaky");
  const b = await member(browser, "retry");
  await addCar(a.page.request, { make: "Subaru", model: "Impreza", year: 2004, trim: "STI" });
  await addCar(a.page.request, { make: "Mitsubishi", model: "Lancer", year: 2006, trim: "Evo IX" });
  await b.page.goto(userPath(a.user.username));

  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  // The buttons post through Remix fetchers (/api/cars/{id}/follow.data), whose answers are
  // Remix's own encoding: the held request goes on to a car that does not exist, so the
  // server itself refuses it with its 404 `{ error }`.
  await b.page.route(/\/api\/cars\/\d+\/follow(\.data)?(\?.*)?$/, async (route) => {
    await held;
    await route.continue({
      url: route
        .request()
        .url()
        .replace(/\/api\/cars\/\d+\/follow/, "/api/cars/999999999/follow"),
    });
  });

  const alerts: string[] = [];
  b.page.on("dialog", (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });

  const button = b.page.getByRole("button", { name: "Follow Subaru Impreza" });
  await button.click();
  await expect(b.page.getByRole("button", { name: /Subaru Impreza/ })).toContainText("Loading...");
  release();
  await expect.poll(() => alerts).toEqual(["Failed to update follow status. Please try again."]);
  await expect(button).toContainText("Follow");
  await expect(button).toHaveAttribute("aria-pressed", "false");

  await b.page.getByRole("button", { name: "Follow cars" }).click();
  const dialog = b.page.getByRole("dialog", { name: "Follow Cars" });
  await dialog.getByText("2004 Subaru Impreza STI").click();
  await dialog.getByRole("button", { name: "Follow 1 Car(s)" }).click();
  await expect.poll(() => alerts).toEqual(["Failed to update follow status. Please try again.", "Failed to follow some cars"]);
});
