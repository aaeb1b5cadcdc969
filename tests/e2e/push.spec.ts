// Push notifications in the browser: the button subscribes through the app's service worker,
// /sw.js for scope "/" (headless Chromium may not reach a real push service, so the
// subscription itself is the integration tests' part); an iPhone without the app on its home
// screen is told to add it first.
import { devices, expect, test } from "./fixtures";
import { signUpViaApi } from "../support/browser";

test.use({ serviceWorkers: "allow" });

test("turning notifications on registers the service worker for scope /", async ({ browser, pageErrors }) => {
  // A test browser's context is incognito, where Chromium has no push service and says so.
  pageErrors.allow(/does not support the Push API in incognito mode/);
  const context = await browser.newContext({ serviceWorkers: "allow" });
  await context.grantPermissions(["notifications"]);
  // The headless shell answers "denied" whatever was granted: play the member's "Allow".
  await context.addInitScript(() => {
    let permission: NotificationPermission = "default";
    Object.defineProperty(Notification, "permission", { get: () => permission });
    Notification.requestPermission = async () => (permission = "granted");
  });
  const page = await context.newPage();
  await signUpViaApi(page.request, "pusher");
  await page.goto("/profile");
  const button = page.getByTestId("push-toggle");
  await expect(button).toHaveText("Turn on notifications on this device");

  await button.click();
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration("/");
        const worker = registration?.active ?? registration?.waiting ?? registration?.installing;
        return registration && worker ? { scope: new URL(registration.scope).pathname, script: new URL(worker.scriptURL).pathname } : null;
      }),
    )
    .toEqual({ scope: "/", script: "/sw.js" });
  // Subscribed (where this Chromium has a push service) or a clear message; never stuck.
  await expect(page.getByText(/Turn off notifications on this device|could not turn on notifications/)).toBeVisible();
  await context.close();
});

test("an iPhone outside the home screen is told to add the app first", async ({ browser }) => {
  const context = await browser.newContext({ ...devices["iPhone 13"], defaultBrowserType: undefined } as Parameters<typeof browser.newContext>[0]);
  // Safari outside the home screen has no Push API.
  await context.addInitScript(() => {
    delete (window as { PushManager?: unknown }).PushManager;
  });
  const page = await context.newPage();
  await signUpViaApi(page.request, "iphone");
  await page.goto("/profile");
  await expect(page.getByTestId("push-ios-note")).toContainText("add Car Social to your Home Screen");
  await expect(page.getByTestId("push-toggle")).toHaveCount(0);
  await context.close();
});
