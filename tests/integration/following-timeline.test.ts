// The Following feed as writes change it: a new post, an edit that adds or removes a followed
// car or tag, a follow of a car, a person or a tag that starts or ends (a post another follow
// still justifies stays), a block, and a deleted post or car. Each is read back through the API.
import { beforeAll, describe, expect, it } from "vitest";
import { freshness, prisma } from "~/db.server";
import { createFeedAnswers } from "~/models/feed.server";
import { setBlock } from "~/models/block.server";
import { deleteCar } from "~/models/car.server";
import { setCarFollow, setUserFollow } from "~/models/follow.server";
import { createPost, deletePost } from "~/models/post.server";
import { editPost } from "~/models/post-edit.server";
import { setTagFollow } from "~/models/tag.server";
import { loader as feedLoader } from "~/routes/api.feed";
import { makeUser, type TestUser } from "../support/accounts";
import { args, getRequest } from "../support/requests";
import { onPostgres } from "../support/statements";
import type { FeedPage } from "~/lib/wire";

let author: TestUser; // posts, owns the cars
let reader: TestUser;
let carA: number;
let carB: number;

/** The ids on the reader's first Following page, as the API answers it. */
async function following(who: TestUser = reader): Promise<number[]> {
  const response = (await feedLoader(args(getRequest("/api/feed?feed=following&limit=50", { cookie: who.cookie })))) as Response;
  expect(response.status).toBe(200);
  return ((await response.json()) as FeedPage).posts.map((post) => post.id);
}

function publish(by: TestUser, story: string, carIds: number[] = []): Promise<number> {
  return createPost(by.id, { story, carIds, modIds: [], layout: null, soundcloud_url: null, files: [] });
}

function edit(postId: number, story: string, carIds: number[]) {
  return editPost(postId, { id: author.id }, { story, carIds, modIds: [], layout: null, media: [] });
}

async function unfollowAll(who: TestUser) {
  await setUserFollow(who, author.username, false);
  await setCarFollow(who, carA, false);
  await setCarFollow(who, carB, false);
}

beforeAll(async () => {
  author = await makeUser("tl_author");
  reader = await makeUser("tl_reader");
  carA = (await prisma.car.create({ data: { ownerId: author.id, make: "Mazda", model: "RX-7", year: 1993 } })).id;
  carB = (await prisma.car.create({ data: { ownerId: author.id, make: "Toyota", model: "Supra", year: 1994 } })).id;
});

