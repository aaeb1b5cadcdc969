-- CreateTable
CREATE TABLE "data_exports" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "activeKey" TEXT,
    "path" TEXT,
    "bytes" BIGINT,
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "readyAt" TIMESTAMP(3),
    "expiresAt" TIMESTAMP(3),

    CONSTRAINT "data_exports_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "data_exports_activeKey_key" ON "data_exports"("activeKey");

-- CreateIndex
CREATE INDEX "data_exports_userId_createdAt_idx" ON "data_exports"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "data_exports_status_expiresAt_idx" ON "data_exports"("status", "expiresAt");

-- AddForeignKey
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
