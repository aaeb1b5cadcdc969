// Accounts that hold against attackers: email verification (link, page, resend, profile),
// ADMIN_EMAILS only for verified addresses with removals that stick, links built from
// APP_URL rather than the Host header, uniform sign-in timing and check-admin's answers.
import { createHash } from "node:crypto";
import bcrypt from "bcryptjs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { prisma } from "~/db.server";
import { resetRateLimits } from "~/models/rate-limit.server";
import { verifyLogin } from "~/models/user.server";
import { action as login } from "~/routes/api.auth.login";
import { action as requestReset } from "~/routes/api.auth.reset-password";
import { action as resend } from "~/routes/api.auth.verify-email.resend";
import { action as verifyAction, loader as verifyLoader } from "~/routes/verify-email";
import { action as profileAction, loader as profileLoader } from "~/routes/profile";
import { action as roleAction } from "~/routes/api.admin.users.$id.role";
import { loader as adminLoader } from "~/routes/admin";
import { loader as checkAdmin } from "~/routes/api.users.check-admin";
import { loader as showcaseLoader } from "~/routes/showcase.$carId";
import { action as register } from "~/routes/api.auth.register";
import { sessionOf, signUp } from "../support/accounts";
import { args, call, cookiesOf, formRequest, getRequest, jsonRequest } from "../support/requests";
import { linkTo, mailsIn, waitForMails } from "../support/mail";

const outbox = () => process.env.MAIL_OUTBOX_DIR!;
const VERIFY_SUBJECT = "Confirm your email address";

