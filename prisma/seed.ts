// The demo seed: `npx tsx prisma/seed.ts` (npm run db:seed).
//   --if-empty  seed only when the database has no users (what `npm start` runs)
//   --reset     delete every row and stored media file first, then seed
// Demo logins (password "password123"): demo / demo@example.com, and the administrator
// admin / admin@example.com.
import { prisma } from "../app/db.server";
import { DEMO_PASSWORD } from "./seed/data";
import { seedDemo } from "./seed/demo";

const args = new Set(process.argv.slice(2));
const unknown = [...args].filter((arg) => arg !== "--if-empty" && arg !== "--reset");
if (unknown.length) {
  console.error(`Unknown option ${unknown.join(" ")}. Usage: tsx prisma/seed.ts [--if-empty] [--reset]`);
  process.exit(2);
}

try {
  const summary = await seedDemo(prisma, {
    ifEmpty: args.has("--if-empty"),
    reset: args.has("--reset"),
    log: (line) => console.log(line),
  });
  if (summary) console.log(`Sign in as "demo" or "admin" with the password "${DEMO_PASSWORD}".`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await prisma.$disconnect();
}
