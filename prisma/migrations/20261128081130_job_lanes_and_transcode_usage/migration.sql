-- CreateTable
CREATE TABLE "transcode_usage" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "seconds" REAL NOT NULL,
    "at" BIGINT NOT NULL
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_jobs" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "kind" TEXT NOT NULL,
    "lane" TEXT NOT NULL DEFAULT 'media',
    "payload" TEXT NOT NULL DEFAULT '{}',
    "state" TEXT NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "maxAttempts" INTEGER NOT NULL DEFAULT 5,
    "runAfter" BIGINT NOT NULL,
    "lockedBy" TEXT,
    "lockedUntil" BIGINT,
    "lastError" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_jobs" ("attempts", "createdAt", "id", "kind", "lastError", "lockedBy", "lockedUntil", "maxAttempts", "payload", "runAfter", "state", "updatedAt") SELECT "attempts", "createdAt", "id", "kind", "lastError", "lockedBy", "lockedUntil", "maxAttempts", "payload", "runAfter", "state", "updatedAt" FROM "jobs";
DROP TABLE "jobs";
ALTER TABLE "new_jobs" RENAME TO "jobs";
CREATE INDEX "jobs_state_runAfter_id_idx" ON "jobs"("state", "runAfter", "id");
CREATE INDEX "jobs_state_lockedUntil_idx" ON "jobs"("state", "lockedUntil");
CREATE INDEX "jobs_lane_state_runAfter_id_idx" ON "jobs"("lane", "state", "runAfter", "id");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "transcode_usage_userId_at_idx" ON "transcode_usage"("userId", "at");

-- CreateIndex
CREATE INDEX "transcode_usage_at_idx" ON "transcode_usage"("at");
