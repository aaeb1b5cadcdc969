// Messages: conversation access rules, ordering, unread counts, blocking and suspensions,
// through the real routes (loaders and actions called with real requests).
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { MemoryTransport } from "~/lib/server/live-transport.server";
import { setLiveTransport, subscribe } from "~/lib/server/live-hub.server";
import type { LiveEvent } from "~/lib/wire";
import { resetRateLimits } from "~/models/rate-limit.server";
import { listConversations, MESSAGE_MAX_CHARS, THREAD_PAGE } from "~/models/message.server";
import { action as sendAction, loader as listLoader } from "~/routes/api.messages";
import { loader as threadLoader } from "~/routes/api.messages.$username";
import { action as markReadAction } from "~/routes/api.messages.$username.read";
import { loader as unreadLoader } from "~/routes/api.messages.unread-count";
import { action as blockAction, loader as blockLoader } from "~/routes/api.users.$username.block";
import { answer, args, formRequest, getRequest, jsonRequest } from "../support/requests";
import { makeUser, type TestUser } from "../support/accounts";

beforeEach(async () => {
  await resetRateLimits();
  setLiveTransport(new MemoryTransport());
});

async function send(from: TestUser | null, to: string, content: unknown) {
  const response = await answer(sendAction(args(jsonRequest("/api/messages", { to, content }, { cookie: from?.cookie }))));
  return { status: response.status, body: await response.json() };
}

async function thread(viewer: TestUser | null, username: string, query = "") {
  const response = await answer(threadLoader(args(getRequest(`/api/messages/${username}${query}`, { cookie: viewer?.cookie }), { username })));
  return { status: response.status, body: await response.json() };
}

async function markRead(viewer: TestUser, username: string) {
  const response = await answer(markReadAction(args(jsonRequest(`/api/messages/${username}/read`, {}, { cookie: viewer.cookie }), { username })));
  expect(response.status).toBe(200);
  return (await response.json()) as { read_at: string | null };
}

async function conversations(viewer: TestUser) {
  const response = await answer(listLoader(args(getRequest("/api/messages", { cookie: viewer.cookie }))));
  expect(response.status).toBe(200);
  return (await response.json()).conversations as Array<{
    user: { id: number; username: string; nickname: string | null; profileImage: string | null };
    last_message: { id: number; content: string; created_at: string; from_me: boolean };
    unread_count: number;
    blocked: boolean;
  }>;
}

async function unread(viewer: TestUser) {
  const response = await answer(unreadLoader(args(getRequest("/api/messages/unread-count", { cookie: viewer.cookie }))));
  return (await response.json()).count as number;
}

describe("sending", () => {
  it("sends a trimmed message and answers 201 { message }", async () => {
    const alice = await makeUser("m_alice");
    const bob = await makeUser("m_bob");
    const sent = await send(alice, "M_Bob", "  Hello Bob!  ");
    expect(sent.status).toBe(201);
    expect(sent.body.message).toMatchObject({ content: "Hello Bob!", from_me: true, sender_id: alice.id, recipient_id: bob.id, read_at: null });
    expect(Date.parse(sent.body.message.created_at)).not.toBeNaN();
  });

  it("refuses visitors, empty and over-long text, yourself and unknown people", async () => {
    const alice = await makeUser("m_carol");
    await makeUser("m_dave");
    expect((await send(null, "m_dave", "hi")).status).toBe(401);
    expect((await send(alice, "m_dave", "   ")).status).toBe(400);
    expect((await send(alice, "m_dave", 42)).status).toBe(400);
    expect((await send(alice, "m_dave", "x".repeat(MESSAGE_MAX_CHARS + 1))).status).toBe(400);
    expect((await send(alice, "m_dave", "x".repeat(MESSAGE_MAX_CHARS))).status).toBe(201);
    // Emoji count as one character each.
    expect((await send(alice, "m_dave", "🚗".repeat(MESSAGE_MAX_CHARS))).status).toBe(201);
    const self = await send(alice, "m_carol", "me");
    expect(self.status).toBe(400);
    expect(self.body.error).toBe("You can't message yourself");
    const nobody = await send(alice, "nobody_here", "hi");
    expect(nobody.status).toBe(404);
    expect((await send(alice, "", "hi")).status).toBe(400);
  });

  it("answers a plain form post with a redirect back, and a failure with a toast", async () => {
    const alice = await makeUser("m_form1");
    await makeUser("m_form2");
    const ok = await answer(
      sendAction(args(formRequest("/api/messages", { to: "m_form2", content: "via form", redirectTo: "/messages/m_form2" }, { cookie: alice.cookie }))),
    );
    expect(ok.status).toBe(303);
    expect(ok.headers.get("Location")).toBe("/messages/m_form2");
    const bad = await answer(sendAction(args(formRequest("/api/messages", { to: "m_form2", content: " ", redirectTo: "/messages/m_form2" }, { cookie: alice.cookie }))));
    expect(bad.status).toBe(303);
    expect(bad.headers.get("Set-Cookie")).toContain("__flash=");
  });

  it("limits how fast one person can send", async () => {
    const alice = await makeUser("m_fast");
    await makeUser("m_target");
    let status = 201;
    for (let i = 0; i < 40 && status === 201; i++) status = (await send(alice, "m_target", `n${i}`)).status;
    expect(status).toBe(429);
  });
});

