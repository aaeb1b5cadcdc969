// A car changing hands, through its pages: the owner starts a handover (a link, or addressed
// to a member), the buyer accepts or declines with a plain form post, the seller can cancel.
// Every bad link answers 4xx saying why and changes nothing; accepting moves the car, its
// history and its private costs in one transaction; followers are told; the seller's posts
// say "while owned by"; the showcase lists the owners and a profile the cars they used to own.
import { spawn } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { carLines } from "~/components/post/post-view";
import { HANDOVER_MESSAGES } from "~/lib/rules/handover";
import { acceptHandover, ownershipHistory, startHandover } from "~/models/car-handover.server";
import { listCarMods } from "~/models/mod-reads.server";
import { getNotificationFeed } from "~/models/notification.server";
import { RULES, hit } from "~/models/rate-limit.server";
import { action as offerAction, loader as offerLoader } from "~/routes/handover.$carId.($token)";
import { action as handoverAction, loader as handoverLoader } from "~/routes/my-cars.$carId.handover";
import { loader as postLoader } from "~/routes/post.$id";
import { loader as showcaseLoader } from "~/routes/showcase.$carId";
import { loader as userLoader } from "~/routes/user.$username";
import { makeUser, type TestUser } from "../support/accounts";
import { onPostgres } from "../support/database";
import { answer, answerJson, args, formRequest, getRequest } from "../support/requests";
import { postPath, showcasePath } from "~/lib/paths";

type Answer = Response & { data?: { error?: string; link?: string; field?: string | null }; init?: { status?: number } };

async function carOf(owner: TestUser, nickname = "Ruby") {
  return prisma.car.create({ data: { ownerId: owner.id, make: "Mazda", model: "MX-5", year: 2019, nickname, createdAt: new Date("2024-01-05T10:00:00Z") } });
}

function start(seller: TestUser, carId: number, fields: Record<string, string> = {}, shown: string[] = []) {
  const body = new URLSearchParams({ intent: "start", ...fields });
  for (const id of shown) body.append("shown_cost", id);
  const request = new Request(`http://127.0.0.1:3000/my-cars/${carId}/handover`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: seller.cookie },
    body,
  });
  return answer<Answer>(handoverAction(args(request, { carId: String(carId) })));
}

/** Starts a handover through the page and answers its link's path and token. */
async function startLink(seller: TestUser, carId: number, fields: Record<string, string> = {}, shown: string[] = []) {
  const reply = await start(seller, carId, fields, shown);
  expect(reply.init?.status ?? 200).toBe(200);
  const link = new URL(reply.data!.link!);
  const token = link.pathname.split("/")[3];
  return { path: link.pathname, token };
}

function params(carId: number, token?: string): Record<string, string> {
  return token === undefined ? { carId: String(carId) } : { carId: String(carId), token };
}

function openOffer(buyer: TestUser, carId: number, token?: string) {
  return answerJson(offerLoader(args(getRequest(`/handover/${carId}/${token ?? ""}`, { cookie: buyer.cookie }), params(carId, token))));
}

function answerOffer(buyer: TestUser, carId: number, intent: "accept" | "decline", token?: string) {
  return answer<Answer>(offerAction(args(formRequest(`/handover/${carId}/${token ?? ""}`, { intent }, { cookie: buyer.cookie }), params(carId, token))));
}

/** What a refusal says: a thrown `data({ error }, { status })`, or the JSON `{ error }` answer. */
async function reason(thrown: Answer): Promise<{ status: number | undefined; error: string | undefined }> {
  if (!("init" in thrown)) return { status: thrown.status, error: ((await thrown.clone().json()) as { error?: string }).error };
  return { status: thrown.init?.status ?? thrown.status, error: thrown.data?.error };
}

