// The PostgreSQL transport of live events: payload framing (always), and two transports
// (as two processes would hold) passing events through LISTEN/NOTIFY, across a dropped
// connection too (under `npm run test:pg`).
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { LIVE_APPLICATION_NAME, PayloadAssembler, PostgresTransport, encodePayloads } from "~/lib/server/live-postgres.server";
import type { LiveEvent } from "~/lib/wire";

const message = (content: string): LiveEvent => ({
  type: "message",
  data: {
    message: { id: 1, content, created_at: "2026-11-22T10:00:00.000Z", from_me: false, sender_id: 2, recipient_id: 3, read_at: null },
    partner: { id: 2, username: "alice", nickname: null, profileImage: null },
  },
});

describe("NOTIFY payloads", () => {
  it("sends a short event as one JSON payload", () => {
    const payloads = encodePayloads({ o: "x", u: 3, e: message("hi") });
    expect(payloads).toHaveLength(1);
    expect(new PayloadAssembler().accept(payloads[0])).toEqual({ o: "x", u: 3, e: message("hi") });
  });

  it("splits a long one into parts under 8,000 bytes, never inside an emoji, and joins them in any order", () => {
    const content = `a${"🏎".repeat(2000)}é`;
    const payloads = encodePayloads({ o: "x", u: 3, e: message(content) });
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) {
      expect(Buffer.byteLength(payload)).toBeLessThan(8000);
      expect(payload).not.toMatch(/[\uD800-\uDBFF]$/);
    }
    const assembler = new PayloadAssembler();
    const results = [...payloads].reverse().map((payload) => assembler.accept(payload));
    expect(results.slice(0, -1).every((result) => result === null)).toBe(true);
    expect(results.at(-1)).toEqual({ o: "x", u: 3, e: message(content) });
  });
});

describe.skipIf(!process.env.TEST_PG_URL)("PostgresTransport", () => {
  const transports: PostgresTransport[] = [];
  afterEach(async () => {
    await Promise.all(transports.splice(0).map((transport) => transport.stop()));
  });

  function receiver(transport: PostgresTransport, userId: number) {
    const got: LiveEvent[] = [];
    transport.subscribe(userId, (event) => got.push(event));
    return {
      got,
      async waitFor(count: number) {
        const deadline = Date.now() + 10_000;
        while (got.length < count) {
          if (Date.now() > deadline) throw new Error(`got ${got.length} of ${count} events`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      },
    };
  }

  it("hands an event to local listeners at once and to the other process's through NOTIFY, once each", async () => {
    const one = new PostgresTransport(process.env.DATABASE_URL!);
    const two = new PostgresTransport(process.env.DATABASE_URL!);
    transports.push(one, two);
    await Promise.all([one.ready(), two.ready()]);
    const here = receiver(one, 7);
    const there = receiver(two, 7);
    const other = receiver(two, 8);

    one.publish(7, message("across"));
    expect(here.got).toHaveLength(1); // synchronously, before any round trip
    await there.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(here.got).toHaveLength(1); // its own NOTIFY is not delivered twice
    expect(there.got).toEqual([message("across")]);
    expect(other.got).toEqual([]);
    expect(two.listenerCount(999)).toBe(1); // other instances may listen: never "nobody"
  });

  it("reconnects after its connection is killed and delivers again", async () => {
    const one = new PostgresTransport(process.env.DATABASE_URL!);
    const two = new PostgresTransport(process.env.DATABASE_URL!);
    transports.push(one, two);
    await Promise.all([one.ready(), two.ready()]);
    const there = receiver(two, 9);

    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1", [LIVE_APPLICATION_NAME]);
    } finally {
      await admin.end();
    }
    const deadline = Date.now() + 15_000;
    while (!(one.connected && two.connected) || Date.now() < deadline - 14_000) {
      if (Date.now() > deadline) throw new Error("did not reconnect");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    one.publish(9, message("after the drop"));
    await there.waitFor(1);
    expect(there.got).toEqual([message("after the drop")]);
  });
});