describe("who can read a conversation", () => {
  it("only the two people in it; a third person naming one of them sees only their own", async () => {
    const alice = await makeUser("r_alice");
    const bob = await makeUser("r_bob");
    const eve = await makeUser("r_eve");
    await send(alice, "r_bob", "secret for bob");
    await send(bob, "r_alice", "secret reply");

    const asBob = await thread(bob, "r_alice");
    expect(asBob.status).toBe(200);
    expect(asBob.body.messages.map((m: { content: string }) => m.content)).toEqual(["secret for bob", "secret reply"]);

    // Eve can only name one person: she gets her (empty) conversation with them.
    for (const name of ["r_alice", "r_bob"]) {
      const asEve = await thread(eve, name);
      expect(asEve.status).toBe(200);
      expect(asEve.body.messages).toEqual([]);
    }
    expect(await conversations(eve)).toEqual([]);
    expect(JSON.stringify(await conversations(eve))).not.toContain("secret");

    // Signed out: nothing.
    expect((await thread(null, "r_alice")).status).toBe(401);
    const listAsVisitor = await answer(listLoader(args(getRequest("/api/messages"))));
    expect(listAsVisitor.status).toBe(401);
    const countAsVisitor = await answer(unreadLoader(args(getRequest("/api/messages/unread-count"))));
    expect(countAsVisitor.status).toBe(401);
  });

  it("answers 404 for an unknown partner and 400 for yourself", async () => {
    const alice = await makeUser("r_solo");
    expect((await thread(alice, "ghost")).status).toBe(404);
    expect((await thread(alice, "r_solo")).status).toBe(400);
  });
});

