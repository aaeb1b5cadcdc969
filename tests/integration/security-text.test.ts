// Text people write is kept clean (issue 13): the API answers 400 with a clear message for
// bidi controls, control characters and text made only of invisible characters, in every
// kind of text, and writes nothing.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { resetRateLimits } from "~/models/rate-limit.server";
import { action as register } from "~/routes/api.auth.register";
import { action as postComment } from "~/routes/api.comments";
import { action as sendMessage } from "~/routes/api.messages";
import { action as updateProfile } from "~/routes/api.profile";
import { action as createCar } from "~/routes/api.cars";
import { action as createMod } from "~/routes/api.cars.$carId.mods";
import { action as createEvent } from "~/routes/api.events";
import { action as submitFeedback } from "~/routes/api.feedback.submit";
import { answer, args, jsonRequest } from "../support/requests";
import { makePost, makeUser, type TestUser } from "../support/accounts";

const RLO = "\u202E";
const ZWSP = "\u200B";
const BIDI = /cannot contain hidden characters that change the direction of the text$/;
const INVISIBLE = /cannot be made only of invisible characters$/;
const CONTROL = /cannot contain (line breaks or )?control characters$/;

let member: TestUser;
let admin: TestUser;
let other: TestUser;
beforeAll(async () => {
  member = await makeUser();
  other = await makeUser();
  admin = await makeUser("textadmin", "admin");
});
afterEach(() => resetRateLimits());

async function expect400(response: Promise<unknown>, message: RegExp) {
  const answered = await answer(response);
  expect(answered.status).toBe(400);
  expect((await answered.json()).error).toMatch(message);
}

describe("the API refuses unclean text with 400", () => {
  it("a username with a right-to-left override", async () => {
    const body = { username: `evil${RLO}gpj`, email: "evil@example.com", password: "correct-horse" };
    const response = await answer(register(args(jsonRequest("/api/auth/register", body))));
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe("Username cannot contain hidden characters that change the direction of the text");
    expect(await prisma.user.count({ where: { email: "evil@example.com" } })).toBe(0);
  });

  it("a comment of only zero-width spaces, and one with a control character", async () => {
    const post = await makePost(other.id);
    const send = (content: string) => postComment(args(jsonRequest("/api/comments", { postId: post.id, content }, { cookie: member.cookie })));
    await expect400(send(`${ZWSP}${ZWSP}${ZWSP}`), /^A comment cannot be made only of invisible characters$/);
    await expect400(send("nice\u0007car"), CONTROL);
    await expect400(send(`nice ${RLO}car`), BIDI);
    expect(await prisma.comment.count({ where: { postId: post.id } })).toBe(0);
    // Line breaks and emoji joined by zero-width joiners are fine.
    const fine = await answer(send("Great build!\nWhat tyres? \u{1F468}\u200D\u{1F527}"));
    expect(fine.status).toBe(201);
  });

  it("a message with bidi controls or only invisible characters", async () => {
    const send = (content: string) => sendMessage(args(jsonRequest("/api/messages", { to: other.username, content }, { cookie: member.cookie })));
    await expect400(send(`pay here ${RLO}moc.evil`), /^A message cannot contain hidden characters/);
    await expect400(send(`\u2060${ZWSP}\uFEFF`), INVISIBLE);
    expect(await prisma.message.count({ where: { senderId: member.id } })).toBe(0);
  });

  it("a nickname of invisible characters or with a bidi isolate", async () => {
    const patch = (nickname: string) => updateProfile(args(jsonRequest("/api/profile", { nickname }, { method: "PATCH", cookie: member.cookie })));
    await expect400(patch(`${ZWSP}\u200D`), /^Nickname cannot be made only of invisible characters$/);
    await expect400(patch(`Boss\u2067`), /^Nickname cannot contain hidden characters/);
  });

  it("car and modification fields", async () => {
    const car = { make: "Toyota", model: `Supra${RLO}`, year: 1998 };
    await expect400(createCar(args(jsonRequest("/api/cars", car, { cookie: member.cookie }))), /^Model cannot contain hidden characters/);
    await expect400(createCar(args(jsonRequest("/api/cars", { ...car, model: "Supra", nickname: ZWSP }, { cookie: member.cookie }))), /^Nickname cannot be made/);
    await expect400(createCar(args(jsonRequest("/api/cars", { ...car, model: "Supra\nMK4" }, { cookie: member.cookie }))), CONTROL);
    expect(await prisma.car.count({ where: { ownerId: member.id } })).toBe(0);

    const owned = await prisma.car.create({ data: { ownerId: member.id, make: "Toyota", model: "Supra", year: 1998 } });
    const mod = { mod_category: "Exhaust", model_name: `Titanium${RLO}`, mod_type: "part" };
    const addMod = (body: Record<string, unknown>) =>
      createMod(args(jsonRequest(`/api/cars/${owned.id}/mods`, body, { cookie: member.cookie }), { carId: String(owned.id) }));
    await expect400(addMod(mod), /^Model name cannot contain hidden characters/);
    await expect400(addMod({ ...mod, model_name: "Titanium", description: `${ZWSP}\n${ZWSP}` }), /^Description cannot be made only/);
    expect(await prisma.mod.count({ where: { carId: owned.id } })).toBe(0);
  });

  it("event fields and feedback", async () => {
    const event = { name: `Meet${RLO}`, date_time: new Date(Date.now() + 86_400_000).toISOString() };
    await expect400(createEvent(args(jsonRequest("/api/events", event, { cookie: admin.cookie }))), /^The name cannot contain hidden characters/);
    await expect400(createEvent(args(jsonRequest("/api/events", { ...event, name: ZWSP }, { cookie: admin.cookie }))), /^The name cannot be made only/);
    await expect400(
      createEvent(args(jsonRequest("/api/events", { ...event, name: "Meet", location: "Car\u0000park" }, { cookie: admin.cookie }))),
      /^The place cannot contain line breaks or control characters$/,
    );
    expect(await prisma.event.count()).toBe(0);

    const feedback = (feedback_text: string) => submitFeedback(args(jsonRequest("/api/feedback/submit", { feedback_text, rating: 5 })));
    await expect400(feedback(`${ZWSP}${ZWSP}`), /^Feedback cannot be made only of invisible characters$/);
    await expect400(feedback(`Great${RLO}`), /^Feedback cannot contain hidden characters/);
    expect(await prisma.feedback.count()).toBe(0);
  });
});
