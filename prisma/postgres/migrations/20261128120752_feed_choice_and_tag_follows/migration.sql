-- AlterTable
ALTER TABLE "users" ADD COLUMN     "feedChoice" TEXT;

-- CreateTable
CREATE TABLE "tag_follows" (
    "userId" INTEGER NOT NULL,
    "tagId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tag_follows_pkey" PRIMARY KEY ("userId","tagId")
);

-- CreateIndex
CREATE INDEX "tag_follows_tagId_idx" ON "tag_follows"("tagId");

-- AddForeignKey
ALTER TABLE "tag_follows" ADD CONSTRAINT "tag_follows_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tag_follows" ADD CONSTRAINT "tag_follows_tagId_fkey" FOREIGN KEY ("tagId") REFERENCES "tags"("id") ON DELETE CASCADE ON UPDATE CASCADE;
