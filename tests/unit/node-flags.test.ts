// The server's V8 flags (server/node-flags.ts): this Node accepts them, and every way of
// starting the server passes them.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "../../server/node-flags";

const root = path.resolve(__dirname, "..", "..");

describe("the server's node flags", () => {
  it("are understood by this Node", () => {
    const run = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, "-e", "process.exit(0)"], { encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  });

  it("are passed by npm run serve, npm start and the tools' servers", () => {
    const serve = (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts.serve;
    for (const flag of SERVER_NODE_FLAGS) expect(serve).toContain(`node ${flag} `);
    for (const file of ["scripts/start.ts", "scripts/lib/server-process.ts", "scripts/e2e-server.ts"]) {
      expect(readFileSync(path.join(root, file), "utf8"), file).toMatch(/spawn\(\s*process\.execPath,\s*\[\s*\.\.\.SERVER_NODE_FLAGS,/);
    }
  });
});
