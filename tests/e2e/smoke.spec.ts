import { expect, test } from "./fixtures";
import { signUpViaApi } from "../support/browser";

test("the home page renders with the product title", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle("car enthusiast social platform");
});

test("a member made through the API is signed in on the page", async ({ page }) => {
  const user = await signUpViaApi(page.request);
  const session = await page.request.get("/api/auth/session");
  expect(await session.json()).toMatchObject({ authenticated: true, user: { username: user.username } });
});
