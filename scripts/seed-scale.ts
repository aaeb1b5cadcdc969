// Fills a FRESH database with a community at scale, for benchmarks and growth checks:
//   npx tsx scripts/seed-scale.ts --users 10000 --posts 200000 [--force] [--seed N]
// The database is DATABASE_URL (default data/app.db; migrations are applied first), media go
// to MEDIA_DIR (default data/media). A database that already has rows is refused unless
// --force, which empties it first. Every member signs in with "password123" as
// member<N>@scale.test (member1 is an administrator). See scripts/bench/scale.ts.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { databaseUrl, sqliteFilePath } from "../app/lib/server/database-url";
import { SCALE_PASSWORD, scaleEmail, seedScale } from "./bench/scale";

const USAGE = "Usage: tsx scripts/seed-scale.ts --users N --posts N [--force] [--seed N] [--quiet]";

function parse(argv: string[]) {
  const options = { users: 10_000, posts: 200_000, force: false, seed: undefined as number | undefined, quiet: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [name, inline] = arg.includes("=") ? arg.split(/=(.*)/, 2) : [arg, undefined];
    const value = () => {
      const raw = inline ?? argv[++i];
      const number = Number(raw?.replace(/_/g, ""));
      if (raw === undefined || !Number.isSafeInteger(number) || number < 0) throw new Error(`${name} needs a whole number. ${USAGE}`);
      return number;
    };
    if (name === "--users") options.users = value();
    else if (name === "--posts") options.posts = value();
    else if (name === "--seed") options.seed = value();
    else if (name === "--force") options.force = true;
    else if (name === "--quiet") options.quiet = true;
    else if (name === "--help" || name === "-h") {
      console.log(USAGE);
      process.exit(0);
    } else throw new Error(`Unknown option ${arg}. ${USAGE}`);
  }
  return options;
}

async function main() {
  const options = parse(process.argv.slice(2));
  const url = databaseUrl();
  const file = sqliteFilePath(url);
  const log = options.quiet ? () => {} : (line: string) => console.log(line);
  // Migrations run in their own process: the schema engine keeps its connection open, and
  // the seed wants the file to itself (it switches the journal off while it loads).
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
  const migrate = spawnSync(path.join(root, "node_modules", ".bin", "tsx"), [path.join(root, "scripts", "db.ts"), "migrate"], {
    env: { ...process.env, DATABASE_URL: url },
    stdio: options.quiet ? "ignore" : "inherit",
  });
  if (migrate.status !== 0) throw new Error("Applying the migrations failed.");
  log(`Seeding ${options.users.toLocaleString("en-US")} members and ${options.posts.toLocaleString("en-US")} posts into ${file}`);
  const summary = await seedScale({ file, users: options.users, posts: options.posts, force: options.force, seed: options.seed, log });
  const total = Object.values(summary.rows).reduce((sum, count) => sum + count, 0);
  console.log(`Done: ${total.toLocaleString("en-US")} rows in ${summary.seconds.toFixed(1)} s.`);
  console.log(
    Object.entries(summary.rows)
      .map(([table, count]) => `${table} ${count.toLocaleString("en-US")}`)
      .join(", "),
  );
  log(`Sign in as ${scaleEmail(2)} (or any member<N>@scale.test) with "${SCALE_PASSWORD}"; ${scaleEmail(1)} is an administrator.`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
