-- AlterTable
ALTER TABLE "photos" ADD COLUMN "alt" TEXT;

-- AlterTable
ALTER TABLE "post_uploads" ADD COLUMN "alt" TEXT;
ALTER TABLE "post_uploads" ADD COLUMN "crop" TEXT;
