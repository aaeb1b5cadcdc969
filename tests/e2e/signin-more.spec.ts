// More ways to sign in: Google (against the fake provider that scripts/e2e-server.ts
// starts), a one-time code read from the mail outbox, two-factor enrolment and the
// challenge, and signing out in one tab signing out the others.
import { mkdirSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { expect, test, waitingForHydration, type Page } from "./fixtures";
import { signUpViaApi, totp, uniqueName } from "../support/browser";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const SUFFIX = PORT === 3100 ? "" : `-${PORT}`;
const OUTBOX = path.resolve(`tests/.tmp/e2e-outbox${SUFFIX}`);
const FAKE_GOOGLE = `http://127.0.0.1:${Number(process.env.E2E_FAKE_GOOGLE_PORT ?? PORT + 20000)}`;
const SHOTS = path.resolve(`tests/.tmp/e2e-results${SUFFIX}/signin-more`);
mkdirSync(SHOTS, { recursive: true });

const dialog = (page: Page) => page.getByRole("dialog");
const welcome = (page: Page) => page.getByTestId("welcome");

async function shot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** The newest sign-in code mailed to `to`. */
async function codeMailedTo(to: string): Promise<string> {
  let code = "";
  await expect
    .poll(
      () => {
        let names: string[] = [];
        try {
          names = readdirSync(OUTBOX).filter((name) => name.endsWith(".eml"));
        } catch {
          return false;
        }
        const files = names.map((name) => path.join(OUTBOX, name)).sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
        for (const file of files) {
          const raw = readFileSync(file, "utf8");
          if (!new RegExp(`^To: ${to.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`, "mi").test(raw)) continue;
          const decoded = raw.replace(/=\r?\n/g, "");
          const match = decoded.match(/sign-in code is (\d{6})/);
          if (match) {
            code = match[1];
            return true;
          }
        }
        return false;
      },
      { timeout: 10_000, message: `a sign-in code mailed to ${to} in ${OUTBOX}` },
    )
    .toBe(true);
  return code;
}

test("Sign in with Google through the fake provider creates the account and signs in", async ({ page }) => {
  const name = uniqueName("gdriver");
  const email = `${name}@example.com`;
  const who = await fetch(`${FAKE_GOOGLE}/__user`, {
    method: "POST",
    body: JSON.stringify({ sub: `sub-${name}`, email, email_verified: true, name: "Fake Google Driver" }),
  });
  expect(who.ok).toBe(true);

  await page.goto("/events");
  await page.getByRole("link", { name: "Sign in", exact: true }).click();
  await expect(dialog(page)).toBeVisible();
  const google = dialog(page).getByRole("link", { name: "Sign in with Google" });
  await expect(google).toBeVisible();
  await shot(page, "google-button");

  await google.click();
  // Off to the provider (which approves at once) and back through the callback.
  await expect(page).toHaveURL(/\/events$/);
  await expect(welcome(page)).toContainText(name);
  await expect(page.getByText("Login Successful!", { exact: true })).toBeVisible();
  // The server-rendered page says so at once; the browser's copy is written once it hydrates.
  await expect
    .poll(() => page.evaluate(() => JSON.parse(window.localStorage.getItem("sessionUser") ?? "null")), { message: "the stored session user" })
    .toMatchObject({ username: name, email });

  // The authorize request asked for offline access and the account picker.
  const seen = (await (await fetch(`${FAKE_GOOGLE}/__requests`)).json()) as Array<Record<string, string>>;
  expect(seen.at(-1)).toMatchObject({ access_type: "offline", prompt: "select_account" });
});

test("sign in with a one-time code read from the outbox", async ({ page, request }) => {
  const user = await signUpViaApi(request, "coder");
  await page.goto("/?login");
  await dialog(page).getByRole("link", { name: "Email me a code" }).click();
  await expect(dialog(page).getByRole("button", { name: "Email me a code" })).toBeVisible();

  // Neither email nor phone; then a phone number.
  await dialog(page).getByRole("button", { name: "Email me a code" }).click();
  await expect(dialog(page).getByRole("alert")).toHaveText("You must provide either an email or phone number.");
  await dialog(page).getByLabel("Email").fill("+44 7700 900123");
  await dialog(page).getByRole("button", { name: "Email me a code" }).click();
  await expect(dialog(page).getByRole("alert")).toContainText("Codes by text message are not available");

  await dialog(page).getByLabel("Email").fill(user.email.toUpperCase());
  await dialog(page).getByRole("button", { name: "Email me a code" }).click();
  await expect(dialog(page).getByTestId("auth-success")).toContainText("6-digit sign-in code");
  await shot(page, "code-mode");

  const code = await codeMailedTo(user.email);
  await dialog(page)
    .getByLabel("6-digit code")
    .fill(code === "000000" ? "111111" : "000000");
  await dialog(page).getByRole("button", { name: "Sign In" }).click();
  await expect(dialog(page).getByRole("alert")).toContainText("not right");
  await dialog(page).getByLabel("6-digit code").fill(code);
  await dialog(page).getByRole("button", { name: "Sign In" }).click();
  await expect(welcome(page)).toContainText(user.username);
  await expect(dialog(page)).toBeHidden();
});

test("one-time code without JavaScript", async ({ browser, request }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const user = await signUpViaApi(request, "nojscode");
  await page.goto("/events?login");
  await dialog(page).getByRole("link", { name: "Email me a code" }).click();
  await dialog(page).getByLabel("Email").fill(user.email);
  await dialog(page).getByRole("button", { name: "Email me a code" }).click();
  // Without JavaScript the next step is the sign-in page, its form first.
  await expect(page).toHaveURL(/\/login\?/);
  const signIn = page.getByRole("main");
  await expect(signIn.getByText("Code sent to")).toBeVisible();
  const code = await codeMailedTo(user.email);
  await signIn.getByLabel("6-digit code").fill(code);
  await signIn.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(welcome(page)).toContainText(user.username);
  await context.close();
});

test("two-factor: enrol on /profile/security, then the challenge at sign-in", async ({ page }) => {
  test.slow();
  const user = await signUpViaApi(page.request, "twofa");
  await page.goto("/profile/security");
  await expect(page.getByTestId("two-factor-status")).toHaveText("Off");
  // Set-up asks for the password first.
  // The page also asks for a password to delete the account: this is the two-factor one.
  const twoFactor = page.getByRole("region", { name: /^Two-factor authentication/ });
  await twoFactor.getByLabel("Your password").fill("not-the-password");
  await page.getByRole("button", { name: "Set up two-factor" }).click();
  await expect(page.getByTestId("security-error")).toHaveText("That password is not right.");
  await twoFactor.getByLabel("Your password").fill(user.password);
  await page.getByRole("button", { name: "Set up two-factor" }).click();
  const key = (await page.getByTestId("manual-key").textContent())!.replace(/\s/g, "");
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  await expect(page.getByTestId("otpauth-uri")).toContainText(`otpauth://totp/`);
  await shot(page, "two-factor-enrol");

  await page.getByLabel("Enter the 6-digit code the app shows").fill(totp(key) === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Turn on two-factor" }).click();
  await expect(page.getByTestId("security-error")).toContainText("not right");
  await page.getByLabel("Enter the 6-digit code the app shows").fill(totp(key));
  await page.getByRole("button", { name: "Turn on two-factor" }).click();
  await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  await expect(page.getByTestId("two-factor-status")).toHaveText("On");
  await shot(page, "two-factor-recovery-codes");

  // Sign out, then in again with the password: the modal goes to the challenge.
  await page.getByRole("button", { name: "Log Out" }).click();
  await expect(page.getByRole("link", { name: "Sign in", exact: true })).toBeVisible();
  await page.goto("/events?login");
  await dialog(page).getByLabel("Email or username").fill(user.email);
  await dialog(page).getByLabel("Password").fill(user.password);
  await dialog(page).getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/two-factor\?redirectTo=%2Fevents$/);
  await expect(page.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();
  await expect(welcome(page)).not.toContainText(user.username); // not signed in yet
  await shot(page, "two-factor-challenge");

  await page.getByLabel("Authentication code").fill("000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByTestId("auth-error")).toContainText("not right");
  // The next step's code (the current one was spent turning two-factor on).
  await page.getByLabel("Authentication code").fill(totp(key, Date.now() + 30_000));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(welcome(page)).toContainText(user.username);
});

test("signing in and out in one tab shows in the other", async ({ context }) => {
  const first = waitingForHydration(await context.newPage());
  const second = waitingForHydration(await context.newPage());
  await first.goto("/");
  await second.goto("/");
  await expect(second.getByTestId("auth-status")).toHaveAttribute("data-status", "unauthenticated");

  // Signed in (cookie) and the first tab reloaded: it stores the session user, the second notices.
  const user = await signUpViaApi(context.request, "tabs");
  await first.reload();
  await expect(welcome(first)).toContainText(user.username);
  await expect(welcome(second)).toContainText(user.username);
  await expect(second.getByTestId("auth-status")).toHaveAttribute("data-status", "authenticated");

  // Log Out in the first tab signs the second out without a reload.
  await first.getByRole("button", { name: "Log Out" }).click();
  await expect(first.getByRole("link", { name: "Sign in", exact: true })).toBeVisible();
  await expect(welcome(second)).not.toContainText(user.username);
  await expect(second.getByRole("link", { name: "Sign in", exact: true })).toBeVisible();
  await expect(second.getByTestId("auth-status")).toHaveAttribute("data-status", "unauthenticated");
  expect(await second.evaluate(() => window.localStorage.getItem("sessionUser"))).toBeNull();
});

test("sign out of other devices from /profile/security", async ({ browser }) => {
  const phone = await browser.newContext();
  const laptop = await browser.newContext();
  const user = await signUpViaApi(laptop.request, "devices");
  const signIn = await phone.request.post("/api/auth/login", { data: { email: user.email, password: user.password } });
  expect(signIn.ok()).toBe(true);

  const page = await laptop.newPage();
  await page.goto("/profile/security");
  await expect(page.getByText("You are also signed in on 1 other device.")).toBeVisible();
  await page.getByRole("button", { name: "Sign out of other devices" }).click();
  await expect(page.getByText("Signed out of 1 other device.")).toBeVisible();
  await expect(page.getByText("You are signed in on this device only.")).toBeVisible();

  const phoneSession = await (await phone.request.get("/api/auth/session")).json();
  expect(phoneSession.authenticated).toBe(false);
  await phone.close();
  await laptop.close();
});