let saved: NodeJS.ProcessEnv;
beforeEach(() => {
  resetRateLimits();
  saved = { ...process.env };
});
afterEach(() => {
  for (const name of ["ADMIN_EMAILS", "APP_URL", "ALLOWED_HOSTS", "NODE_ENV"]) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

/** What a page loader or action answered with `data()`. */
type DataAnswer<T> = { data: T; init: { status?: number } | null };

async function verificationLink(email: string, count = 1): Promise<URL> {
  const mails = await waitForMails(outbox(), { to: email, subject: VERIFY_SUBJECT }, count);
  expect(mails.length).toBeGreaterThanOrEqual(count);
  return linkTo(mails.at(-1)!, "/verify-email");
}

async function openLink(link: URL) {
  return (await verifyLoader(args(getRequest(link.pathname + link.search)))) as unknown as DataAnswer<{
    state: string;
    email: string | null;
    username: string | null;
    message: string | null;
    token: string | null;
  }>;
}

async function confirm(token: string) {
  return (await verifyAction(args(formRequest("/verify-email", { token })))) as unknown as DataAnswer<{ ok: boolean; message?: string; error?: string }>;
}

/** The status of the Admin Area for this cookie (it throws `data(..., 403)` to others). */
async function adminAreaStatus(cookie: string): Promise<number> {
  try {
    await adminLoader(args(getRequest("/admin", { cookie })));
    return 200;
  } catch (thrown) {
    return thrown instanceof Response ? thrown.status : ((thrown as DataAnswer<unknown>).init?.status ?? 500);
  }
}

const verifiedAt = async (id: number) => (await prisma.user.findUniqueOrThrow({ where: { id } })).emailVerifiedAt;

describe("email verification", () => {
  it("mails a single-use link at sign-up, still signing in at once, and stores only the token's hash", async () => {
    const account = await signUp("fresh", { email: "Fresh@Example.com" });
    expect(account.body.autoLogin).toBe(true);
    expect(await sessionOf(account.cookie)).toMatchObject({ authenticated: true, user: { username: "fresh" } });
    expect(await verifiedAt(account.id)).toBeNull();

    const link = await verificationLink("fresh@example.com");
    expect(link.origin).toBe("http://127.0.0.1:3000");
    const token = link.searchParams.get("token")!;
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    const rows = await prisma.emailVerificationToken.findMany({ where: { userId: account.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(rows[0].email).toBe("fresh@example.com");
    expect(rows[0].expiresAt.getTime() - rows[0].createdAt.getTime()).toBe(24 * 60 * 60 * 1000);
  });

  it("opening the link only shows the button; the POST verifies once", async () => {
    const account = await signUp("clicker");
    const link = await verificationLink(account.email);

    const page = await openLink(link);
    expect(page.data).toMatchObject({ state: "valid", email: "clicker@example.com", username: "clicker", message: null });
    expect(page.data.token).toBe(link.searchParams.get("token"));
    // A mail scanner fetching the link verifies nothing.
    expect(await verifiedAt(account.id)).toBeNull();

    const done = await confirm(link.searchParams.get("token")!);
    // A member with no car yet goes on with the welcome steps.
    expect(done.data).toEqual({ ok: true, message: "Your email address is verified.", next: "/welcome/car" });
    expect(await verifiedAt(account.id)).not.toBeNull();

    const again = await confirm(link.searchParams.get("token")!);
    expect(again.init?.status).toBe(400);
    expect(again.data).toEqual({ ok: false, error: "This verification link has already been used." });
    expect((await openLink(link)).data).toMatchObject({ state: "used", message: "This verification link has already been used." });
  });

  it("says clearly when a link has expired or is not valid", async () => {
    const account = await signUp("latecomer");
    const link = await verificationLink(account.email);
    await prisma.emailVerificationToken.updateMany({ where: { userId: account.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await openLink(link)).data).toMatchObject({
      state: "expired",
      message: "This verification link has expired. Send a new one from your profile.",
    });
    const late = await confirm(link.searchParams.get("token")!);
    expect(late.init?.status).toBe(400);
    expect(late.data.error).toBe("This verification link has expired. Send a new one from your profile.");
    expect(await verifiedAt(account.id)).toBeNull();

    const invalid = "This verification link is not valid. Open the whole link from the email, or send a new one from your profile.";
    expect((await openLink(new URL("http://127.0.0.1:3000/verify-email?token=made-up"))).data).toMatchObject({ state: "invalid", message: invalid, email: null });
    expect((await openLink(new URL("http://127.0.0.1:3000/verify-email"))).data).toMatchObject({ state: "invalid" });
    expect((await confirm("made-up")).data).toEqual({ ok: false, error: invalid });
    const empty = (await verifyAction(args(formRequest("/verify-email", {})))) as unknown as DataAnswer<{ error: string }>;
    expect(empty.init?.status).toBe(400);
    expect(empty.data.error).toBe(invalid);
  });

  it("the profile shows the status and sends the link again; the API does too, rate limited", async () => {
    const account = await signUp("resender");
    await verificationLink(account.email);
    const before = (await profileLoader(args(getRequest("/profile", { cookie: account.cookie })))) as unknown as { emailVerified: boolean };
    expect(before.emailVerified).toBe(false);

    const again = await call(profileAction, formRequest("/profile", { intent: "resend-verification" }, { cookie: account.cookie }));
    expect(again.status).toBe(303);
    expect(again.headers.get("Location")).toBe("/profile");
    const second = await verificationLink(account.email, 2);

    const api = await call(resend, jsonRequest("/api/auth/verify-email/resend", {}, { cookie: account.cookie }));
    expect(api.status).toBe(200);
    expect(await api.json()).toEqual({ success: true, message: "We've sent a new verification link. It works once, within 24 hours." });
    await verificationLink(account.email, 3);

    // Any of the links works once; afterwards the others are spent too.
    expect((await confirm(second.searchParams.get("token")!)).data.ok).toBe(true);
    const after = (await profileLoader(args(getRequest("/profile", { cookie: account.cookie })))) as unknown as { emailVerified: boolean };
    expect(after.emailVerified).toBe(true);
    expect(await prisma.emailVerificationToken.count({ where: { userId: account.id, usedAt: null } })).toBe(0);

    const verified = await call(resend, jsonRequest("/api/auth/verify-email/resend", {}, { cookie: account.cookie }));
    expect(verified.status).toBe(409);
    expect(await verified.json()).toEqual({ error: "Your email address is already verified.", status: 409 });

    const visitor = await call(resend, jsonRequest("/api/auth/verify-email/resend", {}));
    expect(visitor.status).toBe(401);

    const other = await signUp("bomber");
    let last: Response | null = null;
    for (let i = 0; i < 8 && last?.status !== 429; i += 1) {
      last = await call(resend, jsonRequest("/api/auth/verify-email/resend", {}, { cookie: other.cookie }));
    }
    expect(last?.status).toBe(429);
    expect(Number(last?.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(mailsIn(outbox(), { to: other.email, subject: VERIFY_SUBJECT }).length).toBeLessThanOrEqual(6);
  });

  it("a password reset through the emailed link proves the address", async () => {
    const account = await signUp("resetproof");
    await call(requestReset, jsonRequest("/api/auth/reset-password", { email: account.email }));
    const [mail] = await waitForMails(outbox(), { to: account.email, subject: "Reset your password" });
    const token = linkTo(mail, "/reset-password").searchParams.get("token")!;
    const { resetPasswordWithToken } = await import("~/models/password-reset.server");
    await resetPasswordWithToken(token, "newpass1");
    expect(await verifiedAt(account.id)).not.toBeNull();
  });
});

describe("ADMIN_EMAILS", () => {
  async function verify(email: string) {
    const link = await verificationLink(email);
    expect((await confirm(link.searchParams.get("token")!)).data.ok).toBe(true);
  }

  it("grants nothing to an unverified address, at sign-up or at sign-in", async () => {
    process.env.ADMIN_EMAILS = "claimer@example.com";
    const claimer = await signUp("claimer");
    expect(claimer.body.user).not.toHaveProperty("role", "admin");
    expect((await prisma.user.findUniqueOrThrow({ where: { id: claimer.id } })).role).toBe("member");
    expect(await adminAreaStatus(claimer.cookie)).toBe(403);

    const again = await call(login, jsonRequest("/api/auth/login", { email: claimer.email, password: "secret1" }));
    expect(again.status).toBe(200);
    expect((await again.json()).user.role).toBe("member");
    const self = await call(checkAdmin, getRequest("/api/users/check-admin", { cookie: cookiesOf(again) }));
    expect(await self.json()).toEqual({ isAdmin: false });
  });

  it("promotes once the address is verified; an administrator's removal sticks", async () => {
    process.env.ADMIN_EMAILS = "boss@example.com,chief@example.com";
    const chief = await signUp("chief");
    await verify(chief.email);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: chief.id } })).role).toBe("admin");
    expect(await adminAreaStatus(chief.cookie)).toBe(200);

    const boss = await signUp("boss");
    await verify(boss.email);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: boss.id } })).role).toBe("admin");

    // The Admin Area marks the listed account, and its toggle is no longer locked.
    const page = (await adminLoader(args(getRequest("/admin?tab=users&q=boss", { cookie: chief.cookie })))) as unknown as {
      content: { users: { username: string; admin_by_env: boolean }[] };
    };
    expect(page.content.users.find((u) => u.username === "boss")?.admin_by_env).toBe(true);

    const demoted = await call(roleAction, jsonRequest(`/api/admin/users/${boss.id}/role`, { role: "member" }, { cookie: chief.cookie }), { id: String(boss.id) });
    expect(demoted.status).toBe(200);
    expect((await demoted.json()).user.is_admin).toBe(false);

    // Signing in again does not bring the role back.
    const signIn = await call(login, jsonRequest("/api/auth/login", { email: boss.email, password: "secret1" }));
    expect((await signIn.json()).user.role).toBe("member");
    expect((await prisma.user.findUniqueOrThrow({ where: { id: boss.id } })).role).toBe("member");
    expect(await adminAreaStatus(cookiesOf(signIn))).toBe(403);

    // An administrator may grant it again; then a later removal is remembered again.
    const granted = await call(roleAction, jsonRequest(`/api/admin/users/${boss.id}/role`, { role: "admin" }, { cookie: chief.cookie }), { id: String(boss.id) });
    expect((await granted.json()).user.is_admin).toBe(true);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: boss.id } })).adminRevokedAt).toBeNull();
  });

  it("an address added to ADMIN_EMAILS later counts at the next sign-in of its verified account", async () => {
    const later = await signUp("later");
    await verify(later.email);
    const first = await call(login, jsonRequest("/api/auth/login", { email: later.email, password: "secret1" }));
    expect((await first.json()).user.role).toBe("member");
    process.env.ADMIN_EMAILS = "later@example.com";
    const second = await call(login, jsonRequest("/api/auth/login", { email: later.email, password: "secret1" }));
    expect((await second.json()).user.role).toBe("admin");
  });
});

