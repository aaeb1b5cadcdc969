// The browser tests' server keeps its data in one SQLite file. Tests open it directly to make
// what the app's own limits would slow down (a long thread of comments), or to change data
// behind the app's back, as another program would.
import Database from "better-sqlite3";
import path from "node:path";

const port = Number(process.env.E2E_PORT ?? 3100);

/** The server's database file (scripts/e2e-server.ts). */
export const E2E_DATABASE = path.join(process.cwd(), "tests", ".tmp", `e2e${port === 3100 ? "" : `-${port}`}.db`);

/** Runs `work` on a connection of its own to the server's database. */
export function withE2eDatabase<T>(work: (db: Database.Database) => T): T {
  const db = new Database(E2E_DATABASE);
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/**
 * `count` top-level comments by `authorId` on a post, a minute apart and two days old,
 * "comment 0" the oldest (a long-running thread; the comment rate limit allows 20 a minute).
 */
export function addComments(postId: number, authorId: number, count: number): void {
  withE2eDatabase((db) => {
    const insert = db.prepare(`INSERT INTO "comments" ("postId", "userId", "content", "createdAt") VALUES (?, ?, ?, ?)`);
    const start = Date.now() - 2 * 86_400_000;
    // Stored as Prisma stores a DateTime on SQLite.
    for (let i = 0; i < count; i++) insert.run(postId, authorId, `comment ${i}`, new Date(start + i * 60_000).toISOString().replace("Z", "+00:00"));
  });
}
