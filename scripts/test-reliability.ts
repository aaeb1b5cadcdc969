// `npm run test:reliability [-- check ...]`: client address, crash, graceful stop, two processes (cluster), fuzz, authorisation
// matrix, backup and soak, each against the real production server (server/index.ts) on a fresh
// copy of the seeded SQLite database under tests/.tmp/reliability. SOAK_SECONDS shortens the
// soak (default 300); FUZZ_SEED picks another fuzz sequence; REL_REBUILD=0 reuses the build.
import { killAll, prepare, CheckFailed, type Check } from "../tests/reliability/harness";
import { crash } from "../tests/reliability/crash";
import { graceful } from "../tests/reliability/graceful";
import { fuzz } from "../tests/reliability/fuzz";
import { authz } from "../tests/reliability/authz";
import { backup } from "../tests/reliability/backup";
import { soak } from "../tests/reliability/soak";
import { clientAddressCheck } from "../tests/reliability/client-address";
import { cluster } from "../tests/reliability/cluster";

const checks: Check[] = [clientAddressCheck, crash, graceful, cluster, fuzz, authz, backup, soak];

async function main() {
  const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith("-"));
  const unknown = wanted.filter((name) => !checks.some((check) => check.name === name));
  if (unknown.length) {
    console.error(`Unknown check ${unknown.join(", ")}; the checks are: ${checks.map((check) => check.name).join(", ")}`);
    process.exit(2);
  }
  const selected = wanted.length ? checks.filter((check) => wanted.includes(check.name)) : checks;
  const started = Date.now();
  prepare((line) => console.log(`[prepare] ${line}`), { rebuild: process.env.REL_REBUILD !== "0" });

  const results: { name: string; ok: boolean; summary: string; seconds: number }[] = [];
  for (const check of selected) {
    const at = Date.now();
    console.log(`\n── ${check.name}`);
    try {
      const summary = await check.run((line) => console.log(`[${check.name}] ${line}`));
      results.push({ name: check.name, ok: true, summary, seconds: (Date.now() - at) / 1000 });
    } catch (error) {
      const message = error instanceof CheckFailed ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error);
      results.push({ name: check.name, ok: false, summary: message, seconds: (Date.now() - at) / 1000 });
    } finally {
      killAll();
    }
    const last = results.at(-1)!;
    console.log(`[${check.name}] ${last.ok ? "PASS" : "FAIL"} (${last.seconds.toFixed(1)} s): ${last.summary}`);
  }

  console.log(`\nReliability summary (${((Date.now() - started) / 1000).toFixed(0)} s):`);
  for (const result of results) console.log(`  ${result.ok ? "✓" : "✗"} ${result.name.padEnd(14)} ${result.summary.split("\n")[0]}`);
  process.exit(results.every((result) => result.ok) ? 0 : 1);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    killAll();
    process.exit(130);
  });
}
process.on("exit", () => killAll());

main().catch((error) => {
  console.error(error);
  killAll();
  process.exit(1);
});
