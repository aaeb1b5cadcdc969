import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { prisma } from "~/db.server";
import { action as patchProfile, loader as getProfile } from "~/routes/api.profile";
import { action as profilePageAction, loader as profilePage } from "~/routes/profile";
import { loader as userPage } from "~/routes/user.$username";
import { loader as savedPage } from "~/routes/profile_.saved";
import { action as register } from "~/routes/api.auth.register";
import { getShowAllGramsPosts } from "~/models/own-profile.server";
import { getUserPage } from "~/models/user-page.server";
import { statMedia } from "~/lib/media/media-storage.server";
import { signUp } from "../support/accounts";
import { answer, args, cookiesOf, formRequest, getRequest, jsonRequest } from "../support/requests";

function multipart(path: string, form: FormData, cookie: string, method = "POST") {
  return new Request(`http://127.0.0.1:3000${path}`, { method, headers: { Cookie: cookie }, body: form });
}

async function jpeg(width = 640, height = 480) {
  const bytes = await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 20 } } })
    .jpeg()
    .toBuffer();
  return new File([new Uint8Array(bytes)], "me.jpg", { type: "image/jpeg" });
}

describe("PATCH /api/profile", () => {
  it("changes the nickname and the Grams setting, and reads them back", async () => {
    const user = await signUp("nick_nora");
    expect(await getShowAllGramsPosts(user.id)).toBe(false);

    const response = await answer(
      patchProfile(args(jsonRequest("/api/profile", { nickname: "  Nora ", show_all_grams_posts: true }, { method: "PATCH", cookie: user.cookie }))),
    );
    expect(response.status).toBe(200);
    expect((await response.json()).profile).toMatchObject({ username: "nick_nora", nickname: "Nora", show_all_grams_posts: true, profile_image: null });
    expect(await getShowAllGramsPosts(user.id)).toBe(true);

    const read = await answer(getProfile(args(getRequest("/api/profile", { cookie: user.cookie }))));
    expect((await read.json()).profile).toMatchObject({ nickname: "Nora", show_all_grams_posts: true });

    // Empty clears the nickname; "false" as text is understood.
    const cleared = await answer(
      patchProfile(args(jsonRequest("/api/profile", { nickname: "", show_all_grams_posts: "false" }, { method: "PATCH", cookie: user.cookie }))),
    );
    expect((await cleared.json()).profile).toMatchObject({ nickname: null, show_all_grams_posts: false });
  });

  it("answers per-field errors and changes nothing on bad input", async () => {
    const user = await signUp("bad_input_bo");
    const response = await answer(
      patchProfile(args(jsonRequest("/api/profile", { nickname: "x".repeat(41), show_all_grams_posts: "sometimes" }, { method: "PATCH", cookie: user.cookie }))),
    );
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error).toBe("Nickname must be at most 40 characters");
    expect(body.errors).toEqual({
      nickname: "Nickname must be at most 40 characters",
      show_all_grams_posts: "show_all_grams_posts must be true or false",
    });
    const lineBreak = await answer(patchProfile(args(jsonRequest("/api/profile", { nickname: "a\nb" }, { method: "PATCH", cookie: user.cookie }))));
    expect(lineBreak.status).toBe(400);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).nickname).toBeNull();

    expect((await answer(patchProfile(args(jsonRequest("/api/profile", { nickname: "x" }, { method: "PATCH" }))))).status).toBe(401);
    expect((await answer(getProfile(args(getRequest("/api/profile"))))).status).toBe(401);
  });

  it("stores an uploaded profile image as a square WebP and deletes the one it replaces", async () => {
    const user = await signUp("photo_phil");
    const form = new FormData();
    form.set("profile_image", await jpeg());
    const first = await answer(patchProfile(args(multipart("/api/profile", form, user.cookie, "PATCH"))));
    expect(first.status).toBe(200);
    const image: string = (await first.json()).profile.profile_image;
    expect(image).toMatch(/^\/media\/avatars\/.+\.webp$/);
    const key = image.slice("/media/".length);
    expect(await statMedia(key)).not.toBeNull();

    const second = new FormData();
    second.set("profile_image", await jpeg(300, 900));
    const replaced = await answer(patchProfile(args(multipart("/api/profile", second, user.cookie, "PATCH"))));
    const next: string = (await replaced.json()).profile.profile_image;
    expect(next).not.toBe(image);
    expect(await statMedia(key)).toBeNull();

    const junk = new FormData();
    junk.set("profile_image", new File([new TextEncoder().encode("not an image at all")], "x.jpg", { type: "image/jpeg" }));
    const refused = await answer(patchProfile(args(multipart("/api/profile", junk, user.cookie, "PATCH"))));
    expect(refused.status).toBe(415);
    expect((await refused.json()).errors.profile_image).toBe("Unsupported media type");
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).profileImage).toBe(next);
  });
});

