// Authorisation matrix: every mutating route (the /api actions and the page actions) against
// a visitor, another member, the owner of the thing and an administrator, each with the
// status it must get. Each cell gets fresh things to act on (created by the owner through the
// API), so a delete in one cell does not change the next.
//
// "owner" is the member who created the post/comment/car/mod or who receives the
// notification; for things that belong to nobody (likes, follows of someone else, new posts)
// it is just a member; for administrator routes it is a member (and must be refused).
import { api, ensure, register, signIn, startServer, workspace, DEMO, type Check, type Member } from "./harness";

const PORT = 3237;

type Role = "visitor" | "other" | "owner" | "admin";
const ROLES: Role[] = ["visitor", "other", "owner", "admin"];
type Expect = Record<Role, number | number[]>;

type Ctx = {
  url: string;
  owner: Member;
  other: Member;
  admin: Member;
  seq: () => number;
};

type Answer = { status: number; body?: unknown };
type Row = { route: string; expect: Expect; run(actor: Member | null, ctx: Ctx, role: Role): Promise<Answer> };

// ------------------------------------------------------------------ things to act on

async function newPost(ctx: Ctx, by = ctx.owner): Promise<number> {
  const answer = await api(ctx.url, "POST", "/api/posts", { member: by, json: { story: `Matrix post ${ctx.seq()}` } });
  ensure(answer.status === 201, `setup: new post ${answer.status} ${JSON.stringify(answer.body)}`);
  return Number(answer.body.post?.id ?? answer.body.id);
}
async function newComment(ctx: Ctx): Promise<number> {
  const postId = await newPost(ctx);
  const answer = await api(ctx.url, "POST", "/api/comments", { member: ctx.owner, json: { postId, content: `Matrix comment ${ctx.seq()}` } });
  ensure(answer.status === 201, `setup: new comment ${answer.status} ${JSON.stringify(answer.body)}`);
  return Number(answer.body.id ?? answer.body.comment?.id);
}
async function newCar(ctx: Ctx): Promise<number> {
  const answer = await api(ctx.url, "POST", "/api/cars", { member: ctx.owner, json: { make: "Mazda", model: "MX-5", year: 1991 } });
  ensure(answer.status === 201, `setup: new car ${answer.status} ${JSON.stringify(answer.body)}`);
  return Number(answer.body.car?.id ?? answer.body.id);
}
async function newMod(ctx: Ctx): Promise<{ carId: number; modId: number }> {
  const carId = await newCar(ctx);
  const answer = await api(ctx.url, "POST", `/api/cars/${carId}/mods`, { member: ctx.owner, json: { mod_category: "Intake", model_name: `Matrix mod ${ctx.seq()}` } });
  ensure(answer.status === 201, `setup: new mod ${answer.status} ${JSON.stringify(answer.body)}`);
  return { carId, modId: Number(answer.body.mod?.id ?? answer.body.id) };
}
async function newEvent(ctx: Ctx): Promise<number> {
  const answer = await api(ctx.url, "POST", "/api/events", { member: ctx.admin, json: { name: `Matrix meet ${ctx.seq()}`, date_time: "2030-06-01T10:00" } });
  ensure(answer.status === 201, `setup: new event ${answer.status} ${JSON.stringify(answer.body)}`);
  return Number(answer.body.event?.id ?? answer.body.id);
}
/** A notification of the owner's (another member likes the owner's post). */
async function newNotification(ctx: Ctx): Promise<number> {
  const postId = await newPost(ctx);
  await api(ctx.url, "POST", `/api/posts/${postId}/like`, { member: ctx.other, json: { type: "like" } });
  const list = await api(ctx.url, "GET", "/api/notifications", { member: ctx.owner });
  const items = (list.body.notifications ?? list.body) as { id: number }[];
  ensure(Array.isArray(items) && items.length > 0, `setup: the owner has no notification ${JSON.stringify(list.body).slice(0, 200)}`);
  return items[0].id;
}
async function newFlag(ctx: Ctx): Promise<number> {
  const postId = await newPost(ctx);
  const answer = await api(ctx.url, "POST", "/api/flags/create", { member: ctx.other, json: { contentType: "post", contentId: postId, reason: "spam" } });
  ensure(answer.status === 201, `setup: new flag ${answer.status} ${JSON.stringify(answer.body)}`);
  return postId;
}
async function newUser(ctx: Ctx): Promise<Member> {
  return register(ctx.url, `matrix_${ctx.seq()}_${Date.now().toString(36)}`);
}