describe("the Following feed follows the writes", () => {
  it("a new post reaches its author, the followers of its author, of its cars and of its tags; no one else", async () => {
    const byPerson = await makeUser("tl_person_fan");
    const byCar = await makeUser("tl_car_fan");
    const byTag = await makeUser("tl_tag_fan");
    const nobody = await makeUser("tl_nobody");
    await setUserFollow(byPerson, author.username, true);
    await setCarFollow(byCar, carA, true);
    await publish(author, "first #tlfresh");
    await setTagFollow(byTag.id, "tlfresh", true);

    const post = await publish(author, "With the RX-7 #tlfresh", [carA]);
    expect(await following(author)).toContain(post);
    expect(await following(byPerson)).toContain(post);
    expect(await following(byCar)).toContain(post);
    expect(await following(byTag)).toContain(post);
    expect(await following(nobody)).not.toContain(post);
  });

  it("following a car brings its earlier posts; unfollowing takes them away", async () => {
    const post = await publish(author, "Car A at the track", [carA]);
    expect(await following()).not.toContain(post);
    await setCarFollow(reader, carA, true);
    expect(await following()).toContain(post);
    await setCarFollow(reader, carA, false);
    expect(await following()).not.toContain(post);
  });

  it("following a person brings their earlier posts; unfollowing takes them away", async () => {
    const post = await publish(author, "Just me");
    expect(await following()).not.toContain(post);
    await setUserFollow(reader, author.username, true);
    expect(await following()).toContain(post);
    await setUserFollow(reader, author.username, false);
    expect(await following()).not.toContain(post);
  });

  it("following a tag brings its earlier posts; unfollowing takes them away", async () => {
    const post = await publish(author, "Night run #tlnight");
    expect(await following()).not.toContain(post);
    await setTagFollow(reader.id, "tlnight", true);
    expect(await following()).toContain(post);
    await setTagFollow(reader.id, "tlnight", false);
    expect(await following()).not.toContain(post);
  });

  it("a post another follow still justifies stays when one of two follows ends", async () => {
    const post = await publish(author, "Both reasons", [carA]);
    await setUserFollow(reader, author.username, true);
    await setCarFollow(reader, carA, true);
    await setUserFollow(reader, author.username, false);
    expect(await following()).toContain(post);
    await setUserFollow(reader, author.username, true);
    await setCarFollow(reader, carA, false);
    expect(await following()).toContain(post);
    await setUserFollow(reader, author.username, false);
    expect(await following()).not.toContain(post);
  });

  it("an edit that adds a followed car brings the post; one that removes it takes it away", async () => {
    await setCarFollow(reader, carB, true);
    const post = await publish(author, "Car A only", [carA]);
    expect(await following()).not.toContain(post);
    await edit(post, "Car A and car B", [carA, carB]);
    expect(await following()).toContain(post);
    await edit(post, "Car A again", [carA]);
    expect(await following()).not.toContain(post);
    await unfollowAll(reader);
  });

  it("an edit that adds a followed tag brings the post; one that removes it takes it away", async () => {
    await publish(author, "Seed the tag #tlmeet");
    await setTagFollow(reader.id, "tlmeet", true);
    const post = await publish(author, "No tag yet");
    expect(await following()).not.toContain(post);
    await edit(post, "Now tagged #tlmeet", []);
    expect(await following()).toContain(post);
    await edit(post, "Untagged again", []);
    expect(await following()).not.toContain(post);
    await setTagFollow(reader.id, "tlmeet", false);
  });

  it("a deleted post leaves every Following feed", async () => {
    await setUserFollow(reader, author.username, true);
    const post = await publish(author, "Soon gone");
    expect(await following()).toContain(post);
    await deletePost(post, { id: author.id, role: "member" });
    expect(await following()).not.toContain(post);
    expect(await following(author)).not.toContain(post);
    await unfollowAll(reader);
  });

  it("a deleted car takes its posts from the feeds of those who only followed the car", async () => {
    const car = (await prisma.car.create({ data: { ownerId: author.id, make: "Honda", model: "NSX", year: 1991 } })).id;
    const personFan = await makeUser("tl_nsx_person");
    await setUserFollow(personFan, author.username, true);
    await setCarFollow(reader, car, true);
    const post = await publish(author, "The NSX", [car]);
    expect(await following()).toContain(post);
    await deleteCar(car, author.id);
    expect(await following()).not.toContain(post);
    // The post stays, and stays in the feed of the author's follower.
    expect(await following(personFan)).toContain(post);
  });

  it("a block takes the other member's posts and cars out of both Following feeds", async () => {
    const blocker = await makeUser("tl_blocker");
    await setUserFollow(blocker, author.username, true);
    await setCarFollow(blocker, carB, true);
    const post = await publish(author, "Before the block", [carB]);
    expect(await following(blocker)).toContain(post);
    await setBlock(blocker.id, author.username, true);
    expect(await following(blocker)).not.toContain(post);
  });

  it.skipIf(onPostgres)("a kept Following answer ends when the reader's follows change, not when someone else's do", async () => {
    const fan = await makeUser("tl_kept");
    const bystander = await makeUser("tl_bystander");
    const post = await publish(author, "Kept or not", [carA]);
    const answers = createFeedAnswers({ freshness, maxAgeMs: 60_000 });
    const ids = (body: Buffer) => (JSON.parse(body.toString()) as FeedPage).posts.map((each) => each.id);
    const before = await answers.answer({ viewerId: fan.id, following: true });
    expect(ids(before.body)).not.toContain(post);
    expect((await answers.answer({ viewerId: fan.id, following: true })).kept).toBe(true);
    await setCarFollow(bystander, carA, true);
    expect((await answers.answer({ viewerId: fan.id, following: true })).kept).toBe(true);
    await setCarFollow(fan, carA, true);
    const after = await answers.answer({ viewerId: fan.id, following: true });
    expect(after.kept).toBe(false);
    expect(ids(after.body)).toContain(post);
  });
});
