// The loaders of the messages, events, search and admin pages (issue 6), called with real
// requests: who may see what, the redirects, and the shapes the pages read.
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { MemoryTransport } from "~/lib/server/live-transport.server";
import { setLiveTransport } from "~/lib/server/live-hub.server";
import { resetRateLimits } from "~/models/rate-limit.server";
import { sendMessage } from "~/models/message.server";
import { loader as adminLoader } from "~/routes/admin";
import { loader as eventsLoader } from "~/routes/events._index";
import { loader as threadPageLoader } from "~/routes/messages.$username";
import { loader as messagesLoader } from "~/routes/messages";
import { loader as searchLoader } from "~/routes/search";
import { answer, args, getRequest } from "../support/requests";
import { makePost, makeUser } from "../support/accounts";

beforeEach(async () => {
  await resetRateLimits();
  setLiveTransport(new MemoryTransport());
});

async function thrownBy(result: unknown): Promise<unknown> {
  try {
    await result;
  } catch (thrown) {
    return thrown;
  }
  throw new Error("expected the loader to throw");
}

describe("/messages", () => {
  it("sends visitors to the login modal", async () => {
    const thrown = (await thrownBy(messagesLoader(args(getRequest("/messages"))))) as Response;
    expect(thrown.status).toBe(302);
    expect(thrown.headers.get("Location")).toBe("/login?redirectTo=%2Fmessages");
  });

  it("opens the conversation named by ?to=, and explains what is wrong otherwise", async () => {
    const me = await makeUser("pl_me");
    await makeUser("pl_jess");
    const to = (await answer(messagesLoader(args(getRequest("/messages?to=%40PL_Jess", { cookie: me.cookie }))))) as Response;
    expect(to.status).toBe(302);
    expect(to.headers.get("Location")).toBe("/messages/pl_jess");

    const call = (query: string) => messagesLoader(args(getRequest(`/messages?to=${query}`, { cookie: me.cookie }))) as Promise<{ compose: { error: string | null } }>;
    expect((await call("nobody_at_all")).compose.error).toBe("User not found: @nobody_at_all");
    expect((await call("pl_me")).compose.error).toBe("You can't message yourself");
    expect((await call("")).compose.error).toBe("Choose who to send the message to");
  });

  it("lists the conversations, newest first, with unread counts", async () => {
    const me = await makeUser("pl_list");
    const a = await makeUser("pl_a");
    const b = await makeUser("pl_b");
    await sendMessage(a.id, "pl_list", "from a");
    await sendMessage(b.id, "pl_list", "from b");
    const data = (await messagesLoader(args(getRequest("/messages", { cookie: me.cookie })))) as {
      me: { id: number };
      conversations: { user: { username: string }; unread_count: number }[];
    };
    expect(data.me.id).toBe(me.id);
    expect(data.conversations.map((c) => [c.user.username, c.unread_count])).toEqual([
      ["pl_b", 1],
      ["pl_a", 1],
    ]);
  });
});

describe("/messages/{username}", () => {
  it("reads the conversation without marking it read (that is a POST of its own)", async () => {
    const me = await makeUser("pl_reader");
    const other = await makeUser("pl_writer");
    await sendMessage(other.id, "pl_reader", "hello there");
    const data = (await threadPageLoader(args(getRequest("/messages/pl_writer", { cookie: me.cookie }), { username: "pl_writer" }))) as {
      thread: { messages: { content: string }[]; can_message: boolean };
    };
    expect(data.thread.messages.map((m) => m.content)).toEqual(["hello there"]);
    expect(data.thread.can_message).toBe(true);
    expect(await prisma.message.count({ where: { recipientId: me.id, readAt: null } })).toBe(1);
  });

  it("answers 404 for unknown people, and redirects your own name and odd spellings", async () => {
    const me = await makeUser("pl_self");
    await makeUser("pl_friend");
    const missing = await thrownBy(threadPageLoader(args(getRequest("/messages/no_one", { cookie: me.cookie }), { username: "no_one" })));
    expect(missing).toBeInstanceOf(Response);
    expect((missing as Response).status).toBe(404);
    expect(await (missing as Response).json()).toEqual({ error: "User not found", status: 404 });

    const self = (await thrownBy(threadPageLoader(args(getRequest("/messages/pl_self", { cookie: me.cookie }), { username: "pl_self" })))) as Response;
    expect(self.headers.get("Location")).toBe("/messages");

    const upper = (await thrownBy(threadPageLoader(args(getRequest("/messages/PL_Friend?before=12", { cookie: me.cookie }), { username: "PL_Friend" })))) as Response;
    expect(upper.headers.get("Location")).toBe("/messages/pl_friend?before=12");
  });
});

