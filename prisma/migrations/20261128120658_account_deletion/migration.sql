-- AlterTable
ALTER TABLE "users" ADD COLUMN "deletedAt" DATETIME;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_moderation_actions" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "moderatorId" INTEGER,
    "action" TEXT NOT NULL,
    "contentType" TEXT,
    "contentId" INTEGER,
    "targetUserId" INTEGER,
    "note" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "moderation_actions_moderatorId_fkey" FOREIGN KEY ("moderatorId") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "moderation_actions_targetUserId_fkey" FOREIGN KEY ("targetUserId") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_moderation_actions" ("action", "contentId", "contentType", "createdAt", "id", "moderatorId", "note", "targetUserId") SELECT "action", "contentId", "contentType", "createdAt", "id", "moderatorId", "note", "targetUserId" FROM "moderation_actions";
DROP TABLE "moderation_actions";
ALTER TABLE "new_moderation_actions" RENAME TO "moderation_actions";
CREATE INDEX "moderation_actions_createdAt_idx" ON "moderation_actions"("createdAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
