-- AlterTable
ALTER TABLE "push_subscriptions" ADD COLUMN     "sessionId" TEXT;

-- CreateIndex
CREATE INDEX "push_subscriptions_sessionId_idx" ON "push_subscriptions"("sessionId");

-- AddForeignKey
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