describe("conversation list and unread counts", () => {
  it("lists partners newest conversation first with the last message and unread counts", async () => {
    const me = await makeUser("c_me");
    const ann = await makeUser("c_ann");
    const ben = await makeUser("c_ben");
    const cy = await makeUser("c_cy");

    await send(ann, "c_me", "ann 1");
    await send(ben, "c_me", "ben 1");
    await send(ann, "c_me", "ann 2");
    await send(me, "c_cy", "hello cy");
    await send(ben, "c_me", "ben 2");
    await send(ben, "c_me", "ben 3");

    const list = await conversations(me);
    expect(list.map((c) => c.user.username)).toEqual(["c_ben", "c_cy", "c_ann"]);
    expect(list[0]).toMatchObject({
      user: { id: ben.id, username: "c_ben", nickname: expect.any(String), profileImage: null },
      last_message: { content: "ben 3", from_me: false },
      unread_count: 3,
      blocked: false,
    });
    expect(list[1]).toMatchObject({ last_message: { content: "hello cy", from_me: true }, unread_count: 0 });
    expect(list[2]).toMatchObject({ last_message: { content: "ann 2" }, unread_count: 2 });
    expect(await unread(me)).toBe(5);
    expect(await unread(cy)).toBe(1);

    // Reading Ann's thread changes nothing; the POST that marks it read marks only her messages.
    const read = await thread(me, "c_ann");
    expect(read.body.messages.map((m: { content: string }) => m.content)).toEqual(["ann 1", "ann 2"]);
    expect(await unread(me)).toBe(5);
    expect((await markRead(me, "c_ann")).read_at).toEqual(expect.any(String));
    expect(await unread(me)).toBe(3);
    const after = await conversations(me);
    expect(after.find((c) => c.user.username === "c_ann")?.unread_count).toBe(0);
    expect(after.find((c) => c.user.username === "c_ben")?.unread_count).toBe(3);
    // Ann sees her messages as read.
    const annView = await thread(ann, "c_me");
    expect(annView.body.messages.every((m: { read_at: string | null; from_me: boolean }) => m.from_me && m.read_at !== null)).toBe(true);

    // A new message moves the conversation to the top.
    await send(me, "c_ann", "back to you");
    expect((await conversations(me)).map((c) => c.user.username)).toEqual(["c_ann", "c_ben", "c_cy"]);
    expect((await conversations(ann))[0]).toMatchObject({ user: { username: "c_me" }, unread_count: 1, last_message: { from_me: false } });
  });

  it("builds the list with a fixed number of queries whatever the number of partners", async () => {
    const hub = await makeUser("q_hub");
    const others = await Promise.all(Array.from({ length: 12 }, (_, i) => makeUser(`q_p${i}`)));
    for (const other of others) {
      await prisma.message.create({ data: { senderId: other.id, recipientId: hub.id, content: `from ${other.username}` } });
      await prisma.message.create({ data: { senderId: hub.id, recipientId: other.id, content: `to ${other.username}` } });
    }
    // Count the model calls listConversations makes (the spy wraps the shared client).
    const { prisma: client } = await import("~/db.server");
    const calls: string[] = [];
    const original = { groupBy: client.message.groupBy, findMany: client.message.findMany, userFind: client.user.findMany, blockFind: client.block.findMany };
    client.message.groupBy = ((...a: unknown[]) => (calls.push("message.groupBy"), (original.groupBy as (...x: unknown[]) => unknown)(...a))) as never;
    client.message.findMany = ((...a: unknown[]) => (calls.push("message.findMany"), (original.findMany as (...x: unknown[]) => unknown)(...a))) as never;
    client.user.findMany = ((...a: unknown[]) => (calls.push("user.findMany"), (original.userFind as (...x: unknown[]) => unknown)(...a))) as never;
    client.block.findMany = ((...a: unknown[]) => (calls.push("block.findMany"), (original.blockFind as (...x: unknown[]) => unknown)(...a))) as never;
    try {
      const list = await listConversations(hub.id);
      expect(list).toHaveLength(12);
      expect(list[0].last_message.content).toBe("to q_p11");
      expect(list.every((c) => c.unread_count === 1)).toBe(true);
    } finally {
      Object.assign(client.message, { groupBy: original.groupBy, findMany: original.findMany });
      client.user.findMany = original.userFind;
      client.block.findMany = original.blockFind;
    }
    expect(calls.sort()).toEqual(["block.findMany", "message.findMany", "message.groupBy", "message.groupBy", "message.groupBy", "user.findMany"]);
  });
});

describe("thread pages", () => {
  it("answers the newest page oldest first, with `before` for older and `after` to catch up", async () => {
    const a = await makeUser("p_a");
    const b = await makeUser("p_b");
    const total = THREAD_PAGE + 5;
    await prisma.message.createMany({
      data: Array.from({ length: total }, (_, i) => ({
        senderId: i % 2 ? a.id : b.id,
        recipientId: i % 2 ? b.id : a.id,
        content: `m${i}`,
      })),
    });
    const first = await thread(a, "p_b");
    expect(first.body.messages).toHaveLength(THREAD_PAGE);
    expect(first.body.has_more).toBe(true);
    expect(first.body.messages[0].content).toBe("m5");
    expect(first.body.messages.at(-1).content).toBe(`m${total - 1}`);
    expect(first.body.user).toMatchObject({ username: "p_b" });
    expect(first.body.can_message).toBe(true);

    const older = await thread(a, "p_b", `?before=${first.body.messages[0].id}`);
    expect(older.body.messages.map((m: { content: string }) => m.content)).toEqual(["m0", "m1", "m2", "m3", "m4"]);
    expect(older.body.has_more).toBe(false);

    const lastId = first.body.messages.at(-3).id;
    const caughtUp = await thread(a, "p_b", `?after=${lastId}`);
    expect(caughtUp.body.messages.map((m: { content: string }) => m.content)).toEqual([`m${total - 2}`, `m${total - 1}`]);

    // Nonsense cursors are ignored, never a 500.
    expect((await thread(a, "p_b", "?before=abc&after=-1")).status).toBe(200);
  });
});

