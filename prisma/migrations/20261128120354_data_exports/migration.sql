-- CreateTable
CREATE TABLE "data_exports" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "activeKey" TEXT,
    "path" TEXT,
    "bytes" BIGINT,
    "error" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "readyAt" DATETIME,
    "expiresAt" DATETIME,
    CONSTRAINT "data_exports_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "data_exports_activeKey_key" ON "data_exports"("activeKey");

-- CreateIndex
CREATE INDEX "data_exports_userId_createdAt_idx" ON "data_exports"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "data_exports_status_expiresAt_idx" ON "data_exports"("status", "expiresAt");
