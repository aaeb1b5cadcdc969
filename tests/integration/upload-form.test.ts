// The upload form without JavaScript: a refused plain form goes back to /upload with what
// was typed and the reason (kept under a draft id only its author can read); the home and
// post page loaders render posts and the 'Load more' page.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { fileMessage, MEDIA_MESSAGES } from "~/lib/media/upload-limits.server";
import { clearDrafts, draftFrom, readDraft, saveDraft } from "~/lib/server/upload-drafts.server";
import { action as createPostAction } from "~/routes/api.posts";
import { loader as uploadLoader } from "~/routes/upload";
import { loader as homeLoader } from "~/routes/_index";
import { loader as postLoader } from "~/routes/post.$id";
import { loader as embedLoader } from "~/routes/embed.post.$postId";
import { signUp, type SignedUp } from "../support/accounts";
import { call, getRequest } from "../support/requests";
import { postPath } from "~/lib/paths";

const ORIGIN = "http://127.0.0.1:3000";

function plainForm(fields: Array<[string, string | Blob, string?]>, cookie: string) {
  const form = new FormData();
  for (const [name, value, filename] of fields) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, value, filename);
  }
  return new Request(`${ORIGIN}/api/posts`, { method: "POST", body: form, headers: { Cookie: cookie, Accept: "text/html", "Sec-Fetch-Mode": "navigate" } });
}

let owner: SignedUp;
let other: SignedUp;
let carId: number;

beforeAll(async () => {
  owner = await signUp("uploader");
  other = await signUp("snoop");
  const car = await prisma.car.create({ data: { ownerId: owner.id, make: "Mazda", model: "MX-5", year: 2019, nickname: "Ruby" } });
  carId = car.id;
});

describe("a refused plain upload form", () => {
  it("comes back to /upload with the story, cars, layout and link it had, and the reason", async () => {
    const story = "Long story about my car.\n".repeat(100);
    const response = (await call<unknown>(
      createPostAction as never,
      plainForm(
        [
          ["redirectTo", "/upload"],
          ["story", story],
          ["carIds", String(carId)],
          ["layout", "grid"],
          ["soundcloud_url", "https://example.com/not-soundcloud"],
          ["media", new Blob([new Uint8Array()]), ""],
        ],
        owner.cookie,
      ),
    )) as Response;
    expect(response.status).toBe(303);
    const location = response.headers.get("Location")!;
    expect(location).toMatch(/^\/upload\?draft=[\w-]+$/);

    const page = (await call<unknown>(uploadLoader as never, getRequest(location, { cookie: owner.cookie }))) as {
      draft: { story: string } | null;
      cars: Array<{ id: number; line: string }>;
    };
    // Multipart bodies carry line breaks as CRLF.
    expect({ ...page.draft, story: page.draft?.story.replace(/\r\n/g, "\n") }).toEqual({
      error: "Invalid SoundCloud URL",
      story,
      carIds: [carId],
      modIds: [],
      layout: "grid",
      soundcloud_url: "https://example.com/not-soundcloud",
    });
    expect(page.cars).toEqual([{ id: carId, line: "Ruby · 2019 Mazda MX-5" }]);

    // Nobody else reads it.
    const theirs = (await call<unknown>(uploadLoader as never, getRequest(location, { cookie: other.cookie }))) as { draft: unknown };
    expect(theirs.draft).toBeNull();
  });

  it("keeps the typed text when a file is refused", async () => {
    const response = (await call<unknown>(
      createPostAction as never,
      plainForm(
        [
          ["redirectTo", "/upload"],
          ["story", "Renamed text file"],
          ["media", new Blob([new TextEncoder().encode("just text, not a photo")], { type: "image/jpeg" }), "photo.jpg"],
        ],
        owner.cookie,
      ),
    )) as Response;
    expect(response.status).toBe(303);
    const id = new URL(response.headers.get("Location")!, ORIGIN).searchParams.get("draft");
    expect(await readDraft(owner.id, id)).toMatchObject({ error: fileMessage("photo.jpg", 415, MEDIA_MESSAGES.unsupported), story: "Renamed text file" });
  });

  it("keeps a draft where another process of the server finds it (several processes answer one site)", async () => {
    const id = await saveDraft(owner.id, draftFrom({ story: "Typed in one process" }, "Refused"));
    const root = path.resolve(__dirname, "../..");
    const { stdout } = await promisify(execFile)(
      path.join(root, "node_modules", ".bin", "tsx"),
      [
        path.join(root, "tests", "support", "other-instance.ts"),
        "lib/server/upload-drafts.server",
        "readDraft",
        JSON.stringify([
          [owner.id, id],
          [other.id, id],
        ]),
      ],
      { cwd: root, env: process.env, timeout: 60_000 },
    );
    const [mine, theirs] = JSON.parse(stdout.trim().split("\n").at(-1)!) as unknown[];
    expect(mine).toMatchObject({ story: "Typed in one process", error: "Refused" });
    expect(theirs).toBeNull();
  });

  it("forgets drafts after ten minutes", async () => {
    await clearDrafts();
    const id = await saveDraft(owner.id, draftFrom({ story: "x" }, "e"), 0);
    expect(await readDraft(owner.id, id, 60_000)).toMatchObject({ story: "x" });
    expect(await readDraft(owner.id, id, 11 * 60_000)).toBeNull();
  });
});

