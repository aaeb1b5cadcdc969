// The sign-in, sign-up and reset pages as a screen reader or a text browser reads them, top
// to bottom: the page's form comes first in the document, before the header (its search
// field included), the site's navigation and the phone's bottom bar.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveApp, sourceBuild, type RunningApp } from "../support/app-server";

const PAGES = [
  { path: "/login?redirectTo=%2Fevents", route: "routes/login", title: "Sign In", firstField: "auth-signin-email" },
  { path: "/signup", route: "routes/signup", title: "Sign Up", firstField: "auth-signup-username" },
  { path: "/reset-password", route: "routes/reset-password", title: "Reset Password", firstField: "auth-reset-email" },
];

let app: RunningApp;

beforeAll(async () => {
  process.env.JOB_WORKER = "off";
  app = await serveApp(await sourceBuild(PAGES.map((page) => page.route)));
});

afterAll(async () => {
  await app?.close();
});

/** Where `pattern` first matches in `html` (-1 when it does not). */
function at(html: string, pattern: RegExp): number {
  return html.search(pattern);
}

describe.each(PAGES)("$path", ({ path, title, firstField }) => {
  it("puts its form before the header, the site's navigation and the bottom bar", async () => {
    const response = await fetch(app.origin + path);
    expect(response.status).toBe(200);
    const html = await response.text();
    const body = html.slice(html.indexOf("<body"));

    const main = at(body, /<main\b/);
    const heading = at(body, new RegExp(`<h1\\b[^>]*>${title}</h1>`));
    // The first field one can type into is the form's, not the header's search.
    const fields = [...body.matchAll(/<input\b[^>]*>/g)].filter((field) => !/type="(hidden|radio|checkbox)"/.test(field[0]));
    const header = at(body, /<header\b/);
    const navigation = at(body, /<nav\b[^>]*aria-label="Main"/);
    const bottomBar = at(body, /<nav\b[^>]*class="bottom-nav"/);

    expect(main, "<main>").toBeGreaterThanOrEqual(0);
    expect(heading, "the page's title").toBeGreaterThan(main);
    expect(fields[0]?.[0]).toContain(`id="${firstField}"`);
    for (const [name, position] of Object.entries({ header, navigation, bottomBar })) {
      expect(position, `${name} is on the page`).toBeGreaterThan(0);
      expect(position, `the form before the ${name}`).toBeGreaterThan(fields[0].index!);
    }
  });
});
