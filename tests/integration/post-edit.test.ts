// Editing posts and comments, as their author and as everyone else, over HTTP with the
// visitors' page cache in front (server/visitor-pages.ts), and the descriptions (alt text)
// of photos and videos in the markup of every place a post's media appear.
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { mediaColumns } from "~/lib/media/processed-media.server";
import { processUpload } from "~/lib/media/upload-pipeline.server";
import { statMedia } from "~/lib/media/media-storage.server";
import { POST_EDIT_MESSAGES } from "~/lib/schemas/post-edit-schemas";
import { COMMENT_EDIT_MESSAGES } from "~/lib/schemas/comment-edit-schemas";
import { stopInsuranceReminders } from "~/models/insurance-reminders.server";
import { resetRateLimits } from "~/models/rate-limit.server";
import { makeUser, type TestUser } from "../support/accounts";
import { serveApp, sourceBuild } from "../support/app-server";
import { postEditPath, postPath } from "~/lib/paths";

const ROUTES = [
  "routes/post.$id",
  "routes/post.$id_.edit",
  "routes/comment.$id_.edit",
  "routes/api.comments",
  "routes/api.comments.$id",
  "routes/embed.post.$postId",
  "routes/api.posts",
  "routes/api.posts.$id",
];

let origin = "";
let close: () => Promise<void>;
let author: TestUser;
let other: TestUser;
let admin: TestUser;
let carId: number;
let otherCarId: number;

async function picture(color: string): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

beforeAll(async () => {
  process.env.JOB_WORKER = "off";
  // Visitors' pages are kept as in production, until a commit changes what they show.
  const app = await serveApp(await sourceBuild(ROUTES), [], { visitorPages: true });
  origin = app.origin;
  process.env.APP_URL = origin;
  close = app.close;

  author = await makeUser("ruby_owner");
  other = await makeUser("stranger");
  admin = await makeUser("boss", "admin");
  carId = (await prisma.car.create({ data: { ownerId: author.id, make: "Mazda", model: "MX-5", year: 2019, nickname: "Ruby" } })).id;
  otherCarId = (await prisma.car.create({ data: { ownerId: other.id, make: "Honda", model: "Civic", year: 2001 } })).id;
}, 120_000);

afterAll(async () => {
  stopInsuranceReminders();
  await close?.();
  delete process.env.APP_URL;
});

beforeEach(async () => {
  await resetRateLimits();
});

/** A ready post by the author with `count` stored photos (real files), tagging Ruby. */
async function photoPost(count: number, story = "Track day at the ring") {
  const post = await prisma.post.create({ data: { createdById: author.id, story, carId, postCars: { create: { carId } } } });
  const colors = ["#c22e15", "#1b1b22", "#2e7dc2", "#2ec25a"];
  const media = [];
  for (let index = 0; index < count; index++) {
    const columns = mediaColumns(await processUpload(await picture(colors[index % colors.length])));
    media.push(await prisma.media.create({ data: { postId: post.id, uploaderId: author.id, position: index, ...columns } }));
  }
  return { id: post.id, media };
}

function get(pathname: string, user?: TestUser) {
  return fetch(origin + pathname, { headers: user ? { Cookie: user.cookie } : {}, redirect: "manual" });
}

/**
 * Visits a visitor page until the answer comes from memory. On PostgreSQL the data version is
 * the server's snapshot, which the other test files' databases on the same server also move, so
 * a page kept a moment ago may already be out of date; a few visits in a row find a quiet moment.
 */
async function keptVisit(pathname: string) {
  for (let visit = 0; visit < 20; visit++) {
    const answer = await get(pathname);
    if (answer.headers.get("age") !== null) return answer;
    await answer.arrayBuffer();
  }
  throw new Error(`${pathname} was never answered from memory`);
}