describe("starting a handover", () => {
  it("gives a link whose token is stored only as a hash, good for 14 days", async () => {
    const seller = await makeUser("ho_start_s");
    const car = await carOf(seller);
    const { path, token } = await startLink(seller, car.id);
    expect(path).toBe(`/handover/${car.id}/${token}`);
    const row = await prisma.carHandover.findFirstOrThrow({ where: { carId: car.id } });
    expect(row.status).toBe("pending");
    expect(row.tokenHash).not.toContain(token);
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(Math.round((row.expiresAt.getTime() - row.createdAt.getTime()) / 86_400_000)).toBe(14);

    // One at a time: the page shows the waiting one.
    const again = await start(seller, car.id);
    expect(await reason(again)).toEqual({ status: 409, error: HANDOVER_MESSAGES.waiting });
    const page = (await answer(handoverLoader(args(getRequest(`/my-cars/${car.id}/handover`, { cookie: seller.cookie }), { carId: String(car.id) })))) as {
      pending: { buyer: string | null } | null;
    };
    expect(page.pending).toMatchObject({ buyer: null });
  });

  it("a member cannot hand over a car they do not own (403); nor to themselves, a suspended member or nobody", async () => {
    const seller = await makeUser("ho_rules_s");
    const other = await makeUser("ho_rules_o");
    const suspended = await makeUser("ho_rules_x");
    await prisma.user.update({ where: { id: suspended.id }, data: { suspendedAt: new Date() } });
    const car = await carOf(seller);

    const notMine = await answer<Answer>(start(other, car.id));
    expect(await reason(notMine)).toEqual({ status: 403, error: HANDOVER_MESSAGES.notOwner });
    expect(await reason(await start(seller, car.id, { username: "ho_rules_s" }))).toEqual({ status: 400, error: HANDOVER_MESSAGES.self });
    expect(await reason(await start(seller, car.id, { username: "@ho_rules_x" }))).toEqual({ status: 400, error: HANDOVER_MESSAGES.suspended("ho_rules_x") });
    expect(await reason(await start(seller, car.id, { username: "nobody_here" }))).toEqual({ status: 404, error: HANDOVER_MESSAGES.noMember("nobody_here") });
    expect(await prisma.carHandover.count({ where: { carId: car.id } })).toBe(0);
  });
});

describe("rate limits", () => {
  it("a member past the garage's limit starts, accepts or declines nothing: a 303 back with the message", async () => {
    const seller = await makeUser("ho_rl_s");
    const buyer = await makeUser("ho_rl_b");
    const car = await carOf(seller);
    const { token } = await startLink(seller, car.id);
    for (const member of [seller, buyer]) {
      for (let i = 0; i < RULES.garage.limit; i++) await hit("garage", `user:${member.id}`);
    }
    const cancel = await answer<Answer>(
      handoverAction(args(formRequest(`/my-cars/${car.id}/handover`, { intent: "cancel" }, { cookie: seller.cookie }), { carId: String(car.id) })),
    );
    expect(cancel.status).toBe(303);
    expect(cancel.headers.get("Location")).toBe(`/my-cars/${car.id}/handover`);
    const accept = await answerOffer(buyer, car.id, "accept", token);
    expect(accept.status).toBe(303);
    expect(accept.headers.get("Location")).toBe(`/handover/${car.id}/${token}`);
    expect((await prisma.carHandover.findFirstOrThrow({ where: { carId: car.id } })).status).toBe("pending");
    expect((await prisma.car.findUniqueOrThrow({ where: { id: car.id } })).ownerId).toBe(seller.id);
  });
});