describe("page loaders", () => {
  it("renders the home feed newest first, and the next page from a cursor", async () => {
    const created = [];
    for (let i = 0; i < 3; i += 1) {
      created.push(await prisma.post.create({ data: { createdById: owner.id, story: `Post ${i}`, createdAt: new Date(Date.now() - (3 - i) * 1000) } }));
    }
    const first = (await call<unknown>(homeLoader as never, getRequest("/"))) as {
      posts: Array<{ id: number }>;
      nextCursor: string | null;
      now: number;
      pageKey: string;
    };
    expect(first.posts[0].id).toBe(created[2].id);
    expect(first.pageKey).toBe("");
    expect(typeof first.now).toBe("number");

    const cursor = `${(await prisma.post.findUniqueOrThrow({ where: { id: created[2].id } })).createdAt.toISOString()}_${created[2].id}`;
    const next = (await call<unknown>(homeLoader as never, getRequest(`/?cursor=${encodeURIComponent(cursor)}`))) as { posts: Array<{ id: number }>; pageKey: string };
    expect(next.posts.map((post) => post.id)).not.toContain(created[2].id);
    expect(next.posts[0].id).toBe(created[1].id);
    expect(next.pageKey).toBe(cursor);

    const broken = (await call<unknown>(homeLoader as never, getRequest("/?cursor=nonsense"))) as { posts: Array<{ id: number }> };
    expect(broken.posts[0].id).toBe(created[2].id);
  });

  it("answers a post page with its comments and share link, and 404 for a missing one", async () => {
    const post = await prisma.post.create({ data: { createdById: owner.id, story: "Hello" } });
    await prisma.comment.create({ data: { postId: post.id, userId: other.id, content: "Nice!" } });
    const page = (await call<unknown>(postLoader as never, getRequest(postPath(post.id)), { id: String(post.id) })) as {
      post: { id: number };
      comments: { comments: Array<{ content: string }>; total: number; nextCursor: string | null };
      commentsBefore: string | null;
      share: { origin: string; url: string };
    };
    expect(page.post.id).toBe(post.id);
    expect(page.comments).toMatchObject({ comments: [{ content: "Nice!" }], total: 1, nextCursor: null });
    expect(page.commentsBefore).toBeNull();
    // A broken link to older comments shows the newest.
    const broken = (await call<unknown>(postLoader as never, getRequest(`${postPath(post.id)}?before=yesterday`), { id: String(post.id) })) as typeof page;
    expect(broken.comments.comments.map((comment) => comment.content)).toEqual(["Nice!"]);
    expect(broken.commentsBefore).toBeNull();
    expect(page.share.origin).toBe(ORIGIN);
    expect(page.share.url).toBe(`${ORIGIN}/post/${post.id}`);

    const missing = await call(postLoader as never, getRequest("/post/999999"), { id: "999999" });
    expect(missing.status).toBe(404);
    const embedMissing = await call(embedLoader as never, getRequest("/embed/post/999999"), { postId: "999999" });
    expect(embedMissing.status).toBe(404);
    // "abc" names no post: requireId's 404.
    const embedBad = (await call<unknown>(embedLoader as never, getRequest("/embed/post/abc"), { postId: "abc" })) as Response;
    expect(embedBad.status).toBe(404);
  });
});
