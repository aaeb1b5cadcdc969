// Settings for the Prisma CLI (`prisma generate`). The app connects through a driver
// adapter (app/db.server.ts) and migrations run through scripts/db.ts.
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