describe("/profile page forms", () => {
  it("saves the nickname from a plain form and comes back with a toast", async () => {
    const user = await signUp("form_fran");
    const response = await answer(profilePageAction(args(formRequest("/profile", { intent: "nickname", nickname: "Fran" }, { cookie: user.cookie }))));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/profile");
    expect(response.headers.get("Set-Cookie")).toContain("__flash");
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).nickname).toBe("Fran");

    // An unticked checkbox sends nothing: the setting goes off.
    await prisma.profile.update({ where: { id: user.id }, data: { showAllGramsPosts: true } });
    await answer(profilePageAction(args(formRequest("/profile", { intent: "grams" }, { cookie: user.cookie }))));
    expect(await getShowAllGramsPosts(user.id)).toBe(false);
    await answer(profilePageAction(args(formRequest("/profile", { intent: "grams", show_all_grams_posts: "true" }, { cookie: user.cookie }))));
    expect(await getShowAllGramsPosts(user.id)).toBe(true);
  });

  it("keeps what was typed and shows the field's error", async () => {
    const user = await signUp("long_lou");
    const tooLong = "L".repeat(45);
    // Remix's data(): the page re-renders with this as its action data, status 400.
    const result = (await profilePageAction(args(formRequest("/profile", { intent: "nickname", nickname: tooLong }, { cookie: user.cookie })))) as unknown as {
      data: unknown;
      init: { status: number };
    };
    expect(result.init.status).toBe(400);
    expect(result.data).toEqual({ intent: "nickname", errors: { nickname: "Nickname must be at most 40 characters" }, values: { nickname: tooLong } });
  });

  it("sends visitors to the login modal", async () => {
    const response = await answer(profilePage(args(getRequest("/profile"))));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fprofile");
  });
});

describe("/user/{username}", () => {
  it("shows counts, cars with followers, and posts as tiles", async () => {
    const owner = await signUp("garage_gus");
    const fan = await signUp("fan_fay");
    const car = await prisma.car.create({ data: { ownerId: owner.id, make: "Toyota", model: "Supra", year: 1998, nickname: "Orange" } });
    const text = await prisma.post.create({ data: { createdById: owner.id, story: "Just a story", postCars: { create: { carId: car.id } } } });
    const photo = await prisma.post.create({ data: { createdById: owner.id, story: "", postCars: { create: { carId: car.id } } } });
    await prisma.media.create({
      data: {
        postId: photo.id,
        uploaderId: owner.id,
        kind: "image",
        path: "aa/bb/photo.webp",
        mimeType: "image/webp",
        bytes: 10,
        width: 1200,
        variants: "320,640,1080",
        alt: "Orange Supra at the drag strip, nose up",
      },
    });
    await prisma.userFollow.create({ data: { followerId: fan.id, followingId: owner.id } });
    await prisma.carFollow.create({ data: { userId: fan.id, carId: car.id } });

    const page = await getUserPage("Garage_Gus", fan.id);
    expect(page).not.toBeNull();
    expect(page!.counts).toEqual({ followers: 1, following: 0, posts: 2, cars: 1 });
    expect(page!.isFollowing).toBe(true);
    expect(page!.isSelf).toBe(false);
    expect(page!.cars).toEqual([expect.objectContaining({ id: car.id, nickname: "Orange", followers: 1, cover: "/media/aa/bb/photo-w640.webp" })]);
    expect(page!.posts.map((post) => [post.id, post.kind])).toEqual([
      [photo.id, "image"],
      [text.id, "text"],
    ]);
    expect(page!.posts[0].thumbSrcSet).toContain("/media/aa/bb/photo-w320.webp 320w");
    // The tile carries the photo's description for its name; a text tile has none.
    expect(page!.posts.map((post) => post.alt)).toEqual(["Orange Supra at the drag strip, nose up", null]);

    const own = await getUserPage("garage_gus", owner.id);
    expect(own!.isSelf).toBe(true);
    expect(own!.isFollowing).toBe(false);
    // Email addresses never reach someone else's page.
    expect(JSON.stringify(own)).not.toContain("@example.com");
  });

  it("pages through posts with a cursor", async () => {
    const owner = await signUp("prolific_pia");
    await prisma.post.createMany({ data: Array.from({ length: 30 }, (_, i) => ({ createdById: owner.id, story: `post ${i}` })) });
    const first = await getUserPage("prolific_pia", null);
    expect(first!.posts).toHaveLength(24);
    expect(first!.nextCursor).toBe(first!.posts[23].id);
    const second = await getUserPage("prolific_pia", null, first!.nextCursor);
    expect(second!.posts).toHaveLength(6);
    expect(second!.nextCursor).toBeNull();
  });

  it("answers 404 for an unknown user and redirects other spellings", async () => {
    const missing = await answer(userPage(args(getRequest("/user/nobody_at_all"), { username: "nobody_at_all" })));
    expect(missing.status).toBe(404);
    await signUp("case_cat");
    const moved = await answer(userPage(args(getRequest("/user/Case_Cat"), { username: "Case_Cat" })));
    expect(moved.status).toBe(301);
    expect(moved.headers.get("Location")).toBe("/user/case_cat");
  });
});

describe("/profile/saved", () => {
  it("lists the member's saved posts, most recently saved first, and only theirs", async () => {
    const signUpAs = async (name: string) => {
      const response = (await register(args(jsonRequest("/api/auth/register", { username: name, email: `${name}@example.com`, password: "secret1" })))) as Response;
      return { id: (await response.json()).user.id as number, cookie: cookiesOf(response) };
    };
    const saver = await signUpAs("saver");
    const other = await signUpAs("other_saver");
    const first = await prisma.post.create({ data: { createdById: other.id, story: "First saved" } });
    const second = await prisma.post.create({ data: { createdById: other.id, story: "Second saved" } });
    await prisma.save.create({ data: { userId: saver.id, postId: first.id, createdAt: new Date(Date.now() - 60_000) } });
    await prisma.save.create({ data: { userId: saver.id, postId: second.id } });
    await prisma.save.create({ data: { userId: other.id, postId: first.id } });

    const page = (await savedPage(args(getRequest("/profile/saved", { cookie: saver.cookie })))) as { posts: { story: string }[] };
    expect(page.posts.map((post) => post.story)).toEqual(["Second saved", "First saved"]);

    const visitor = await Promise.resolve(savedPage(args(getRequest("/profile/saved")))).catch((response: Response) => response);
    expect((visitor as Response).status).toBe(302);
  });
});
