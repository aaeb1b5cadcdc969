// The login modal (Sign In, Sign Up, Reset Password), with and without JavaScript, and a
// password reset read from the server's mail outbox.
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "./fixtures";
import { fetcherActionBody, signUpViaApi, uniqueName } from "../support/browser";

// The server's MAIL_OUTBOX_DIR: scripts/e2e-server.ts sets tests/.tmp/e2e-outbox, with the
// port appended when E2E_PORT is not the default 3100.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const OUTBOX = path.resolve(process.env.MAIL_OUTBOX_DIR ?? `tests/.tmp/e2e-outbox${PORT === 3100 ? "" : `-${PORT}`}`);

const dialog = (page: Page) => page.getByRole("dialog");
const welcome = (page: Page) => page.getByTestId("welcome");

/** The newest message in the outbox addressed to `to` (with `subject`, when given), as raw text. */
async function newestMailTo(to: string, subject?: string): Promise<string> {
  let found: string | null = null;
  await expect
    .poll(
      () => {
        const files = (() => {
          try {
            return readdirSync(OUTBOX).filter((name) => name.endsWith(".eml"));
          } catch {
            return [];
          }
        })()
          .map((name) => path.join(OUTBOX, name))
          .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
        for (const file of files) {
          const text = readFileSync(file, "utf8");
          if (subject && !text.includes(`\nSubject: ${subject}\n`)) continue;
          if (new RegExp(`^To: ${to.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`, "mi").test(text)) {
            found = text;
            return true;
          }
        }
        return false;
      },
      { timeout: 10_000, message: `an email to ${to} in ${OUTBOX}` },
    )
    .toBe(true);
  return found!;
}

/** The link to `pathname` in a raw message (the text part may be quoted-printable). */
function linkOf(eml: string, pathname: string): string {
  const decoded = eml.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const match = decoded.match(new RegExp(`https?://[^\\s"<>]+${pathname}\\?token=[A-Za-z0-9_-]+`));
  if (!match) throw new Error(`no ${pathname} link in the email:\n${eml}`);
  return match[0];
}

const resetLinkOf = (eml: string) => linkOf(eml, "/reset-password");

async function storedSessionUser(page: Page) {
  return page.evaluate(() => JSON.parse(window.localStorage.getItem("sessionUser") ?? "null"));
}

