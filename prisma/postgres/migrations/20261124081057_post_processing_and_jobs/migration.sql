-- AlterTable
ALTER TABLE "posts" ADD COLUMN     "status" TEXT NOT NULL DEFAULT 'ready';

-- CreateTable
CREATE TABLE "post_uploads" (
    "id" SERIAL NOT NULL,
    "postId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "name" TEXT NOT NULL,
    "tempPath" TEXT,
    "kind" TEXT NOT NULL,
    "mimeType" TEXT NOT NULL,
    "ext" TEXT NOT NULL,
    "bytes" INTEGER NOT NULL,
    "width" INTEGER,
    "height" INTEGER,
    "durationMs" INTEGER,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "error" TEXT,
    "result" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "post_uploads_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "jobs" (
    "id" SERIAL NOT NULL,
    "kind" TEXT NOT NULL,
    "payload" TEXT NOT NULL DEFAULT '{}',
    "state" TEXT NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "maxAttempts" INTEGER NOT NULL DEFAULT 5,
    "runAfter" BIGINT NOT NULL,
    "lockedBy" TEXT,
    "lockedUntil" BIGINT,
    "lastError" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "jobs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "post_uploads_postId_position_idx" ON "post_uploads"("postId", "position");

-- CreateIndex
CREATE INDEX "jobs_state_runAfter_id_idx" ON "jobs"("state", "runAfter", "id");

-- CreateIndex
CREATE INDEX "jobs_state_lockedUntil_idx" ON "jobs"("state", "lockedUntil");

-- AddForeignKey
ALTER TABLE "post_uploads" ADD CONSTRAINT "post_uploads_postId_fkey" FOREIGN KEY ("postId") REFERENCES "posts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
