// A new member's first steps with JavaScript. On a phone (390x844) the sign-up sheet closes
// after success and the welcome steps begin: the first car with its photo, then follows,
// then the first post, whose button now leads to the upload form. On a desktop (1440x900)
// the sign-up page leads to the same steps.
import sharp from "sharp";
import { expect, test } from "./fixtures";
import { uniqueName } from "../support/browser";

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("sign up on a phone, add a first car with its photo, skip the follows and reach the upload form", async ({ page }) => {
    await page.goto("/?login=signup");
    const sheet = page.getByRole("dialog");
    await expect(sheet.getByRole("heading", { name: "Sign Up" })).toBeVisible();
    const name = uniqueName("phone");
    await sheet.getByLabel("Username").fill(name);
    await sheet.getByLabel("Email").fill(`${name}@example.com`);
    await sheet.getByLabel("Password", { exact: true }).fill("password123");
    await sheet.getByLabel("Confirm Password").fill("password123");
    await sheet.getByRole("button", { name: "Sign Up" }).click();

    // The sheet does not stay open with the filled form: it closes and the first step opens.
    await expect(page).toHaveURL(/\/welcome\/car$/, { timeout: 10_000 });
    await expect(sheet).toBeHidden();
    await expect(page.getByLabel("Username")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Add your first car" })).toBeVisible();
    await expect(page.getByText("Welcome · step 1 of 3")).toBeVisible();

    await page.getByLabel("Make").fill("Honda");
    await page.getByRole("textbox", { name: "Model", exact: true }).fill("S2000");
    await page.getByLabel("Year").fill("2004");
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#d22" } })
      .jpeg()
      .toBuffer();
    await page.getByLabel("Upload a photo").setInputFiles({ name: "s2000.jpg", mimeType: "image/jpeg", buffer: photo });
    await page.getByRole("button", { name: "Add car" }).click();

    await expect(page).toHaveURL(/\/welcome\/follow$/);
    await expect(page.getByRole("heading", { name: "Follow some cars and people" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Search" }).first()).toBeVisible();
    await page.getByTestId("welcome-skip").click();

    await expect(page).toHaveURL(/\/welcome\/post$/);
    await page.getByRole("link", { name: "Make your first post" }).click();
    // With a car, the post button leads straight to the upload form.
    await expect(page).toHaveURL(/\/upload$/);

    // The car's photo is processed in the background and becomes its face in the garage.
    await page.goto("/my-cars");
    const card = page.locator("article", { has: page.getByRole("heading", { name: "2004 Honda S2000" }) });
    await expect(async () => {
      await page.reload();
      await expect(card.locator("img[src*='.webp']")).toHaveCount(1);
    }).toPass({ timeout: 20_000 });
  });
});

test.describe("on a desktop", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("the sign-up page leads to the welcome steps, and without a car Post asks for one first", async ({ page }) => {
    await page.goto("/signup");
    const name = uniqueName("desk");
    await page.getByLabel("Username").fill(name);
    await page.getByLabel("Email").fill(`${name}@example.com`);
    await page.getByLabel("Password", { exact: true }).fill("password123");
    await page.getByLabel("Confirm Password").fill("password123");
    await page.getByRole("main").getByRole("button", { name: "Sign Up" }).click();

    await expect(page).toHaveURL(/\/welcome\/car$/, { timeout: 10_000 });
    await expect(page.getByText("Welcome · step 1 of 3")).toBeVisible();

    // Still without a car, a post starts with adding one.
    await page.goto("/post/new");
    await expect(page).toHaveURL(/\/my-cars\/new\?redirectTo=%2Fupload$/);
  });
});