test.describe("with JavaScript", () => {
  test("sign up through the modal, see the name in the header, then sign out", async ({ page }) => {
    test.slow(); // many steps, each waiting on bcrypt
    const username = uniqueName("signup");
    await page.goto("/");
    await page.getByRole("link", { name: "Sign in", exact: true }).click();
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page).getByRole("heading", { name: "Sign In" })).toBeVisible();

    await dialog(page).getByRole("link", { name: "Sign Up" }).click();
    await expect(dialog(page).getByRole("heading", { name: "Sign Up" })).toBeVisible();

    // Field errors from the shared schema.
    await dialog(page).getByLabel("Username").fill(username.toUpperCase());
    await dialog(page).getByLabel("Email").fill(`${username}@Example.com`);
    await dialog(page).getByLabel("Password", { exact: true }).fill("12345");
    await dialog(page).getByLabel("Confirm Password").fill("12345");
    await dialog(page).getByRole("button", { name: "Sign Up" }).click();
    await expect(dialog(page).getByText("Password must be at least 6 characters")).toBeVisible();

    await dialog(page).getByLabel("Password", { exact: true }).fill("password123");
    await dialog(page).getByLabel("Confirm Password").fill("password124");
    await dialog(page).getByRole("button", { name: "Sign Up" }).click();
    await expect(dialog(page).getByText("Passwords do not match")).toBeVisible();

    await dialog(page).getByLabel("Confirm Password").fill("password123");
    await dialog(page).getByRole("button", { name: "Sign Up" }).click();
    await expect(dialog(page).getByTestId("auth-success")).toContainText(username);
    await expect(dialog(page)).toBeHidden({ timeout: 5_000 });
    // A new member starts with the welcome steps: their first car.
    await expect(page).toHaveURL(/\/welcome\/car$/);
    await expect(welcome(page)).toContainText(username);
    expect(await storedSessionUser(page)).toMatchObject({ username, email: `${username}@example.com` });

    // Sign-out from the sidebar goes to / signed out.
    await page.getByRole("button", { name: "Log Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(welcome(page)).not.toContainText(username);
    await expect(page.getByRole("link", { name: "Sign in", exact: true })).toBeVisible();
    expect(await storedSessionUser(page)).toBeNull();
  });

  test("sign in by username in a different case; the modal closes and the page stays", async ({ page, request }) => {
    const user = await signUpViaApi(request, "caser");
    await page.goto("/events?login");
    await expect(dialog(page).getByRole("heading", { name: "Sign In" })).toBeVisible();
    await dialog(page).getByLabel("Email or username").fill(user.username.toUpperCase());
    await dialog(page).getByLabel("Password").fill(user.password);
    await dialog(page).getByRole("button", { name: "Sign In" }).click();
    await expect(dialog(page).getByText("Login successful!")).toBeVisible();
    await expect(page.getByText("Login Successful!", { exact: true })).toBeVisible();
    await expect(dialog(page)).toBeHidden();
    await expect(page).toHaveURL(/\/events$/);
    await expect(welcome(page)).toContainText(user.username);
    const stored = await storedSessionUser(page);
    expect(stored).toMatchObject({ id: user.id, username: user.username, email: user.email });
    expect(Date.parse(stored.loginTime)).not.toBeNaN();
  });

  test("wrong passwords and unknown names show the server's message; switching mode clears the form", async ({ page, request }) => {
    test.slow(); // many steps, each waiting on bcrypt
    const user = await signUpViaApi(request, "oops");
    await page.goto("/?login");
    await dialog(page).getByLabel("Email or username").fill(user.username);
    await dialog(page).getByLabel("Password").fill("not-the-password");
    await dialog(page).getByRole("button", { name: "Sign In" }).click();
    await expect(dialog(page).getByRole("alert")).toHaveText("Invalid email/username or password. Please try again.");

    await dialog(page).getByLabel("Email or username").fill("nobody_by_that_name");
    await dialog(page).getByRole("button", { name: "Sign In" }).click();
    await expect(dialog(page).getByRole("alert")).toHaveText("Username not found. Please try using your email address.");

    await dialog(page).getByRole("link", { name: "Sign Up" }).click();
    await expect(dialog(page).getByRole("alert")).toHaveCount(0);
    await dialog(page).getByRole("link", { name: "Sign In" }).click();
    await expect(dialog(page).getByLabel("Email or username")).toHaveValue("");
    await expect(dialog(page).getByLabel("Password")).toHaveValue("");

    // A taken name comes back from the server into the error area.
    await dialog(page).getByRole("link", { name: "Sign Up" }).click();
    await dialog(page).getByLabel("Username").fill(user.username);
    await dialog(page)
      .getByLabel("Email")
      .fill(`${uniqueName("other")}@example.com`);
    await dialog(page).getByLabel("Password", { exact: true }).fill("password123");
    await dialog(page).getByLabel("Confirm Password").fill("password123");
    await dialog(page).getByRole("button", { name: "Sign Up" }).click();
    await expect(dialog(page).getByRole("alert")).toHaveText("Username already taken. Please choose another one.");

    // Closing removes the modal's parameters from the URL.
    await dialog(page).getByRole("link", { name: "Close" }).click();
    await expect(dialog(page)).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
  });

  test("a link that needs a user opens the modal, shows Loading... and goes on after sign-in", async ({ page, request }) => {
    const user = await signUpViaApi(request, "gated");
    await page.goto("/events");
    // Slow the answer down a little to see the pending state.
    await page.route("**/api/auth/login.data", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    await expect(async () => {
      await page.getByRole("link", { name: "Messages" }).first().click();
      await expect(dialog(page)).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await dialog(page).getByLabel("Email or username").fill(user.email);
    await dialog(page).getByLabel("Password").fill(user.password);
    await dialog(page).getByRole("button", { name: "Sign In" }).click();
    await expect(dialog(page).getByRole("button", { name: "Loading..." })).toBeDisabled();
    await expect(page).toHaveURL(/\/messages$/);
    await expect(welcome(page)).toContainText(user.username);
  });

  test("server failures show the fixed fallback messages", async ({ page, pageErrors }) => {
    test.slow(); // many steps, each waiting on bcrypt
    // The failures below are faked on purpose; the browser reports each one.
    pageErrors.allow(/^Failed to load resource: (the server responded with a status of (500|429)|net::ERR_FAILED)/);
    // Remix logs an answer it cannot read (the faked bodies are not its encoding).
    pageErrors.allow(/^SyntaxError/);
    await page.route("**/api/auth/login.data", (route) => route.fulfill({ status: 500, body: "" }));
    await page.route("**/api/auth/register.data", (route) => route.abort("failed"));
    await page.route("**/api/auth/reset-password.data", (route) => route.fulfill({ status: 500, body: "oops" }));
    await page.goto("/?login");
    await dialog(page).getByLabel("Email or username").fill("someone");
    await dialog(page).getByLabel("Password").fill("password123");
    await dialog(page).getByRole("button", { name: "Sign In" }).click();
    await expect(dialog(page).getByRole("alert")).toHaveText("Login failed");

    await page.unroute("**/api/auth/login.data");
    const tooMany = await fetcherActionBody({ error: "Too many attempts. Please try again in 60 seconds." }, 429);
    await page.route("**/api/auth/login.data", (route) => route.fulfill({ ...tooMany, headers: { "Retry-After": "60" } }));
    await dialog(page).getByRole("button", { name: "Sign In" }).click();
    await expect(dialog(page).getByRole("alert")).toHaveText("Too many attempts. Please try again in 60 seconds.");

    await dialog(page).getByRole("link", { name: "Sign Up" }).click();
    await dialog(page).getByLabel("Username").fill(uniqueName("net"));
    await dialog(page)
      .getByLabel("Email")
      .fill(`${uniqueName("net")}@example.com`);
    await dialog(page).getByLabel("Password", { exact: true }).fill("password123");
    await dialog(page).getByLabel("Confirm Password").fill("password123");
    await dialog(page).getByRole("button", { name: "Sign Up" }).click();
    await expect(dialog(page).getByRole("alert")).toHaveText("An unexpected error occurred during registration.");

    await page.unroute("**/api/auth/register.data");
    await page.route("**/api/auth/register.data", (route) => route.fulfill({ status: 500, body: "" }));
    await dialog(page).getByRole("button", { name: "Sign Up" }).click();
    await expect(dialog(page).getByRole("alert")).toHaveText("Registration failed");

    await dialog(page).getByRole("link", { name: "Sign In" }).click();
    await dialog(page).getByRole("link", { name: "Forgot Password?" }).click();
    await dialog(page).getByLabel("Email or username").fill("someone");
    await dialog(page).getByRole("button", { name: "Send Reset Link" }).click();
    await expect(dialog(page).getByRole("alert")).toHaveText("Failed to send reset email");
  });

  test("the global 'show login' event opens the modal in the asked mode", async ({ page }) => {
    await page.goto("/events");
    // Dispatched until the page has hydrated and the modal listens.
    await expect(async () => {
      await page.evaluate(() => window.dispatchEvent(new CustomEvent("show-login", { detail: { mode: "signup" } })));
      await expect(dialog(page).getByRole("heading", { name: "Sign Up" })).toBeVisible({ timeout: 500 });
    }).toPass();
    await page.keyboard.press("Escape");
    await expect(dialog(page)).toBeHidden();
  });

  test("password reset: the link from the outbox sets a new password and signs in", async ({ page, request }) => {
    test.slow(); // many steps, each waiting on bcrypt
    const user = await signUpViaApi(request, "forgot");
    await page.goto("/?login");
    await dialog(page).getByRole("link", { name: "Forgot Password?" }).click();
    await expect(dialog(page).getByRole("heading", { name: "Reset Password" })).toBeVisible();

    await dialog(page).getByRole("button", { name: "Send Reset Link" }).click();
    await expect(dialog(page).getByRole("alert")).toHaveText("Please enter your email or username");

    await dialog(page).getByLabel("Email or username").fill(user.username.toUpperCase());
    await dialog(page).getByRole("button", { name: "Send Reset Link" }).click();
    await expect(dialog(page).getByRole("status")).toHaveText("If an account matches, we've sent a reset link to its email.");

    // The client cooldown (60 s, though its message counts minutes).
    await dialog(page).getByRole("button", { name: "Send Reset Link" }).click();
    await expect(dialog(page).getByRole("alert")).toHaveText("Please wait 1 minutes before requesting another password reset");

    await dialog(page).getByRole("link", { name: "Back to Sign In" }).click();
    await expect(dialog(page).getByRole("heading", { name: "Sign In" })).toBeVisible();

    const link = new URL(resetLinkOf(await newestMailTo(user.email, "Reset your password")));
    await page.goto(link.pathname + link.search);
    await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
    await page.getByLabel("New password", { exact: true }).fill("brand-new-1");
    await page.getByLabel("Confirm new password").fill("brand-new-2");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByText("Passwords do not match")).toBeVisible();
    await page.getByLabel("Confirm new password").fill("brand-new-1");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(welcome(page)).toContainText(user.username);

    // The link works once.
    await page.goto(link.pathname + link.search);
    await expect(page.getByRole("heading", { name: "Reset link not valid" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Request a new link" })).toHaveAttribute("href", "/reset-password");

    // Signed out, the new password signs in.
    await page.context().clearCookies();
    await page.goto("/?login");
    await dialog(page).getByLabel("Email or username").fill(user.email);
    await dialog(page).getByLabel("Password").fill("brand-new-1");
    await dialog(page).getByRole("button", { name: "Sign In" }).click();
    await expect(welcome(page)).toContainText(user.username);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("sign in from /events?login lands back on /events signed in", async ({ page, request }) => {
    const user = await signUpViaApi(request, "nojs");
    await page.goto("/events?login");
    await expect(dialog(page).getByRole("heading", { name: "Sign In" })).toBeVisible();
    await dialog(page).getByLabel("Email or username").fill(user.username);
    await dialog(page).getByLabel("Password").fill(user.password);
    await dialog(page).getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/events$/);
    await expect(welcome(page)).toContainText(user.username);
    await expect(dialog(page)).toHaveCount(0);
  });

  test("a failed sign-in goes to the Sign In page with the error, keeping the email, never the password", async ({ page, request }) => {
    const user = await signUpViaApi(request, "nojsfail");
    await page.goto("/events?login");
    await dialog(page).getByLabel("Email or username").fill(user.email);
    await dialog(page).getByLabel("Password").fill("wrong-password");
    await dialog(page).getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fevents$/);
    const main = page.getByRole("main");
    await expect(main.getByRole("alert")).toHaveText("Invalid email/username or password. Please try again.");
    await expect(main.getByLabel("Email or username")).toHaveValue(user.email);
    await expect(main.getByLabel("Password")).toHaveValue("");
    // Right this time: back on /events, signed in.
    await main.getByLabel("Password").fill(user.password);
    await main.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/events$/);
    await expect(welcome(page)).toContainText(user.username);
  });

  test("the modal's close link is a plain link; its mode links lead to the sign-in pages", async ({ page }) => {
    await page.goto("/events?login");
    await dialog(page).getByRole("link", { name: "Close" }).click();
    await expect(page).toHaveURL(/\/events$/);
    await expect(dialog(page)).toHaveCount(0);

    await page.goto("/events?login");
    await dialog(page).getByRole("link", { name: "Sign Up" }).click();
    await expect(page).toHaveURL(/\/signup\?redirectTo=%2Fevents$/);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "Sign Up" })).toBeVisible();
    await main.getByRole("link", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fevents$/);
    await main.getByRole("link", { name: "Forgot Password?" }).click();
    await expect(page).toHaveURL(/\/reset-password\?redirectTo=%2Fevents$/);
    await expect(main.getByRole("heading", { level: 1, name: "Reset Password" })).toBeVisible();
    await main.getByLabel("Email or username").fill(uniqueName("nobody"));
    await main.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page).toHaveURL(/\/reset-password\?redirectTo=%2Fevents&resetStatus=sent$/);
    await expect(main.getByRole("status")).toHaveText("If an account matches, we've sent a reset link to its email.");
  });

  test("Sign in in the header leads to /login, form first, and back to the page after", async ({ page, request }) => {
    const user = await signUpViaApi(request, "nojspage");
    await page.goto("/events");
    await page.getByRole("banner").getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fevents$/);
    await expect(page).toHaveTitle(/^Sign In · /);
    // The form comes first: the first text field in the document is the sign-in one.
    await expect(page.locator("main form").first()).toHaveAttribute("action", "/api/auth/login");
    await expect(dialog(page)).toHaveCount(0);
    const main = page.getByRole("main");
    await main.getByLabel("Email or username").fill(user.username);
    await main.getByLabel("Password").fill(user.password);
    await main.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/events$/);
    await expect(welcome(page)).toContainText(user.username);
    // Signed in, /login goes straight on.
    await page.goto("/login?redirectTo=%2Fsearch");
    await expect(page).toHaveURL(/\/search$/);
  });

  test("Sign Up and Reset Password are pages too; /reset-password without a token asks for the email", async ({ page }) => {
    await page.goto("/signup?redirectTo=%2Fevents");
    await expect(page).toHaveTitle(/^Sign Up · /);
    const main = page.getByRole("main");
    const name = uniqueName("pagejoin");
    await main.getByLabel("Username").fill(name);
    await main.getByLabel("Email").fill(`${name}@example.com`);
    await main.getByLabel("Password", { exact: true }).fill("secret-123");
    await main.getByLabel("Confirm Password").fill("secret-123");
    await main.getByRole("button", { name: "Sign Up" }).click();
    // The welcome steps come first; they end at redirectTo.
    await expect(page).toHaveURL(/\/welcome\/car\?redirectTo=%2Fevents$/);
    await expect(welcome(page)).toContainText(name);

    await page.context().clearCookies();
    await page.goto("/reset-password");
    await expect(page).toHaveTitle(/^Reset Password · /);
    await expect(main.getByRole("heading", { level: 1, name: "Reset Password" })).toBeVisible();
    await expect(main.getByRole("button", { name: "Send Reset Link" })).toBeVisible();
  });
});

