// A change source the test moves by hand (ChangeSource, app/cache/data-version.server.ts), read
// as the SQLite change log is (app/cache/change-log.server.ts): the first look answers "all",
// each later one the keys the commits named since the look before; a write to a private table
// moves the version and names nothing; rows pruned before they were read answer "all".
import type { ChangeSource } from "~/cache/data-version.server";

export type FakeChanges = ChangeSource & {
  /** A commit naming `keys` (none: a write to a private table). */
  commit(...keys: string[]): void;
  /** The log's rows are deleted before this reader read them: its next look answers "all". */
  prune(): void;
  /** How many times the changes were read. */
  looks(): number;
};

export function fakeChanges(): FakeChanges {
  let version = 1;
  let unread: string[] | "all" = "all";
  let looks = 0;
  return {
    version: () => Promise.resolve(version),
    changes: () => {
      looks += 1;
      const keys = unread;
      unread = [];
      return Promise.resolve(keys);
    },
    commit(...keys) {
      version += 1;
      if (unread !== "all") unread.push(...keys);
    },
    prune() {
      version += 1;
      unread = "all";
    },
    looks: () => looks,
  };
}