describe("blocking", () => {
  it("toggles and stops messages both ways with the agreed words", async () => {
    const alice = await makeUser("b_alice");
    const bob = await makeUser("b_bob");
    await send(bob, "b_alice", "before the block");

    const path = "/api/users/b_bob/block";
    const block = async (who: TestUser, body: Record<string, unknown> = {}) =>
      answer(blockAction(args(jsonRequest(path, body, { cookie: who.cookie }), { username: "b_bob" })));
    const blocked = await block(alice);
    expect(await blocked.json()).toEqual({ blocked: true });
    const state = await answer(blockLoader(args(getRequest(path, { cookie: alice.cookie }), { username: "b_bob" })));
    expect(await state.json()).toEqual({ blocked: true });

    const fromAlice = await send(alice, "b_bob", "hi");
    expect(fromAlice.status).toBe(403);
    expect(fromAlice.body.error).toBe("You can't message this user");
    const fromBob = await send(bob, "b_alice", "hi");
    expect(fromBob.status).toBe(403);
    expect(fromBob.body.error).toBe("You can't message this user");

    // The old conversation can still be read, but not answered.
    const view = await thread(bob, "b_alice");
    expect(view.body.messages).toHaveLength(1);
    expect(view.body.can_message).toBe(false);
    expect(view.body.blocked_by_me).toBe(false);
    expect((await conversations(alice))[0].blocked).toBe(true);

    // An explicit state does not toggle; unblocking lets messages through again.
    expect(await (await block(alice, { blocked: true })).json()).toEqual({ blocked: true });
    expect(await (await block(alice)).json()).toEqual({ blocked: false });
    expect((await send(alice, "b_bob", "friends again")).status).toBe(201);

    // Blocking yourself or nobody, or signed out.
    const self = await answer(blockAction(args(jsonRequest("/api/users/b_alice/block", {}, { cookie: alice.cookie }), { username: "b_alice" })));
    expect(self.status).toBe(400);
    const ghost = await answer(blockAction(args(jsonRequest("/api/users/ghost/block", {}, { cookie: alice.cookie }), { username: "ghost" })));
    expect(ghost.status).toBe(404);
    const visitor = await answer(blockAction(args(jsonRequest(path, {}), { username: "b_bob" })));
    expect(visitor.status).toBe(401);
  });

  it("stops suspended people from sending, and others from messaging them", async () => {
    const alice = await makeUser("s_alice");
    const bob = await makeUser("s_bob");
    await prisma.user.update({ where: { id: bob.id }, data: { suspendedAt: new Date() } });
    // A suspended user's session no longer counts: they are signed out.
    expect((await send(bob, "s_alice", "hi")).status).toBe(401);
    const toBob = await send(alice, "s_bob", "hi");
    expect(toBob.status).toBe(403);
  });
});

describe("live delivery", () => {
  it("publishes a sent message to the recipient and to the sender's other tabs, and reads to both", async () => {
    const alice = await makeUser("l_alice");
    const bob = await makeUser("l_bob");
    const toBob: LiveEvent[] = [];
    const toAlice: LiveEvent[] = [];
    const stopBob = subscribe(bob.id, (event) => toBob.push(event));
    const stopAlice = subscribe(alice.id, (event) => toAlice.push(event));

    const sent = await send(alice, "l_bob", "live!");
    expect(toBob).toEqual([
      {
        type: "message",
        data: {
          message: expect.objectContaining({ id: sent.body.message.id, content: "live!", from_me: false }),
          partner: { id: alice.id, username: "l_alice", nickname: expect.any(String), profileImage: null },
        },
      },
    ]);
    expect(toAlice[0]).toMatchObject({ type: "message", data: { message: { from_me: true }, partner: { username: "l_bob" } } });

    // Reading the thread publishes nothing; marking it read tells both.
    let count = toAlice.length;
    await thread(bob, "l_alice");
    expect(toAlice).toHaveLength(count);
    await markRead(bob, "l_alice");
    expect(toBob.at(-1)).toMatchObject({ type: "read", data: { reader_id: bob.id, partner_id: alice.id } });
    expect(toAlice.at(-1)).toMatchObject({ type: "read", data: { reader_id: bob.id, partner_id: alice.id } });
    // Marking it again with nothing new publishes nothing.
    count = toAlice.length;
    await markRead(bob, "l_alice");
    expect(toAlice).toHaveLength(count);
    stopBob();
    stopAlice();
  });
});