const json = (actor: Member | null, ctx: Ctx, method: string, path: string, body?: unknown) => api(ctx.url, method, path, { member: actor, json: body ?? {} });
/** A plain form post to a page, as a browser without JavaScript sends it. */
const page = (actor: Member | null, ctx: Ctx, path: string, form: Record<string, string>) =>
  api(ctx.url, "POST", path, { member: actor, form, headers: { Accept: "text/html", Origin: ctx.url } });

const R = (route: string, expect: Expect, run: Row["run"]): Row => ({ route, expect, run });
const E = (visitor: Expect["visitor"], other: Expect["other"], owner: Expect["owner"], admin: Expect["admin"]): Expect => ({ visitor, other, owner, admin });
const REDIRECT = [302, 303];

// ------------------------------------------------------------------ the matrix
//                                                    visitor  other   owner    admin
const MATRIX: Row[] = [
  // posts
  R("POST /api/posts", E(401, 201, 201, 201), (a, c) => json(a, c, "POST", "/api/posts", { story: `New ${c.seq()}` })),
  R("DELETE /api/posts/{id}", E(401, 403, 204, 204), async (a, c) => json(a, c, "DELETE", `/api/posts/${await newPost(c)}`)),
  R("POST /api/posts/{id} intent=delete", E(401, 403, 204, 204), async (a, c) => json(a, c, "POST", `/api/posts/${await newPost(c)}`, { intent: "delete" })),
  R("POST /api/posts/{id}/like", E(401, 200, 200, 200), async (a, c) => json(a, c, "POST", `/api/posts/${await newPost(c)}/like`, { type: "like" })),
  R("POST /api/posts/{id}/save", E(401, 200, 200, 200), async (a, c) => json(a, c, "POST", `/api/posts/${await newPost(c)}/save`)),
  R("POST /api/posts/{id}/share", E(200, 200, 200, 200), async (a, c) => json(a, c, "POST", `/api/posts/${await newPost(c)}/share`, { channel: "link" })),
  // comments
  R("POST /api/comments", E(401, 201, 201, 201), async (a, c) => json(a, c, "POST", "/api/comments", { postId: await newPost(c), content: "Nice" })),
  R("DELETE /api/comments/{id}", E(401, 403, 200, 200), async (a, c) => json(a, c, "DELETE", `/api/comments/${await newComment(c)}`)),
  R("POST /api/comments/{id}/like", E(401, 200, 200, 200), async (a, c) => json(a, c, "POST", `/api/comments/${await newComment(c)}/like`)),
  // cars and mods (owner only; administrators do not edit other people's garages)
  R("POST /api/cars", E(401, 201, 201, 201), (a, c) => json(a, c, "POST", "/api/cars", { make: "Honda", model: "S2000", year: 2004 })),
  R("PATCH /api/cars/{id}", E(401, 403, 200, 403), async (a, c) => json(a, c, "PATCH", `/api/cars/${await newCar(c)}`, { nickname: "Red" })),
  R("DELETE /api/cars/{id}", E(401, 403, 204, 403), async (a, c) => json(a, c, "DELETE", `/api/cars/${await newCar(c)}`)),
  R("POST /api/cars/{id}/mods", E(401, 403, 201, 403), async (a, c) =>
    json(a, c, "POST", `/api/cars/${await newCar(c)}/mods`, { mod_category: "Exhaust", model_name: "Cat-back" }),
  ),
  R("PATCH /api/mods/{id}", E(401, 403, 200, 403), async (a, c) => json(a, c, "PATCH", `/api/mods/${(await newMod(c)).modId}`, { model_name: "Renamed" })),
  R("DELETE /api/mods/{id}", E(401, 403, 204, 403), async (a, c) => json(a, c, "DELETE", `/api/mods/${(await newMod(c)).modId}`)),
  // Following your own car is allowed (it only skips the notification).
  R("POST /api/cars/{id}/follow", E(401, 200, 200, 200), async (a, c) => json(a, c, "POST", `/api/cars/${await newCar(c)}/follow`)),
  // people
  R("POST /api/users/{owner}/follow", E(401, 200, 400, 200), (a, c) => json(a, c, "POST", `/api/users/${c.owner.username}/follow`)),
  R("POST /api/users/{owner}/block", E(401, 200, 400, 200), async (a, c) => {
    const answer = await json(a, c, "POST", `/api/users/${c.owner.username}/block`);
    if (answer.status === 200 && a) await json(a, c, "POST", `/api/users/${c.owner.username}/block`); // unblock again
    return answer;
  }),
  R("POST /api/messages (to owner)", E(401, 201, 400, 201), (a, c) => json(a, c, "POST", "/api/messages", { to: c.owner.username, content: `Hello ${c.seq()}` })),
  // Marking a conversation read (with the owner): yourself is a 400.
  R("POST /api/messages/{owner}/read", E(401, 200, 400, 200), (a, c) => json(a, c, "POST", `/api/messages/${c.owner.username}/read`)),
  // notifications
  R("POST /api/notifications/{id}/read", E(401, 404, 200, 404), async (a, c) => json(a, c, "POST", `/api/notifications/${await newNotification(c)}/read`)),
  R("POST /api/notifications/read-all", E(401, 204, 204, 204), (a, c) => json(a, c, "POST", "/api/notifications/read-all")),
  // events (administrators manage them; members attend)
  R("POST /api/events", E(401, 403, 403, 201), (a, c) => json(a, c, "POST", "/api/events", { name: `Meet ${c.seq()}`, date_time: "2030-07-01T10:00" })),
  R("PATCH /api/events/{id}", E(401, 403, 403, 200), async (a, c) => json(a, c, "PATCH", `/api/events/${await newEvent(c)}`, { location: "Track" })),
  R("DELETE /api/events/{id}", E(401, 403, 403, [200, 204]), async (a, c) => json(a, c, "DELETE", `/api/events/${await newEvent(c)}`)),
  R("POST /api/events/{id}/attend", E(401, 200, 200, 200), async (a, c) => json(a, c, "POST", `/api/events/${await newEvent(c)}/attend`)),
  // reports, feedback, profile, account
  R("POST /api/flags/create", E(401, 201, 201, 201), async (a, c) =>
    json(a, c, "POST", "/api/flags/create", { contentType: "post", contentId: await newPost(c, c.admin), reason: "spam" }),
  ),
  R("POST /api/feedback/submit", E(201, 201, 201, 201), (a, c) => json(a, c, "POST", "/api/feedback/submit", { feedback_text: "Works well" })),
  R("PATCH /api/profile", E(401, 200, 200, 200), (a, c) => json(a, c, "PATCH", "/api/profile", { nickname: `Nick ${c.seq()}` })),
  R("POST /api/auth/sessions/others", E(401, 200, 200, 200), (a, c) => json(a, c, "POST", "/api/auth/sessions/others")),
  R("POST /api/auth/two-factor/enrol", E(401, 200, 200, 200), (a, c) => json(a, c, "POST", "/api/auth/two-factor/enrol", { password: "password123" })),
  // new members are unverified; the demo administrator is verified already
  R("POST /api/auth/verify-email/resend", E(401, 200, 200, 409), (a, c) => json(a, c, "POST", "/api/auth/verify-email/resend")),
  R("POST /verify-email (unknown link)", E(400, 400, 400, 400), (a, c) => page(a, c, "/verify-email", { token: "not-a-real-token" })),
  R("POST /api/auth/refresh-session", E(401, 200, 200, 200), (a, c) => json(a, c, "POST", "/api/auth/refresh-session")),
  // administration
  R("POST /api/admin/flags (dismiss)", E(401, 403, 403, 200), async (a, c) =>
    json(a, c, "POST", "/api/admin/flags", { contentType: "post", contentId: await newFlag(c), action: "dismiss" }),
  ),
  R("POST /api/admin/users/{id}/role", E(401, 403, 403, 200), async (a, c) => json(a, c, "POST", `/api/admin/users/${(await newUser(c)).id}/role`, { role: "member" })),
  R("POST /api/admin/users/{id}/suspend", E(401, 403, 403, 200), async (a, c) =>
    json(a, c, "POST", `/api/admin/users/${(await newUser(c)).id}/suspend`, { suspended: true }),
  ),
  // page actions (plain form posts, as without JavaScript): visitors are sent to sign in,
  // someone else's car or mod is 403 (as in the API), success redirects (post/redirect/get)
  R("POST /my-cars/new", E(REDIRECT, REDIRECT, REDIRECT, REDIRECT), (a, c) => page(a, c, "/my-cars/new", { make: "Toyota", model: "AE86", year: "1986" })),
  R("POST /my-cars intent=delete", E(REDIRECT, 403, REDIRECT, 403), async (a, c) => page(a, c, "/my-cars", { intent: "delete", carId: String(await newCar(c)) })),
  R("POST /my-cars/{id}/edit", E(REDIRECT, 403, REDIRECT, 403), async (a, c) =>
    page(a, c, `/my-cars/${await newCar(c)}/edit`, { make: "Mazda", model: "MX-5", year: "1992" }),
  ),
  R("POST /my-cars/{id}/edit intent=delete", E(REDIRECT, 403, REDIRECT, 403), async (a, c) => page(a, c, `/my-cars/${await newCar(c)}/edit`, { intent: "delete" })),
  R("POST /my-cars/{id}/mods/new", E(REDIRECT, 403, REDIRECT, 403), async (a, c) =>
    page(a, c, `/my-cars/${await newCar(c)}/mods/new`, { mod_category: "Wheels", model_name: "TE37" }),
  ),
  R("POST /my-cars/{id}/mods intent=delete", E(REDIRECT, 403, REDIRECT, 403), async (a, c) => {
    const { carId, modId } = await newMod(c);
    return page(a, c, `/my-cars/${carId}/mods`, { intent: "delete", modId: String(modId) });
  }),
  R("POST /my-cars/{id}/mods/{modId}", E(REDIRECT, 403, REDIRECT, 403), async (a, c) => {
    const { carId, modId } = await newMod(c);
    return page(a, c, `/my-cars/${carId}/mods/${modId}`, { mod_category: "Wheels", model_name: "Renamed" });
  }),
  R("POST /my-cars/{id}/mods/{modId} intent=delete", E(REDIRECT, 403, REDIRECT, 403), async (a, c) => {
    const { carId, modId } = await newMod(c);
    return page(a, c, `/my-cars/${carId}/mods/${modId}`, { intent: "delete" });
  }),
  R("POST /profile intent=nickname", E(REDIRECT, REDIRECT, REDIRECT, REDIRECT), (a, c) => page(a, c, "/profile", { intent: "nickname", nickname: `Page ${c.seq()}` })),
  R("POST /profile/security intent=signout-others", E(REDIRECT, REDIRECT, REDIRECT, REDIRECT), (a, c) => page(a, c, "/profile/security", { intent: "signout-others" })),
  R("POST /logout", E(REDIRECT, REDIRECT, REDIRECT, REDIRECT), async (a, c, role) => {
    // Signs the actor out: a fresh session of theirs, not the one the other rows use.
    const fresh = a && role !== "visitor" ? await signIn(c.url, { email: a.email, password: "password123" }) : null;
    return page(fresh, c, "/logout", {});
  }),
];

