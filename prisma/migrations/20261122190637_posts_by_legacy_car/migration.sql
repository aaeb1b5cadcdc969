-- CreateIndex
CREATE INDEX "posts_carId_idx" ON "posts"("carId");