describe("/search and /events", () => {
  it("searches every kind, and odd input is only text", async () => {
    const author = await makeUser("pl_searcher");
    await makePost(author.id, "Weekend at the percent 100% club");
    const found = (await searchLoader(args(getRequest("/search?q=percent")))) as { q: string; results: { posts: { story: string }[] } };
    expect(found.q).toBe("percent");
    expect(found.results.posts).toHaveLength(1);

    for (const odd of ["%", "_", "\\", "'\"", "🏁", "x".repeat(5000)]) {
      const data = (await searchLoader(args(getRequest(`/search?q=${encodeURIComponent(odd)}`)))) as { results: Record<string, unknown[]> };
      const total = Object.values(data.results).reduce((sum, list) => sum + list.length, 0);
      expect(total, odd.slice(0, 8)).toBeLessThanOrEqual(odd === "%" ? 1 : 80);
    }
    const percent = (await searchLoader(args(getRequest(`/search?q=${encodeURIComponent("%")}`)))) as { results: { posts: unknown[]; users: unknown[] } };
    expect(percent.results.posts).toHaveLength(1);
    expect(percent.results.users).toHaveLength(0);
  });

  it("splits events into upcoming and past, filtered by q, and tells administrators apart", async () => {
    const admin = await makeUser("pl_admin", "admin");
    const day = 24 * 60 * 60 * 1000;
    await prisma.event.createMany({
      data: [
        { name: "Loader Future Meet", dateTime: new Date(Date.now() + 3 * day), location: "North Lot", createdById: admin.id },
        { name: "Loader Past Meet", dateTime: new Date(Date.now() - 3 * day), location: "North Lot", createdById: admin.id },
        { name: "Other Show", dateTime: new Date(Date.now() + 5 * day), location: "South Hall", createdById: admin.id },
      ],
    });
    const data = (await eventsLoader(args(getRequest("/events?q=north", { cookie: admin.cookie })))) as {
      q: string;
      upcoming: { name: string }[];
      past: { name: string }[];
      isAdmin: boolean;
    };
    expect(data.upcoming.map((e) => e.name)).toEqual(["Loader Future Meet"]);
    expect(data.past.map((e) => e.name)).toEqual(["Loader Past Meet"]);
    expect(data.isAdmin).toBe(true);
    const visitor = (await eventsLoader(args(getRequest("/events")))) as { isAdmin: boolean; upcoming: unknown[] };
    expect(visitor.isAdmin).toBe(false);
    expect(visitor.upcoming).toHaveLength(2);
  });
});

describe("/admin", () => {
  it("refuses members, and shows administrators the queue by default", async () => {
    const member = await makeUser("pl_member");
    expect(await thrownBy(adminLoader(args(getRequest("/admin", { cookie: member.cookie }))))).toMatchObject({ status: 403 });

    const admin = await makeUser("pl_boss", "admin");
    const post = await makePost(member.id, "Reported story");
    await prisma.flag.create({ data: { reporterId: admin.id, contentType: "post", contentId: post.id, reason: "spam" } });
    const data = (await adminLoader(args(getRequest("/admin?tab=nonsense", { cookie: admin.cookie })))) as {
      overview: { open_reports: number };
      content: { tab: string; queue: { contentId: number; count: number }[] };
    };
    expect(data.content.tab).toBe("queue");
    expect(data.overview.open_reports).toBe(1);
    expect(data.content.queue[0]).toMatchObject({ contentId: post.id, count: 1 });
  });

  it("marks accounts whose role comes from ADMIN_EMAILS", async () => {
    const before = process.env.ADMIN_EMAILS;
    process.env.ADMIN_EMAILS = "pl_env@example.com";
    try {
      const admin = await makeUser("pl_env", "admin");
      await makeUser("pl_granted", "admin");
      const data = (await adminLoader(args(getRequest("/admin?tab=users&q=pl_", { cookie: admin.cookie })))) as {
        content: { tab: string; users: { username: string; admin_by_env: boolean }[] };
      };
      const flags = Object.fromEntries(data.content.users.map((user) => [user.username, user.admin_by_env]));
      expect(flags.pl_env).toBe(true);
      expect(flags.pl_granted).toBe(false);
    } finally {
      if (before === undefined) delete process.env.ADMIN_EMAILS;
      else process.env.ADMIN_EMAILS = before;
    }
  });
});