function matches(expected: number | number[], status: number): boolean {
  return Array.isArray(expected) ? expected.includes(status) : expected === status;
}
const show = (value: number | number[]) => (Array.isArray(value) ? value.join("/") : String(value));

export const authz: Check = {
  name: "authz",
  async run(log) {
    const ws = workspace("authz");
    const server = await startServer(ws, PORT);
    let n = 0;
    const ctx: Ctx = {
      url: server.url,
      owner: await register(server.url, `owner_${Date.now().toString(36)}`),
      other: await register(server.url, `other_${Date.now().toString(36)}`),
      admin: await signIn(server.url, DEMO.admin),
      seq: () => ++n,
    };
    const actors: Record<Role, Member | null> = { visitor: null, other: ctx.other, owner: ctx.owner, admin: ctx.admin };
    const wrong: string[] = [];
    const lines: string[] = [];
    for (const row of MATRIX) {
      const got: string[] = [];
      for (const role of ROLES) {
        let status: number;
        try {
          status = (await row.run(actors[role], ctx, role)).status;
        } catch (error) {
          throw new Error(`${row.route} as ${role}: ${(error as Error).message}`);
        }
        const ok = matches(row.expect[role], status);
        got.push(ok ? String(status) : `${status}≠${show(row.expect[role])}`);
        if (!ok) wrong.push(`${row.route} as ${role}: ${status}, expected ${show(row.expect[role])}`);
      }
      lines.push(`${row.route.padEnd(48)} ${got.map((cell) => cell.padEnd(9)).join(" ")}`);
    }
    await server.stop();
    if (process.env.AUTHZ_VERBOSE || wrong.length) {
      log(`${"route".padEnd(48)} ${ROLES.map((role) => role.padEnd(9)).join(" ")}`);
      for (const line of lines) log(line);
    }
    ensure(wrong.length === 0, `${wrong.length} wrong answers:\n  ${wrong.join("\n  ")}`);
    return `${MATRIX.length} mutating routes × ${ROLES.length} roles (visitor, other member, owner, administrator): every status as expected`;
  },
};
