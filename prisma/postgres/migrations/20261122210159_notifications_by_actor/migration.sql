-- CreateIndex
CREATE INDEX "notifications_relatedUserId_userId_idx" ON "notifications"("relatedUserId", "userId");

-- CreateIndex
CREATE INDEX "notifications_carId_idx" ON "notifications"("carId");
