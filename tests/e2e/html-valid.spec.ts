// Every public page, as the seeded server sends it to a visitor, is valid HTML: zero errors
// under html-validate's recommended rules, with the project's settings (.htmlvalidate.mjs).
// The one exception is what Remix writes after </html> (the loader data's scripts, in React's
// Suspense markers): it is not validated, but it may be nothing else.
import path from "node:path";
import { FileSystemConfigLoader, HtmlValidate, type Message } from "html-validate";
import { expect, test, type APIRequestContext } from "./fixtures";
import { eventPath, postPath, showcasePath, userPath } from "~/lib/paths";

const validator = new HtmlValidate(new FileSystemConfigLoader());
// The config is looked up from the file's own folder up, so the name places it in the project.
const AS_FILE = path.resolve("page.html");

type FeedPost = {
  id: number;
  story: string;
  soundcloud_url: string | null;
  photos: unknown[];
  creator: { username: string };
  post_cars: Array<{ car_id: number }>;
};

async function publicPages(request: APIRequestContext): Promise<string[]> {
  const feed = (await (await request.get("/api/feed?limit=50")).json()) as { posts: FeedPost[] };
  const events = (await (await request.get("/api/events")).json()) as { events: Array<{ id: number }> };
  const parts = (await (await request.get("/api/parts/search?q=hks")).json()) as { parts: Array<{ href: string }> };
  const carousel = feed.posts.find((post) => post.photos.length > 1)!;
  const textOnly = feed.posts.find((post) => post.photos.length === 0 && post.story.trim())!;
  const withAudio = feed.posts.find((post) => post.soundcloud_url)!;
  const withCar = feed.posts.find((post) => post.post_cars.length > 0)!;
  expect([carousel, textOnly, withAudio, withCar, events.events[0], parts.parts[0]].every(Boolean)).toBe(true);
  const posts = [...new Set([carousel.id, textOnly.id, withAudio.id])];
  return [
    "/",
    ...posts.map((id) => postPath(id)),
    showcasePath(withCar.post_cars[0].car_id),
    userPath(encodeURIComponent(carousel.creator.username)),
    "/events",
    eventPath(events.events[0].id),
    "/search",
    "/search?q=nissan",
    "/search?q=hks",
    parts.parts[0].href,
    ...posts.map((id) => `/embed/post/${id}`),
    "/embed/post/999999",
    `/embed/car/${withCar.post_cars[0].car_id}`,
    "/embed/car/999999",
  ];
}

/**
 * What is left of the text after </html> once the loader data is taken out: its scripts (with
 * this response's nonce) and React's markers of the Suspense boundaries around them
 * (<!--$--> … <!--/$-->). Empty when that is all: no boundary was left pending (<!--$?-->) or
 * written later in hidden chunks, as the page is rendered whole.
 */
function loaderDataScripts(tail: string): string {
  return tail.replace(/<script nonce="[^"]+">[\s\S]*?<\/script>/g, "").replace(/<!--\/?\$-->/g, "");
}

function describe(message: Message, html: string): string {
  const around = html.slice(Math.max(0, message.offset - 40), message.offset + 80).replace(/\s+/g, " ");
  return `${message.ruleId}: ${message.message} at ${message.selector ?? "?"} … ${around}`;
}

test("every public page is valid HTML", async ({ request }) => {
  const pages = await publicPages(request);
  // Every page is fetched first: validating a large page takes long enough for the server to
  // close an idle kept-alive connection under the next request.
  const documents: Array<{ page: string; html: string }> = [];
  for (const page of pages) {
    const response = await request.get(page);
    expect(response.headers()["content-type"], page).toContain("text/html");
    const sent = await response.text();
    const end = sent.indexOf("</html>") + "</html>".length;
    expect(end, page).toBeGreaterThan(0);
    const html = sent.slice(0, end);
    expect(loaderDataScripts(sent.slice(end)), page).toBe("");
    documents.push({ page, html });
  }
  const errors: string[] = [];
  for (const { page, html } of documents) {
    const report = await validator.validateString(html, AS_FILE);
    for (const result of report.results) for (const message of result.messages) errors.push(`${page}: ${describe(message, html)}`);
  }
  expect(errors).toEqual([]);
});

test("the validator does catch what the app must not send", async () => {
  // The same settings still fail mistakes this app made before: a name on a span, and a form
  // with no way to submit it.
  const page = (body: string) => `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"/><title>Check</title></head><body><main>${body}</main></body></html>`;
  const rulesOf = async (body: string) =>
    (await validator.validateString(page(body), AS_FILE)).results.flatMap((result) => result.messages.map((message) => message.ruleId));
  expect(await rulesOf(`<p><span>3 likes</span></p>`)).toEqual([]);
  expect(await rulesOf(`<p><span aria-label="3 likes">3</span></p>`)).toContain("aria-label-misuse");
  expect(await rulesOf(`<form action="/search"><input type="text" name="q" aria-label="Search"/></form>`)).toContain("wcag/h32");
});
