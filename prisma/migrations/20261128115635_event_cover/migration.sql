-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_events" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "dateTime" DATETIME NOT NULL,
    "location" TEXT,
    "description" TEXT,
    "createdById" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "coverPath" TEXT,
    "coverVariants" TEXT NOT NULL DEFAULT '',
    "coverWidth" INTEGER,
    "coverHeight" INTEGER,
    CONSTRAINT "events_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_events" ("createdAt", "createdById", "dateTime", "description", "id", "location", "name", "updatedAt") SELECT "createdAt", "createdById", "dateTime", "description", "id", "location", "name", "updatedAt" FROM "events";
DROP TABLE "events";
ALTER TABLE "new_events" RENAME TO "events";
CREATE INDEX "events_dateTime_idx" ON "events"("dateTime");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
