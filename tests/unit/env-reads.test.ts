// Settings are read from the environment in one module only: app/lib/server/env.server.ts. No other
// file of the app (generated Prisma code aside) nor the server reads process.env.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const SETTINGS_MODULE = path.join(root, "app/lib/server/env.server.ts");
const GENERATED = path.join(root, "app/generated");
// process.env, process["env"], or `const { env } = process`.
const READS_ENV = /\bprocess\s*(?:\.\s*env\b|\[\s*["'`]env["'`]\s*\])|\{[^{}]*\benv\b[^{}]*\}\s*=\s*(?:globalThis\.)?process\b/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return file === GENERATED ? [] : sourceFiles(file);
    return /\.(?:[cm]?[jt]sx?)$/.test(entry.name) ? [file] : [];
  });
}

describe("reading the environment", () => {
  it("happens only in app/lib/server/env.server.ts", () => {
    const files = [...sourceFiles(path.join(root, "app")), ...sourceFiles(path.join(root, "server"))].filter((file) => file !== SETTINGS_MODULE);
    expect(files.length).toBeGreaterThan(50);
    const readers = files.filter((file) => READS_ENV.test(readFileSync(file, "utf8"))).map((file) => path.relative(root, file));
    expect(readers).toEqual([]);
  });

  it("is seen where it happens", () => {
    expect(READS_ENV.test(readFileSync(SETTINGS_MODULE, "utf8"))).toBe(true);
    expect(READS_ENV.test('const x = process["env"].X;')).toBe(true);
    expect(READS_ENV.test("const { env } = process;")).toBe(true);
    expect(READS_ENV.test("const { argv } = process; const environment = 1;")).toBe(false);
  });
});
