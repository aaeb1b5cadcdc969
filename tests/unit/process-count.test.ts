// How many processes the production server starts (server/primary.ts, WEB_CONCURRENCY): one per core
// in production unless told otherwise, one elsewhere, and a clear refusal of a bad value.
import os from "node:os";
import { describe, expect, it } from "vitest";
import { settings } from "~/lib/server/env.server";
import { processCount } from "../../server";

describe("WEB_CONCURRENCY", () => {
  it("defaults to one process per core in production and one elsewhere", () => {
    expect(processCount(settings({ NODE_ENV: "production" }))).toBe(os.availableParallelism());
    expect(processCount(settings({ NODE_ENV: "development" }))).toBe(1);
    expect(processCount(settings({}))).toBe(1);
  });

  it("sets the number of processes, 1 being a single process", () => {
    expect(processCount(settings({ NODE_ENV: "production", WEB_CONCURRENCY: "1" }))).toBe(1);
    expect(processCount(settings({ NODE_ENV: "production", WEB_CONCURRENCY: " 3 " }))).toBe(3);
    expect(processCount(settings({ NODE_ENV: "development", WEB_CONCURRENCY: "2" }))).toBe(2);
  });

  it("refuses what is not a whole number from 1 to 64, naming the setting", () => {
    for (const value of ["0", "-1", "two", "1.5", "65"]) {
      expect(() => settings({ WEB_CONCURRENCY: value })).toThrow(`WEB_CONCURRENCY="${value}" is not understood: use a whole number from 1 to 64.`);
    }
  });

  it("leaves the background work on unless a multi-process server turns it off", () => {
    expect(settings({}).BACKGROUND_WORK).toBe(true);
    expect(settings({ BACKGROUND_WORK: "off" }).BACKGROUND_WORK).toBe(false);
  });
});
