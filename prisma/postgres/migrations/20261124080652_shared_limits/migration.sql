-- CreateTable
CREATE TABLE "rate_limits" (
    "key" TEXT NOT NULL,
    "count" INTEGER NOT NULL,
    "resetAt" BIGINT NOT NULL,

    CONSTRAINT "rate_limits_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "totp_used_steps" (
    "userId" INTEGER NOT NULL,
    "step" BIGINT NOT NULL,

    CONSTRAINT "totp_used_steps_pkey" PRIMARY KEY ("userId")
);

-- CreateIndex
CREATE INDEX "rate_limits_resetAt_idx" ON "rate_limits"("resetAt");
