-- AlterTable
ALTER TABLE "comments" ADD COLUMN     "editedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "posts" ADD COLUMN     "editedAt" TIMESTAMP(3);
