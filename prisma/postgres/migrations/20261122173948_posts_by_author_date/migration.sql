-- CreateIndex
CREATE INDEX "posts_createdById_createdAt_id_idx" ON "posts"("createdById", "createdAt", "id");
