-- CreateTable
CREATE TABLE "rate_limits" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "count" INTEGER NOT NULL,
    "resetAt" BIGINT NOT NULL
);

-- CreateTable
CREATE TABLE "totp_used_steps" (
    "userId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "step" BIGINT NOT NULL
);

-- CreateIndex
CREATE INDEX "rate_limits_resetAt_idx" ON "rate_limits"("resetAt");