function postForm(pathname: string, user: TestUser, fields: Array<[string, string]>) {
  return fetch(origin + pathname, {
    method: "POST",
    headers: { Cookie: user.cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

/** The form's fields for a post as it is, changed by `change`. */
function fieldsOf(story: string, media: Array<{ id: number }>, extra: Array<[string, string]> = []): Array<[string, string]> {
  return [
    ["story", story],
    ["carIds", String(carId)],
    ["layout", ""],
    ...media.map((medium, index): [string, string] => [`position.${medium.id}`, String(index + 1)]),
    ...extra,
  ];
}

async function snapshot(postId: number) {
  return prisma.post.findUnique({
    where: { id: postId },
    select: {
      story: true,
      layout: true,
      editedAt: true,
      postCars: { select: { carId: true } },
      media: { select: { id: true, position: true, alt: true }, orderBy: { id: "asc" } },
    },
  });
}

describe("editing a post", () => {
  it("the author changes the story, the order, a description and removes a photo; likes, comments and saves stay; the post says edited", async () => {
    const post = await photoPost(3);
    await prisma.postLike.create({ data: { postId: post.id, userId: other.id, type: "like" } });
    await prisma.comment.create({ data: { postId: post.id, userId: other.id, content: "Looks fast" } });
    await prisma.save.create({ data: { postId: post.id, userId: other.id } });
    const [first, second, third] = post.media;

    const form = await get(postEditPath(post.id), author);
    expect(form.status).toBe(200);
    const formHtml = await form.text();
    expect(formHtml).toContain(`name="position.${first.id}"`);
    expect(formHtml).toContain(`name="alt.${second.id}"`);
    expect(formHtml).toContain(`name="remove.${third.id}"`);

    const saved = await postForm(postEditPath(post.id), author, [
      ["story", "Track day at the ring, now with numbers"],
      ["carIds", String(carId)],
      ["layout", "grid"],
      [`position.${first.id}`, "2"],
      [`position.${second.id}`, "1"],
      [`alt.${second.id}`, "Ruby on the start line, red paint catching the sun"],
      [`position.${third.id}`, "3"],
      [`remove.${third.id}`, "on"],
    ]);
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe(postPath(post.id));

    const after = await snapshot(post.id);
    expect(after?.story).toBe("Track day at the ring, now with numbers");
    expect(after?.layout).toBe("grid");
    expect(after?.editedAt).not.toBeNull();
    expect(after?.media).toEqual([
      { id: first.id, position: 1, alt: null },
      { id: second.id, position: 0, alt: "Ruby on the start line, red paint catching the sun" },
    ]);
    // The removed photo's files are gone too.
    expect(await statMedia(third.path)).toBeFalsy();
    expect(await prisma.postLike.count({ where: { postId: post.id } })).toBe(1);
    expect(await prisma.comment.count({ where: { postId: post.id } })).toBe(1);
    expect(await prisma.save.count({ where: { postId: post.id } })).toBe(1);

    const html = await (await get(postPath(post.id))).text();
    expect(html).toContain("Track day at the ring, now with numbers");
    expect(html).toMatch(/data-testid="post-edited"[^>]*>(?:[^<]|<!-- -->)*edited/);
    // The described photo is first now.
    const alts = [...html.matchAll(/<img class="media-tile__img"[^>]*alt="([^"]*)"/g)].map((match) => match[1]);
    expect(alts).toEqual(["Ruby on the start line, red paint catching the sun", "Photo 2 of 2 of Ruby · 2019 Mazda MX-5"]);
  });

  it("a post that was never edited does not say edited", async () => {
    const post = await photoPost(1);
    const html = await (await get(postPath(post.id))).text();
    expect(html).not.toContain('data-testid="post-edited"');
  });

  it("another member, an administrator and a visitor are refused, and nothing changes", async () => {
    const post = await photoPost(2);
    const before = await snapshot(post.id);
    const change = fieldsOf("Hijacked", post.media, [[`remove.${post.media[0].id}`, "on"]]);
    for (const user of [other, admin]) {
      expect((await get(postEditPath(post.id), user)).status).toBe(403);
      expect((await postForm(postEditPath(post.id), user, change)).status).toBe(403);
    }
    // A visitor is sent to sign in.
    const visitor = await fetch(`${origin}/post/${post.id}/edit`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
      body: new URLSearchParams(change).toString(),
      redirect: "manual",
    });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toContain("login");
    expect(await snapshot(post.id)).toEqual(before);
    // A missing post, and someone else's post that is not ready, are not found.
    expect((await get(`/post/99999999/edit`, author)).status).toBe(404);
    const processing = await prisma.post.create({ data: { createdById: other.id, story: "Converting", status: "processing" } });
    expect((await get(postEditPath(processing.id), author)).status).toBe(404);
    expect((await postForm(postEditPath(processing.id), author, [["story", "Mine now"]])).status).toBe(404);
    expect((await prisma.post.findUnique({ where: { id: processing.id } }))?.story).toBe("Converting");
  });

  it("the author cannot tag someone else's car", async () => {
    const post = await photoPost(1);
    const refused = await postForm(postEditPath(post.id), author, [
      ...fieldsOf("Track day", post.media).filter(([name]) => name !== "carIds"),
      ["carIds", String(otherCarId)],
    ]);
    expect(refused.status).toBe(403);
    expect((await snapshot(post.id))?.postCars).toEqual([{ carId }]);
  });

  it("an edit that would leave the post empty is refused with a message, and what was typed is shown again", async () => {
    const post = await photoPost(1, "");
    const before = await snapshot(post.id);
    const refused = await postForm(postEditPath(post.id), author, [
      ["story", ""],
      ["carIds", String(carId)],
      ["layout", "carousel"],
      [`position.${post.media[0].id}`, "1"],
      [`alt.${post.media[0].id}`, "A typed description that must survive"],
      [`remove.${post.media[0].id}`, "on"],
    ]);
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain(POST_EDIT_MESSAGES.empty);
    expect(html).toContain("A typed description that must survive");
    expect(html).toMatch(/value="carousel"[^>]*checked|checked[^>]*value="carousel"/);
    expect(await snapshot(post.id)).toEqual(before);
  });

  it("removing every photo is fine when the story remains", async () => {
    const post = await photoPost(2, "Sold the wheels");
    const saved = await postForm(
      postEditPath(post.id),
      author,
      fieldsOf(
        "Sold the wheels",
        post.media,
        post.media.map((medium): [string, string] => [`remove.${medium.id}`, "on"]),
      ),
    );
    expect(saved.status).toBe(303);
    expect((await snapshot(post.id))?.media).toEqual([]);
  });

  it("a description longer than 1,500 characters is refused", async () => {
    const post = await photoPost(1);
    const refused = await postForm(postEditPath(post.id), author, fieldsOf("Track day", post.media, [[`alt.${post.media[0].id}`, "x".repeat(1501)]]));
    expect(refused.status).toBe(400);
    expect((await snapshot(post.id))?.media[0].alt).toBeNull();
  });

  it("a visitor whose page was kept sees the new story, the new descriptions and the new share picture right after the edit, in the embed too", async () => {
    const post = await photoPost(2, "Old story about the car");
    const [first, second] = post.media;
    const kept = await (await get(postPath(post.id))).text();
    expect(kept).toContain("Old story about the car");
    // A later visit is answered from memory.
    const again = await keptVisit(postPath(post.id));
    expect(await again.text()).toContain("Old story about the car");
    await get(`/embed/post/${post.id}`);

    const saved = await postForm(postEditPath(post.id), author, [
      ["story", "New story about the car"],
      ["carIds", String(carId)],
      ["layout", ""],
      [`position.${first.id}`, "2"],
      [`position.${second.id}`, "1"],
      [`alt.${second.id}`, "Blue photo now first"],
    ]);
    expect(saved.status).toBe(303);

    const fresh = await get(postPath(post.id));
    expect(fresh.headers.get("age")).toBeNull();
    const html = await fresh.text();
    expect(html).toContain("New story about the car");
    expect(html).not.toContain("Old story about the car");
    // The share picture is the new first photo, described by its author.
    const secondKey = second.path.replace(/\.webp$/, "");
    expect(html).toMatch(new RegExp(`<meta property="og:image" content="[^"]*${secondKey.split("/").pop()}[^"]*"`));
    expect(html).toContain('<meta property="og:image:alt" content="Blue photo now first"/>');
    const embed = await (await get(`/embed/post/${post.id}`)).text();
    expect(embed).toContain("New story about the car");
    expect(embed).toContain('alt="Blue photo now first"');
  });
});

describe("descriptions of photos and videos", () => {
  it("without descriptions, each medium is named by its place and the post's car, never by a file name, on the post page, the embed and og:image:alt", async () => {
    const post = await photoPost(2);
    const video = await prisma.media.create({
      data: {
        postId: post.id,
        uploaderId: author.id,
        position: 2,
        kind: "video",
        path: "aa/bb/clip-upload.mp4",
        mimeType: "video/mp4",
        bytes: 1000,
        posterPath: "aa/bb/clip-poster.webp",
      },
    });
    const html = await (await get(postPath(post.id))).text();
    expect(html).toContain('alt="Photo 1 of 3 of Ruby · 2019 Mazda MX-5"');
    expect(html).toContain('alt="Photo 2 of 3 of Ruby · 2019 Mazda MX-5"');
    expect(html).toContain('<meta property="og:image:alt" content="Photo 1 of 3 of Ruby · 2019 Mazda MX-5"/>');
    const embed = await (await get(`/embed/post/${post.id}`)).text();
    expect(embed).toContain('alt="Photo 1 of 3 of Ruby · 2019 Mazda MX-5"');
    expect(embed).toContain('aria-label="Video 3 of 3 of Ruby · 2019 Mazda MX-5"');
    expect(embed).not.toContain(`alt="${video.path}`);
  });

  it("the author's descriptions are the alt text on the post page, the embed (a video's name) and og:image:alt", async () => {
    const post = await photoPost(1);
    await prisma.media.update({ where: { id: post.media[0].id }, data: { alt: "Ruby parked by the lake at dusk" } });
    await prisma.media.create({
      data: {
        postId: post.id,
        uploaderId: author.id,
        position: 1,
        kind: "video",
        path: "aa/bb/clip2.mp4",
        mimeType: "video/mp4",
        bytes: 1000,
        posterPath: "aa/bb/clip2-poster.webp",
        alt: "Launch from the line, engine at full song",
      },
    });
    const html = await (await get(postPath(post.id))).text();
    expect(html).toContain('alt="Ruby parked by the lake at dusk"');
    expect(html).toContain('<meta property="og:image:alt" content="Ruby parked by the lake at dusk"/>');
    expect(html).toContain('alt="Launch from the line, engine at full song"');
    const embed = await (await get(`/embed/post/${post.id}`)).text();
    expect(embed).toContain('alt="Ruby parked by the lake at dusk"');
    expect(embed).toContain('aria-label="Launch from the line, engine at full song"');
  });

  it("the API answers each medium's description", async () => {
    const post = await photoPost(1);
    await prisma.media.update({ where: { id: post.media[0].id }, data: { alt: "Front three-quarter view" } });
    const body = (await (await get(`/api/posts/${post.id}`)).json()) as { post: { photos: Array<{ alt: string | null }> } };
    expect(body.post.photos[0].alt).toBe("Front three-quarter view");
  });
});

describe("editing a comment", () => {
  async function commentOn() {
    const post = await photoPost(1);
    return prisma.comment.create({ data: { postId: post.id, userId: author.id, content: "First thoughts" } });
  }

  it("its author edits it with a plain form, and it shows edited", async () => {
    const comment = await commentOn();
    const form = await get(`/comment/${comment.id}/edit`, author);
    expect(form.status).toBe(200);
    expect(await form.text()).toContain("First thoughts");
    const saved = await postForm(`/comment/${comment.id}/edit`, author, [["content", "Second thoughts"]]);
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe(`${postPath(comment.postId)}#comment-${comment.id}`);
    const html = await (await get(postPath(comment.postId))).text();
    expect(html).toContain("Second thoughts");
    expect(html).toMatch(/data-testid="comment-edited"[^>]*>(?:[^<]|<!-- -->)*edited/);
  });

  it("its author edits it with PATCH and gets the new text and its edit time", async () => {
    const comment = await commentOn();
    const answer = await fetch(`${origin}/api/comments/${comment.id}`, {
      method: "PATCH",
      headers: { Cookie: author.cookie, "Content-Type": "application/json", Origin: origin },
      body: JSON.stringify({ content: "Edited by script" }),
    });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { content: string; edited_at: string | null };
    expect(body.content).toBe("Edited by script");
    expect(body.edited_at).not.toBeNull();
  });

  it("others (an administrator too) are refused and nothing changes; a blank text is refused", async () => {
    const comment = await commentOn();
    for (const user of [other, admin]) {
      expect((await get(`/comment/${comment.id}/edit`, user)).status).toBe(403);
      const refused = await postForm(`/comment/${comment.id}/edit`, user, [["content", "Not yours"]]);
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain(COMMENT_EDIT_MESSAGES.forbidden);
      const patched = await fetch(`${origin}/api/comments/${comment.id}`, {
        method: "PATCH",
        headers: { Cookie: user.cookie, "Content-Type": "application/json", Origin: origin },
        body: JSON.stringify({ content: "Not yours" }),
      });
      expect(patched.status).toBe(403);
    }
    expect((await postForm(`/comment/${comment.id}/edit`, author, [["content", "   "]])).status).toBe(400);
    expect((await get(`/comment/99999999/edit`, author)).status).toBe(404);
    const after = await prisma.comment.findUnique({ where: { id: comment.id } });
    expect(after?.content).toBe("First thoughts");
    expect(after?.editedAt).toBeNull();
  });
});