describe("links come from APP_URL, not from the Host header", () => {
  const fromAttacker = (path: string, body: unknown, cookie?: string) =>
    new Request(`http://attacker.example${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Host: "attacker.example", ...(cookie ? { Cookie: cookie } : {}) },
      body: JSON.stringify(body),
    });

  it("a reset requested with Host: attacker.example mails a link to the real app", async () => {
    await signUp("victim");
    delete process.env.APP_URL;
    const response = await call(requestReset, fromAttacker("/api/auth/reset-password", { email: "victim@example.com" }));
    expect(response.status).toBe(200);
    const [mail] = await waitForMails(outbox(), { to: "victim@example.com", subject: "Reset your password" });
    // No APP_URL outside production: the app's local address, never the attacker's.
    expect(linkTo(mail, "/reset-password").origin).toBe("http://localhost:3000");

    process.env.APP_URL = "https://cars.example.com/";
    resetRateLimits();
    await call(requestReset, fromAttacker("/api/auth/reset-password", { email: "victim@example.com" }));
    const mails = await waitForMails(outbox(), { to: "victim@example.com", subject: "Reset your password" }, 2);
    expect(linkTo(mails[1], "/reset-password").origin).toBe("https://cars.example.com");
  });

  it("without APP_URL, outside production, an unknown host gets the local default; ALLOWED_HOSTS widens it", async () => {
    delete process.env.APP_URL;
    const signUpFrom = (host: string, username: string) =>
      call(
        register,
        new Request(`http://${host}/api/auth/register`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ username, email: `${username}@example.com`, password: "secret1" }),
        }),
      );
    expect((await signUpFrom("attacker.example", "hosted")).status).toBe(201);
    expect((await verificationLink("hosted@example.com")).origin).toBe("http://localhost:3000");

    process.env.ALLOWED_HOSTS = "cars.lan, Garage.Local:8080";
    expect((await signUpFrom("garage.local:8080", "lanuser")).status).toBe(201);
    expect((await verificationLink("lanuser@example.com")).origin).toBe("http://garage.local:8080");

    await call(requestReset, fromAttacker("/api/auth/reset-password", { email: "lanuser@example.com" }));
    const [mail] = await waitForMails(outbox(), { to: "lanuser@example.com", subject: "Reset your password" });
    expect(linkTo(mail, "/reset-password").origin).toBe("http://localhost:3000");
  });

  it("the showcase's og:url ignores a foreign Host", async () => {
    const owner = await signUp("shower");
    const car = await prisma.car.create({ data: { ownerId: owner.id, make: "Mazda", model: "MX-5", year: 1990 } });
    const request = new Request(`http://attacker.example/showcase/${car.id}`);
    const page = (await showcaseLoader(args(request, { carId: String(car.id) }))) as unknown as { share: { url: string } };
    expect(page.share.url).toBe(`http://localhost:3000/showcase/${car.id}`);
    process.env.APP_URL = "https://cars.example.com";
    const configured = (await showcaseLoader(args(request, { carId: String(car.id) }))) as unknown as { share: { url: string } };
    expect(configured.share.url).toBe(`https://cars.example.com/showcase/${car.id}`);
  });
});