describe("a handover link that does nothing", () => {
  it("forged, for another car, expired, used, cancelled or declined: a 4xx saying why, and the car stays", async () => {
    const seller = await makeUser("ho_bad_s");
    const buyer = await makeUser("ho_bad_b");
    const car = await carOf(seller);
    const otherCar = await carOf(seller, "Blue");
    const { token } = await startLink(seller, car.id);

    const forged = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
    const checks: [string, number, string][] = [];
    const tryAccept = async (carId: number, t: string) => reason(await answerOffer(buyer, carId, "accept", t));
    checks.push([forged, 404, HANDOVER_MESSAGES.forged]);
    checks.push(["not-a-token", 404, HANDOVER_MESSAGES.forged]);
    for (const [bad, status, error] of checks) expect(await tryAccept(car.id, bad)).toEqual({ status, error });
    expect(await tryAccept(otherCar.id, token)).toEqual({ status: 400, error: HANDOVER_MESSAGES.otherCar });

    await prisma.carHandover.updateMany({ where: { carId: car.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await tryAccept(car.id, token)).toEqual({ status: 410, error: HANDOVER_MESSAGES.expired });
    await prisma.carHandover.updateMany({ where: { carId: car.id }, data: { expiresAt: new Date(Date.now() + 86_400_000) } });

    // The page says the same as the form.
    const page = await answer<Answer>(offerLoader(args(getRequest(`/handover/${otherCar.id}/${token}`, { cookie: buyer.cookie }), params(otherCar.id, token))));
    expect(await reason(page)).toEqual({ status: 400, error: HANDOVER_MESSAGES.otherCar });
    expect((await prisma.car.findUniqueOrThrow({ where: { id: car.id } })).ownerId).toBe(seller.id);

    // The seller cancels: the link is dead.
    const cancelled = await answer<Answer>(
      handoverAction(args(formRequest(`/my-cars/${car.id}/handover`, { intent: "cancel" }, { cookie: seller.cookie }), { carId: String(car.id) })),
    );
    expect(cancelled.status).toBe(303);
    expect(await tryAccept(car.id, token)).toEqual({ status: 410, error: HANDOVER_MESSAGES.cancelled });

    // The buyer declines another: dead too.
    const second = await startLink(seller, car.id);
    expect((await answerOffer(buyer, car.id, "decline", second.token)).status).toBe(303);
    expect(await tryAccept(car.id, second.token)).toEqual({ status: 410, error: HANDOVER_MESSAGES.declined });

    // Used once: not twice, by anyone.
    const third = await startLink(seller, car.id);
    expect((await answerOffer(buyer, car.id, "accept", third.token)).status).toBe(303);
    const late = await makeUser("ho_bad_late");
    expect(await reason(await answerOffer(late, car.id, "accept", third.token))).toEqual({ status: 410, error: HANDOVER_MESSAGES.used });
    expect((await prisma.car.findUniqueOrThrow({ where: { id: car.id } })).ownerId).toBe(buyer.id);
    expect(await reason(await answerOffer(seller, otherCar.id, "accept", third.token))).toEqual({ status: 400, error: HANDOVER_MESSAGES.otherCar });
  });

  it("the seller cannot take their own link; a visitor is sent to sign in and back", async () => {
    const seller = await makeUser("ho_self_s");
    const car = await carOf(seller);
    const { token, path } = await startLink(seller, car.id);
    expect(await reason(await answerOffer(seller, car.id, "accept", token))).toEqual({ status: 400, error: HANDOVER_MESSAGES.ownCar });
    const visitor = await answer<Response>(offerLoader(args(getRequest(path), params(car.id, token))));
    expect(visitor.status).toBe(302);
    expect(decodeURIComponent(visitor.headers.get("Location") ?? "")).toContain(path);
  });
});

describe("a handover addressed to a member", () => {
  it("tells them, only they can take it, with or without the link", async () => {
    const seller = await makeUser("ho_to_s");
    const buyer = await makeUser("ho_to_b");
    const stranger = await makeUser("ho_to_x");
    const car = await carOf(seller);
    const { token } = await startLink(seller, car.id, { username: "@HO_TO_B" });

    const feed = await getNotificationFeed(buyer.id);
    expect(feed.notifications).toMatchObject([{ type: "car_handover", message: "@ho_to_s wants to hand Ruby over to you", link: `/handover/${car.id}` }]);
    expect(await reason(await answerOffer(stranger, car.id, "accept", token))).toEqual({ status: 403, error: HANDOVER_MESSAGES.otherMember });
    expect(await reason(await answerOffer(stranger, car.id, "accept"))).toEqual({ status: 404, error: HANDOVER_MESSAGES.notForYou });

    const page = await openOffer(buyer, car.id);
    expect(page.status).toBe(200);
    expect(page.body.seller.username).toBe("ho_to_s");
    expect((await answerOffer(buyer, car.id, "accept")).headers.get("Location")).toBe(showcasePath(car.id));
    expect((await prisma.car.findUniqueOrThrow({ where: { id: car.id } })).ownerId).toBe(buyer.id);
  });
});

describe("accepting a handover", () => {
  it("moves the car with its followers and mods, writes the history, hides kept costs, tells followers, marks the seller's posts", async () => {
    const seller = await makeUser("ho_ok_s");
    const buyer = await makeUser("ho_ok_b");
    const fan = await makeUser("ho_ok_fan");
    const car = await carOf(seller);
    await prisma.carFollow.create({ data: { userId: fan.id, carId: car.id } });
    const shown = await prisma.mod.create({
      data: { carId: car.id, category: "Wheels", modelName: "TE37", costCents: 200_000, showCost: false, createdAt: new Date("2024-03-01T00:00:00Z") },
    });
    const kept = await prisma.mod.create({
      data: { carId: car.id, category: "Turbo", modelName: "GT2860", costCents: 450_000, showCost: true, createdAt: new Date("2024-04-01T00:00:00Z") },
    });
    const post = await prisma.post.create({ data: { createdById: seller.id, story: "Track day", postCars: { create: { carId: car.id } } } });

    // The seller shows the wheels' cost and keeps the turbo's private.
    const { token } = await startLink(seller, car.id, {}, [String(shown.id)]);
    const accepted = await answerOffer(buyer, car.id, "accept", token);
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get("Location")).toBe(showcasePath(car.id));

    expect((await prisma.car.findUniqueOrThrow({ where: { id: car.id } })).ownerId).toBe(buyer.id);
    expect(await prisma.carFollow.count({ where: { carId: car.id } })).toBe(1);
    expect(await prisma.mod.count({ where: { carId: car.id } })).toBe(2);

    // The new owner sees the cost the seller showed, never the one kept private.
    const { mods } = await listCarMods(car.id, buyer.id);
    expect(Object.fromEntries(mods.map((mod) => [mod.model_name, mod.cost ?? null]))).toEqual({ TE37: 2000, GT2860: null });

    const rows = await prisma.carOwnership.findMany({ where: { carId: car.id }, orderBy: { startedAt: "asc" } });
    expect(rows.map((row) => [row.userId, row.startedAt.toISOString(), row.endedAt === null])).toEqual([
      [seller.id, "2024-01-05T10:00:00.000Z", false],
      [buyer.id, rows[1].startedAt.toISOString(), true],
    ]);
    expect(JSON.parse(rows[0].privateCosts ?? "{}")).toEqual({ [kept.id]: 450_000 });

    const fanFeed = await getNotificationFeed(fan.id);
    expect(fanFeed.notifications).toMatchObject([{ type: "car_new_owner", message: "Ruby has a new owner", link: showcasePath(car.id) }]);
    expect((await getNotificationFeed(seller.id)).notifications.filter((n) => n.type === "car_new_owner")).toEqual([]);

    // The seller's post still shows the car, "while owned by" them.
    const postPage = (await answer(postLoader(args(getRequest(postPath(post.id)), { id: String(post.id) })))) as {
      post: Parameters<typeof carLines>[0] & { creator: { username: string } };
    };
    expect(carLines(postPage.post)).toMatchObject([{ id: car.id, formerOwner: true }]);

    // The showcase lists both owners with the mods of their time; the seller's profile the car.
    const showcase = (await answer(showcaseLoader(args(getRequest(showcasePath(car.id)), { carId: String(car.id) })))) as {
      owners: { username: string; to: string | null; mod_count: number; shown_cents: number }[];
    };
    expect(showcase.owners).toMatchObject([
      { username: "ho_ok_s", mod_count: 2, shown_cents: 200_000 },
      { username: "ho_ok_b", to: null, mod_count: 0, shown_cents: 0 },
    ]);
    const profile = (await answer(userLoader(args(getRequest("/user/ho_ok_s"), { username: "ho_ok_s" })))) as {
      formerCars: { id: number; owner_username: string }[];
    };
    expect(profile.formerCars).toMatchObject([{ id: car.id, owner_username: "ho_ok_b" }]);
  });

  it("a car never handed over has its owner since it was added", async () => {
    const owner = await makeUser("ho_first");
    const car = await carOf(owner);
    expect(await ownershipHistory(car.id)).toMatchObject([{ username: "ho_first", from: "2024-01-05T10:00:00.000Z", to: null }]);
    const post = await prisma.post.create({ data: { createdById: owner.id, story: "Mine", postCars: { create: { carId: car.id } } } });
    const postPage = (await answer(postLoader(args(getRequest(postPath(post.id)), { id: String(post.id) })))) as { post: Parameters<typeof carLines>[0] };
    expect(carLines(postPage.post)).toMatchObject([{ formerOwner: false }]);
  });

  it("a write that fails mid-way leaves the car wholly with the seller, and the link still good", async () => {
    const seller = await makeUser("ho_tx_s");
    const buyer = await makeUser("ho_tx_b");
    const car = await carOf(seller);
    await prisma.mod.create({ data: { carId: car.id, category: "Turbo", modelName: "GT2860", costCents: 450_000, showCost: false } });
    const { token } = await startLink(seller, car.id);
    // The history row of the handover cannot be written: the owner change before it must go too.
    if (onPostgres) {
      await prisma.$executeRawUnsafe(`CREATE FUNCTION handover_fails() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'disk failed'; END $$ LANGUAGE plpgsql`);
      await prisma.$executeRawUnsafe(`CREATE TRIGGER handover_fails BEFORE INSERT ON car_ownerships FOR EACH ROW EXECUTE FUNCTION handover_fails()`);
    } else {
      await prisma.$executeRawUnsafe(`CREATE TRIGGER handover_fails BEFORE INSERT ON car_ownerships BEGIN SELECT RAISE(ABORT, 'disk failed'); END`);
    }
    try {
      await expect(acceptHandover(car.id, buyer.id, token)).rejects.toThrow();
    } finally {
      await prisma.$executeRawUnsafe(onPostgres ? `DROP TRIGGER handover_fails ON car_ownerships` : `DROP TRIGGER handover_fails`);
      if (onPostgres) await prisma.$executeRawUnsafe(`DROP FUNCTION handover_fails()`);
    }
    expect((await prisma.car.findUniqueOrThrow({ where: { id: car.id } })).ownerId).toBe(seller.id);
    expect(await prisma.carOwnership.count({ where: { carId: car.id } })).toBe(0);
    expect((await prisma.carHandover.findFirstOrThrow({ where: { carId: car.id } })).status).toBe("pending");
    expect((await prisma.mod.findFirstOrThrow({ where: { carId: car.id } })).costCents).toBe(450_000);

    await acceptHandover(car.id, buyer.id, token);
    expect((await prisma.car.findUniqueOrThrow({ where: { id: car.id } })).ownerId).toBe(buyer.id);
  });

  it("a server killed in the middle of the handover's transaction leaves the car wholly with the seller", { timeout: 90_000 }, async () => {
    const seller = await makeUser("ho_kill_s");
    const buyer = await makeUser("ho_kill_b");
    const car = await carOf(seller);
    await prisma.mod.create({ data: { carId: car.id, category: "Turbo", modelName: "GT2860", costCents: 450_000, showCost: false } });
    const { token } = await startLink(seller, car.id);
    // Writing the history row takes a long time: the owner change before it is made, not committed.
    if (onPostgres) {
      await prisma.$executeRawUnsafe(`CREATE FUNCTION handover_stalls() RETURNS trigger AS $$ BEGIN PERFORM pg_sleep(60); RETURN NEW; END $$ LANGUAGE plpgsql`);
      await prisma.$executeRawUnsafe(`CREATE TRIGGER handover_stalls BEFORE INSERT ON car_ownerships FOR EACH ROW EXECUTE FUNCTION handover_stalls()`);
    } else {
      await prisma.$executeRawUnsafe(`CREATE TABLE stall (x INTEGER)`);
      await prisma.$executeRawUnsafe(`WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 30000) INSERT INTO stall SELECT x FROM n`);
      await prisma.$executeRawUnsafe(`CREATE TRIGGER handover_stalls BEFORE INSERT ON car_ownerships BEGIN SELECT COUNT(*) FROM stall a, stall b, stall c; END`);
    }
    const held = onPostgres
      ? async () => Number((await prisma.$queryRawUnsafe<Array<{ n: bigint }>>(`SELECT COUNT(*) AS n FROM pg_stat_activity WHERE wait_event = 'PgSleep'`))[0].n) > 0
      : async () => {
          // The child holds the database's write lock while its transaction is open.
          const other = new Database(new URL(process.env.DATABASE_URL!).pathname, { timeout: 0 });
          try {
            other.prepare("BEGIN IMMEDIATE").run();
            other.prepare("ROLLBACK").run();
            return false;
          } catch {
            return true;
          } finally {
            other.close();
          }
        };
    const marker = path.join(os.tmpdir(), `handover-child-${process.pid}-${car.id}`);
    const child = spawn(process.execPath, ["--import", "tsx", path.resolve(__dirname, "../support/handover-child.ts")], {
      cwd: path.resolve(__dirname, "../.."),
      env: { ...process.env, MARKER: marker, CAR_ID: String(car.id), BUYER_ID: String(buyer.id), TOKEN: token },
      stdio: "ignore",
    });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    try {
      const deadline = Date.now() + 60_000;
      while (!(existsSync(marker) && (await held())) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await held()).toBe(true);
      child.kill("SIGKILL");
      await exited;
      // The database drops the dead server's connection and its open transaction with it.
      if (onPostgres) await prisma.$executeRawUnsafe(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE wait_event = 'PgSleep'`);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await prisma.$executeRawUnsafe(onPostgres ? `DROP TRIGGER handover_stalls ON car_ownerships` : `DROP TRIGGER handover_stalls`);
      await prisma.$executeRawUnsafe(onPostgres ? `DROP FUNCTION handover_stalls()` : `DROP TABLE stall`);
      rmSync(marker, { force: true });
    }
    expect((await prisma.car.findUniqueOrThrow({ where: { id: car.id } })).ownerId).toBe(seller.id);
    expect(await prisma.carOwnership.count({ where: { carId: car.id } })).toBe(0);
    expect((await prisma.carHandover.findFirstOrThrow({ where: { carId: car.id } })).status).toBe("pending");
    expect((await prisma.mod.findFirstOrThrow({ where: { carId: car.id } })).costCents).toBe(450_000);
    // The buyer can still take it.
    await acceptHandover(car.id, buyer.id, token);
    expect((await prisma.car.findUniqueOrThrow({ where: { id: car.id } })).ownerId).toBe(buyer.id);
  });

  it("the model refuses the same way: starting on someone else's car", async () => {
    const owner = await makeUser("ho_m_o");
    const other = await makeUser("ho_m_x");
    const car = await carOf(owner);
    await expect(startHandover(car.id, other.id, { shownCosts: [] })).rejects.toMatchObject({ status: 403 });
  });
});
