// Backup: `npm run db:backup -- <file>` while a member keeps writing; the copy is restored
// as docs/operations.md says (into a new path, no -wal/-shm beside it), opens, passes
// integrity_check, holds every post acknowledged before the backup began, and the app
// serves it.
import { spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { api, ensure, integrityCheck, openDatabase, root, signIn, sleep, startServer, workspace, DEMO, type Check } from "./harness";

const PORT = 3234;

function runBackup(database: string, out: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "scripts", "db-backup.ts"), out], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: `file:${database}` },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

export const backup: Check = {
  name: "backup",
  async run(log) {
    const ws = workspace("backup");
    const server = await startServer(ws, PORT);
    const member = await signIn(server.url, DEMO.member);
    const acked: number[] = [];
    let writing = true;
    let n = 0;
    const writer = (async () => {
      while (writing) {
        const post = await api(server.url, "POST", "/api/posts", { member, json: { story: `Backup stream ${n++}` } });
        if (post.status === 201) acked.push(Number(post.body.post?.id ?? post.body.id));
      }
    })();
    for (const started = Date.now(); acked.length < 5 && Date.now() - started < 15_000;) await sleep(100);
    const beforeBackup = [...acked];
    const out = path.join(ws.dir, "backup.db");
    const result = await runBackup(ws.database, out);
    const duringBackup = acked.length - beforeBackup.length;
    await sleep(500);
    writing = false;
    await writer;
    await server.stop();
    ensure(result.code === 0, `db:backup exited ${result.code}: ${result.output}`);
    ensure(beforeBackup.length > 0 && duringBackup > 0, `writes before/during the backup: ${beforeBackup.length}/${duringBackup}`);
    log(result.output.trim());

    // Restore into a fresh place, as the operations guide says.
    const restored = path.join(ws.dir, "restored", "app.db");
    rmSync(path.dirname(restored), { recursive: true, force: true });
    mkdirSync(path.dirname(restored), { recursive: true });
    copyFileSync(out, restored);
    ensure(!existsSync(`${out}-wal`), "the backup left a -wal file beside it");
    const integrity = integrityCheck(restored);
    ensure(integrity === "ok", `integrity_check of the restored copy: ${integrity}`);
    const db = openDatabase(restored, { readonly: true });
    let inBackup = 0;
    try {
      const has = db.prepare("SELECT 1 FROM posts WHERE id = ?");
      const missing = beforeBackup.filter((id) => !has.get(id));
      ensure(missing.length === 0, `${missing.length} posts acknowledged before the backup are missing from it`);
      inBackup = (db.prepare("SELECT COUNT(*) AS n FROM posts WHERE story LIKE 'Backup stream %'").get() as { n: number }).n;
    } finally {
      db.close();
    }
    ensure(inBackup <= acked.length, "the backup holds posts that were never written");

    // The app runs on the restored file.
    const restoredWs = { ...ws, database: restored, log: path.join(ws.dir, "restored.log") };
    const again = await startServer(restoredWs, PORT);
    const signedIn = await signIn(again.url, DEMO.member);
    const page = await api(again.url, "GET", `/api/posts/${beforeBackup.at(-1)}`, { member: signedIn });
    await again.stop();
    ensure(page.status === 200, `the restored database serves the last post backed up: ${page.status}`);
    return `online backup taken while ${duringBackup} posts were written; restored copy passes integrity_check, holds all ${beforeBackup.length} posts acknowledged before it (${inBackup} of ${acked.length} in all) and serves the app`;
  },
};