describe("sign-in timing", () => {
  it("a missing account costs the same bcrypt comparison as a wrong password", async () => {
    await signUp("timed");
    const compare = vi.spyOn(bcrypt, "compare");
    try {
      await expect(verifyLogin("nobody-here@example.com", "secret1")).rejects.toThrow("Invalid email/username or password");
      expect(compare).toHaveBeenCalledTimes(1);
      await expect(verifyLogin("timed@example.com", "wrong-one")).rejects.toThrow("Invalid email/username or password");
      expect(compare).toHaveBeenCalledTimes(2);
    } finally {
      compare.mockRestore();
    }

    const time = async (email: string) => {
      const started = performance.now();
      await call(login, jsonRequest("/api/auth/login", { email, password: "wrong-one" }));
      return performance.now() - started;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const existing: number[] = [];
    const missing: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      existing.push(await time("timed@example.com"));
      missing.push(await time(`missing${i}@example.com`));
    }
    // Before: about 60 ms against 2 ms. Now both pay for one bcrypt comparison.
    expect(median(missing)).toBeGreaterThan(median(existing) * 0.4);
  });
});

describe("GET /api/users/check-admin", () => {
  it("answers visitors 401, members only about themselves, administrators about anyone", async () => {
    const member = await signUp("plainmember");
    const boss = await prisma.user.create({ data: { username: "realboss", email: "realboss@example.com", role: "admin", emailVerifiedAt: new Date() } });

    const visitor = await call(checkAdmin, getRequest(`/api/users/check-admin?userId=${boss.id}`));
    expect(visitor.status).toBe(401);

    const probing = await call(checkAdmin, getRequest(`/api/users/check-admin?userId=${boss.id}`, { cookie: member.cookie }));
    expect(probing.status).toBe(403);
    expect(await probing.json()).toEqual({ error: "You can only check your own account", status: 403 });

    const self = await call(checkAdmin, getRequest(`/api/users/check-admin?userId=${member.id}`, { cookie: member.cookie }));
    expect(await self.json()).toEqual({ isAdmin: false });

    const bossLogin = await call(login, jsonRequest("/api/auth/login", { email: "realboss@example.com", password: "x" }));
    expect(bossLogin.status).toBe(401); // no password: signed in below through a session instead
    const { startSession } = await import("~/models/auth.server");
    const bossCookie = (await startSession(new Request("http://127.0.0.1:3000/"), boss))[0]!.split(";")[0];
    const asAdmin = await call(checkAdmin, getRequest(`/api/users/check-admin?userId=${member.id}`, { cookie: bossCookie }));
    expect(await asAdmin.json()).toEqual({ isAdmin: false });
    const adminSelf = await call(checkAdmin, getRequest(`/api/users/check-admin?userId=${boss.id}`, { cookie: bossCookie }));
    expect(await adminSelf.json()).toEqual({ isAdmin: true });

    const bad = await call(checkAdmin, getRequest("/api/users/check-admin?userId=abc", { cookie: member.cookie }));
    expect(bad.status).toBe(400);
  });
});
