// Visitors share one render of a public page (app/cache/visitor-pages.server.ts), at the real
// server: the page from memory says its Age and carries a nonce of its own; a change by a
// member, or by anything else that writes to the database, is on the next visitor's page;
// members and readers with a cookie always get their own render; and a page from memory
// runs its scripts in the browser like a fresh one.
import { expect, test } from "./fixtures";
import { signUpViaApi, uniqueName } from "../support/browser";
import { withE2eDatabase } from "../support/e2e-database";
import { postPath } from "~/lib/paths";

type Answer = { status: number; age: string | null; nonce: string | null; body: string; headers: Headers };

/** A visitor's GET: no cookie at all, as a first visit or a link preview sends it. */
async function visit(baseURL: string, pathname: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(`${baseURL}${pathname}`, { headers: { Accept: "text/html", ...headers } });
  const policy = response.headers.get("content-security-policy") ?? "";
  return {
    status: response.status,
    age: response.headers.get("age"),
    nonce: /'nonce-([^']+)'/.exec(policy)?.[1] ?? null,
    body: await response.text(),
    headers: response.headers,
  };
}

function withoutNonces(body: string): string {
  return body.replace(/ nonce="[^"]*"/g, "");
}

/** Visits until the page comes from memory (other tests' writes may drop it meanwhile). */
async function keptPage(baseURL: string, pathname: string, headers: Record<string, string> = {}): Promise<Answer> {
  let answer = await visit(baseURL, pathname, headers);
  for (let attempt = 1; attempt < 5 && answer.age === null; attempt++) answer = await visit(baseURL, pathname, headers);
  expect(answer.age, `${pathname} from memory`).not.toBeNull();
  return answer;
}

test("visitors share a render: from memory with its Age and a fresh nonce; a member's comment and a write from elsewhere are on the next page at once", async ({
  baseURL,
  request,
}) => {
  const author = await signUpViaApi(request, "cacher");
  const feed = await (await fetch(`${baseURL}/api/feed?limit=1`, { headers: { Accept: "application/json" } })).json();
  const postId: number = feed.posts[0].id;
  const pathname = postPath(postId);

  // A comment first, so the page is rendered anew after it and then kept.
  const comment = `Cached comment ${uniqueName("c")}`;
  const posted = await request.post("/api/comments", { data: { postId, content: comment } });
  expect(posted.status(), await posted.text()).toBe(201);
  const created: { id: number } = await posted.json();

  // Two visits in a row: the second from memory. Other tests write to the database at the
  // same time and may drop the kept page in between, so the pair is asked for again then.
  let first = await visit(baseURL!, pathname);
  let second = await visit(baseURL!, pathname);
  const fromMemoryOf = () => first.age === null && second.age !== null && withoutNonces(second.body) === withoutNonces(first.body);
  for (let attempt = 1; attempt < 5 && !fromMemoryOf(); attempt++) {
    first = second.age === null ? second : await visit(baseURL!, pathname);
    second = await visit(baseURL!, pathname);
  }
  expect(first.status).toBe(200);
  expect(first.body).toContain(comment);
  expect(second.status).toBe(200);
  expect(Number(second.age)).toBeGreaterThanOrEqual(0);
  // The same page, but its own nonce, in the policy and on every script.
  expect(second.nonce).not.toBe(first.nonce);
  expect(second.body).not.toContain(first.nonce!);
  expect(second.body.match(/ nonce="([^"]*)"/g)?.every((attribute) => attribute === ` nonce="${second.nonce}"`)).toBe(true);
  expect(withoutNonces(second.body)).toBe(withoutNonces(first.body));
  // Every other header as the rendered answer had it, once; the request id is the answer's own,
  // and so is Server-Timing, which says how that answer was made (the first one may have been
  // a render reused for the same data).
  expect(second.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
  expect(second.headers.get("server-timing")).toBeNull();
  for (const [name, value] of first.headers) {
    if (["content-security-policy", "transfer-encoding", "content-length", "date", "age", "x-request-id", "server-timing"].includes(name)) continue;
    expect(second.headers.get(name), name).toBe(value);
  }
  // An answer from memory leaves the connection open for the next request.
  expect(second.headers.get("connection")).toBe("keep-alive");

  // The member's next comment is on the next visitor's page.
  const next = `Second cached comment ${uniqueName("c")}`;
  expect((await request.post("/api/comments", { data: { postId, content: next } })).status()).toBe(201);
  const afterComment = await visit(baseURL!, pathname);
  expect(afterComment.body).toContain(next);

  // So is a change that another program makes in the database.
  await keptPage(baseURL!, pathname);
  const edited = `Edited elsewhere ${uniqueName("e")}`;
  withE2eDatabase((db) => db.prepare(`UPDATE "comments" SET "content" = ? WHERE "id" = ?`).run(edited, created.id));
  const afterWrite = await visit(baseURL!, pathname);
  expect(afterWrite.body).toContain(edited);
  expect(afterWrite.body).not.toContain(comment);

  // A reader who chose a theme shares a render with the readers of that theme only.
  expect((await keptPage(baseURL!, pathname)).body).toContain('data-theme-mode="system"');
  expect((await keptPage(baseURL!, pathname, { Cookie: "themeMode=dark" })).body).toContain('data-theme-mode="dark"');
  // A member always gets a render of their own, which no one else is answered with.
  const mine = await request.get(pathname);
  expect(mine.headers()["age"]).toBeUndefined();
  expect(mine.headers()["cache-control"]).toContain("no-store");
  expect(await mine.text()).toContain(`Welcome, </span><strong>${author.username}`);
  expect((await visit(baseURL!, pathname)).body).not.toContain("Welcome, </span>");
});

test("a missing page is never kept: the second visitor gets a fresh 404 too", async ({ baseURL }) => {
  for (let attempt = 0; attempt < 2; attempt++) {
    const missing = await visit(baseURL!, "/post/987654321");
    expect(missing.status).toBe(404);
    expect(missing.age).toBeNull();
  }
});

test("a visitor's page from memory hydrates and runs, with no script blocked by its policy", async ({ page, baseURL }) => {
  const feed = await (await fetch(`${baseURL}/api/feed?limit=1`, { headers: { Accept: "application/json" } })).json();
  const pathname = postPath(feed.posts[0].id);
  // The first page sets the theme cookie (system) once it has hydrated, the second is
  // rendered for that cookie, and the third comes from memory.
  await page.goto(pathname);
  await expect.poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === "themeMode")).toBe(true);
  await page.goto(pathname);
  let response = await page.goto(pathname);
  // Other tests' writes may drop the kept page meanwhile: visit again until it comes from memory.
  for (let attempt = 1; attempt < 5 && response?.headers()["age"] === undefined; attempt++) response = await page.goto(pathname);
  expect(response?.headers()["age"]).toBeDefined();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  // A visitor's like asks them to sign in: the page's scripts run.
  await page.getByRole("button", { name: /^Like/ }).first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
});