test("email verification: the profile shows the status and resends the link; the link works once, without JavaScript", async ({ page, browser }) => {
  test.slow(); // bcrypt and several mails
  const user = await signUpViaApi(page.request, "verifier");
  await page.goto("/profile");
  await expect(page.getByTestId("email-status")).toHaveText("Email not verified");
  await page.getByRole("button", { name: "Send the link again" }).click();
  await expect(page.getByText("We've sent a new verification link. It works once, within 24 hours.").first()).toBeVisible();

  const link = new URL(linkOf(await newestMailTo(user.email, "Confirm your email address"), "/verify-email"));
  const context = await browser.newContext({ javaScriptEnabled: false });
  const plain = await context.newPage();
  await plain.goto(link.pathname + link.search);
  await expect(plain.getByRole("heading", { name: "Confirm your email address" })).toBeVisible();
  await expect(plain.getByText(`@${user.username}`)).toBeVisible();
  await plain.getByRole("button", { name: "Confirm my email address" }).click();
  await expect(plain.getByRole("heading", { name: "Email address verified" })).toBeVisible();
  await expect(plain.getByTestId("verify-message")).toHaveText("Your email address is verified.");

  await plain.goto(link.pathname + link.search);
  await expect(plain.getByRole("heading", { name: "Link already used" })).toBeVisible();
  await plain.goto("/verify-email?token=not-a-real-token");
  await expect(plain.getByRole("heading", { name: "Link not valid" })).toBeVisible();
  await context.close();

  await page.reload();
  await expect(page.getByTestId("email-status")).toHaveText("Email verified");
  await expect(page.getByRole("button", { name: "Send the link again" })).toHaveCount(0);
});
