-- AlterTable
ALTER TABLE "comments" ADD COLUMN "editedAt" DATETIME;

-- AlterTable
ALTER TABLE "posts" ADD COLUMN "editedAt" DATETIME;
