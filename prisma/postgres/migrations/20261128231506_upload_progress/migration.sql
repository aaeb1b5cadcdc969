-- AlterTable
ALTER TABLE "post_uploads" ADD COLUMN     "progress" INTEGER;
