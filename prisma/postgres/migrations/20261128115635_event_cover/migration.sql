-- AlterTable
ALTER TABLE "events" ADD COLUMN     "coverHeight" INTEGER,
ADD COLUMN     "coverPath" TEXT,
ADD COLUMN     "coverVariants" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "coverWidth" INTEGER;
