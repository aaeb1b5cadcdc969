-- AlterTable
ALTER TABLE "photos" ADD COLUMN     "durationMs" INTEGER,
ADD COLUMN     "posterHeight" INTEGER,
ADD COLUMN     "posterVariants" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "posterWidth" INTEGER;
