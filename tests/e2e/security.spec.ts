// Security headers in a real browser (issue 9): every document has a nonce-based CSP that
// its own inline scripts satisfy (Remix's hydration data, scroll restoration), pages hydrate
// and work with no CSP violation, an injected script does not run, and stored media are
// served sandboxed.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { DEMO, signInViaApi } from "../support/browser";
import { postPath, userPath } from "~/lib/paths";

/** Records every CSP violation the page reports, from before its first script runs. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) fromConsole.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  return async () => {
    const inPage = await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []).catch(() => []);
    return [...inPage, ...fromConsole];
  };
}

function cspOf(headers: Record<string, string>): Map<string, string> {
  const csp = headers["content-security-policy"] ?? "";
  return new Map(
    csp
      .split(";")
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...values] = part.split(/\s+/);
        return [name, values.join(" ")] as [string, string];
      }),
  );
}

test("documents carry a fresh nonce that every inline script has, and the other headers", async ({ request }) => {
  const first = await request.get("/");
  const second = await request.get("/");
  const policy = cspOf(first.headers());
  const script = policy.get("script-src") ?? "";
  const nonce = /'nonce-([^']+)'/.exec(script)?.[1];
  expect(nonce, script).toBeTruthy();
  expect(script).not.toContain("unsafe-inline");
  expect(script).not.toContain("unsafe-eval");
  expect(cspOf(second.headers()).get("script-src")).not.toContain(nonce);
  expect(policy.get("frame-ancestors")).toBe("'self'");
  expect(policy.get("object-src")).toBe("'none'");

  const html = await first.text();
  const scripts = [...html.matchAll(/<script\b[^>]*>/gi)].map((match) => match[0]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) {
    if (/\ssrc=/.test(tag)) continue; // our own files: 'self'
    expect(tag).toContain(`nonce="${nonce}"`);
  }

  const headers = first.headers();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  // Set by entry.server, so the server adds no second copy.
  expect(first.headersArray().filter((entry) => entry.name.toLowerCase() === "x-content-type-options")).toHaveLength(1);
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"]).toContain("camera=()");
  expect(headers["x-frame-options"]).toBe("SAMEORIGIN");
  // Plain HTTP here: no HSTS.
  expect(headers["strict-transport-security"]).toBeUndefined();
});

test("visitor pages hydrate with no CSP violation, and an injected script does not run", async ({ page, request, pageErrors }) => {
  // The injected script is refused on purpose; the browser reports the refusal.
  pageErrors.allow(/^Executing inline script violates the following Content Security Policy directive/);
  test.slow(); // many page loads
  const violations = await watchViolations(page);
  const feed = await (await request.get("/api/feed?limit=5")).json();
  const post = feed.posts[0];
  for (const path of ["/", "/search?q=porsche", "/events", postPath(post.id), userPath(post.creator.username), "/reset-password"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBeLessThan(500);
    await expect(page.locator("html"), path).toHaveAttribute("data-hydrated", "true");
  }
  // The login modal (a dialog with its own styles and scroll lock) opens and works.
  await page.goto("/?login=signin");
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(await violations()).toEqual([]);

  // A script without the nonce is refused, and the refusal is reported.
  const ran = await page.evaluate(async () => {
    const script = document.createElement("script");
    script.textContent = "window.__injected = true";
    document.body.append(script);
    await new Promise((resolve) => setTimeout(resolve, 100));
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
  expect((await violations()).some((text) => text.startsWith("script-src"))).toBe(true);
});

test("member and admin pages hydrate with no CSP violation", async ({ page }) => {
  test.slow(); // many page loads
  const violations = await watchViolations(page);
  await signInViaApi(page, DEMO.admin);
  for (const path of ["/my-cars", "/my-cars/new", "/profile", "/profile/security", "/profile/saved", "/upload", "/messages", "/notifications", "/admin"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBeLessThan(400);
    await expect(page.locator("html"), path).toHaveAttribute("data-hydrated", "true");
  }
  // sonner and the dialogs insert their own <style> elements once hydrated: allowed too.
  expect(await violations()).toEqual([]);
});

test("embeds may be framed anywhere and allow no script; media are served sandboxed", async ({ request }) => {
  const feed = await (await request.get("/api/feed?limit=20")).json();
  type Photo = { kind: string; image_url: string };
  const post = feed.posts.find((candidate: { photos: Photo[] }) => candidate.photos.some((photo) => photo.kind === "image"));
  const embed = await request.get(`/embed/post/${post.id}`);
  const policy = cspOf(embed.headers());
  expect(policy.get("frame-ancestors")).toBe("*");
  expect(policy.get("script-src")).toBe("'none'");

  const image = post.photos.find((photo: Photo) => photo.image_url.startsWith("/media/") && photo.image_url.endsWith(".webp"));
  const media = await request.get(image.image_url);
  expect(media.status()).toBe(200);
  expect(media.headers()["content-type"]).toBe("image/webp");
  expect(media.headers()["x-content-type-options"]).toBe("nosniff");
  expect(media.headers()["content-security-policy"]).toMatch(/^default-src 'none';.*sandbox$/);
});

test("JSON answers, errors and static files carry nosniff and the referrer policy once", async ({ request }) => {
  const answers = {
    feed: await request.get("/api/feed?limit=1"),
    missing: await request.get("/api/posts/999999999"),
    refused: await request.post("/api/posts/1/like", { data: { type: "like" } }),
    icon: await request.get("/favicon.svg"),
  };
  expect(answers.feed.status()).toBe(200);
  expect(answers.missing.status()).toBe(404);
  expect(answers.refused.status()).toBe(401);
  expect(answers.icon.status()).toBe(200);
  for (const [name, response] of Object.entries(answers)) {
    const sent = response.headersArray();
    const values = (header: string) => sent.filter((entry) => entry.name.toLowerCase() === header).map((entry) => entry.value);
    expect(values("x-content-type-options"), name).toEqual(["nosniff"]);
    expect(values("referrer-policy"), name).toEqual(["strict-origin-when-cross-origin"]);
  }
});
