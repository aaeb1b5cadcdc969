// Whether a kept answer still holds (app/cache/freshness.server.ts), over a change source the
// test moves: an answer ends when a commit seen after its stamp names one of its keys, names
// "*" or cannot be told ("all"); one that names no keys (null) ends at any logged change; a
// write that names nothing (a private table's) ends nothing; a version that did not move is
// the same stamp, without reading the changes; a look long after the last one, when the log
// may have lost rows, takes everything as changed.
import { describe, expect, it, vi } from "vitest";
import { CHANGE_LOG_HOURS } from "~/cache/change-log.server";
import { createFreshness } from "~/cache/freshness.server";
import { fakeChanges } from "../support/changes";

const MINUTE = 60_000;

function setup() {
  const source = fakeChanges();
  return { source, freshness: createFreshness(source) };
}

describe("a stamp", () => {
  it("is first taken after everything changed: an answer read at it holds, whatever it shows", async () => {
    const { source, freshness } = setup();
    const first = await freshness.now();
    expect(first).not.toBeNull();
    expect(source.looks()).toBe(1);
    expect(freshness.holds(first!, ["post:1"])).toBe(true);
    expect(freshness.holds(first!, null)).toBe(true);
  });

  it("stays the same while the version does not move, and the changes are not read again", async () => {
    const { source, freshness } = setup();
    const first = await freshness.now();
    expect(await freshness.now()).toBe(first);
    expect(await freshness.now()).toBe(first);
    expect(source.looks()).toBe(1);
  });

  it("is one for the requests that ask at once after a move, whose changes are read once", async () => {
    const { source, freshness } = setup();
    await freshness.now();
    source.commit("post:1");
    const [first, second] = await Promise.all([freshness.now(), freshness.now()]);
    expect(second).toBe(first);
    expect(source.looks()).toBe(2);
  });

  it("is null without a change source (an in-memory database): nothing is kept", async () => {
    const freshness = createFreshness(null);
    expect(await freshness.now()).toBeNull();
    expect(await freshness.at(7)).toBeNull();
  });

  it("taken an hour or more after the last look takes everything as changed: the log's rows of that time may be pruned", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const { source, freshness } = setup();
      const stamp = (await freshness.now())!;
      source.commit("post:2");
      vi.setSystemTime(Date.now() + MINUTE);
      await freshness.now();
      expect(freshness.holds(stamp, ["post:1"])).toBe(true);

      source.commit("post:2");
      vi.setSystemTime(Date.now() + CHANGE_LOG_HOURS * 60 * MINUTE);
      await freshness.now();
      expect(freshness.holds(stamp, ["post:1"])).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("an answer that names its keys", () => {
  it("holds after a commit that names other keys, and ends after one that names one of its own", async () => {
    const { source, freshness } = setup();
    const stamp = (await freshness.now())!;
    source.commit("post:2", "car:9");
    await freshness.now();
    expect(freshness.holds(stamp, ["post:1", "car:3"])).toBe(true);

    source.commit("car:3");
    await freshness.now();
    expect(freshness.holds(stamp, ["post:1", "car:3"])).toBe(false);
    expect(freshness.holds(stamp, ["post:1"])).toBe(true);
  });

  it("read after the commit holds: the commit is older than it", async () => {
    const { source, freshness } = setup();
    await freshness.now();
    source.commit("post:1");
    const after = (await freshness.now())!;
    expect(freshness.holds(after, ["post:1"])).toBe(true);
  });

  it("ends at a commit that names '*' (something with no key of its own)", async () => {
    const { source, freshness } = setup();
    const stamp = (await freshness.now())!;
    source.commit("*");
    await freshness.now();
    expect(freshness.holds(stamp, ["post:1"])).toBe(false);
    expect(freshness.holds(stamp, [])).toBe(false);
  });

  it("ends when the changes cannot be told (rows pruned before they were read)", async () => {
    const { source, freshness } = setup();
    const stamp = (await freshness.now())!;
    source.commit("post:2");
    source.prune();
    await freshness.now();
    expect(freshness.holds(stamp, ["post:1"])).toBe(false);
  });

  it("holds after a write that names nothing (a session, a notification)", async () => {
    const { source, freshness } = setup();
    const stamp = (await freshness.now())!;
    source.commit();
    await freshness.now();
    expect(source.looks()).toBe(2);
    expect(freshness.holds(stamp, ["post:1"])).toBe(true);
  });
});

describe("an answer that names no keys", () => {
  it("ends at any commit the log names, but not at a write that names nothing", async () => {
    const { source, freshness } = setup();
    const stamp = (await freshness.now())!;
    source.commit();
    await freshness.now();
    expect(freshness.holds(stamp, null)).toBe(true);

    source.commit("post:2");
    await freshness.now();
    expect(freshness.holds(stamp, null)).toBe(false);
    // One that names its keys, read at the same stamp, still holds.
    expect(freshness.holds(stamp, ["post:1"])).toBe(true);
  });
});

describe("a data version read elsewhere (a session's statement)", () => {
  it("is this moment's stamp when it is the version last looked at, without a look", async () => {
    const { source, freshness } = setup();
    const stamp = await freshness.now();
    expect(await freshness.at(await source.version())).toBe(stamp);
    expect(source.looks()).toBe(1);
  });

  it("takes in the changes when it moved, as now() does", async () => {
    const { source, freshness } = setup();
    const stamp = (await freshness.now())!;
    source.commit("post:1");
    const after = await freshness.at(await source.version());
    expect(after).not.toBe(stamp);
    expect(freshness.holds(stamp, ["post:1"])).toBe(false);
    expect(freshness.holds(after!, ["post:1"])).toBe(true);
    expect(await freshness.now()).toBe(after);
  });
});
