-- AlterTable
ALTER TABLE "jobs" ADD COLUMN     "lane" TEXT NOT NULL DEFAULT 'media';

-- CreateTable
CREATE TABLE "transcode_usage" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "seconds" DOUBLE PRECISION NOT NULL,
    "at" BIGINT NOT NULL,

    CONSTRAINT "transcode_usage_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "transcode_usage_userId_at_idx" ON "transcode_usage"("userId", "at");

-- CreateIndex
CREATE INDEX "transcode_usage_at_idx" ON "transcode_usage"("at");

-- CreateIndex
CREATE INDEX "jobs_lane_state_runAfter_id_idx" ON "jobs"("lane", "state", "runAfter", "id");
