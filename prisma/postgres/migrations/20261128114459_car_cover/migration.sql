-- AlterTable
ALTER TABLE "cars" ADD COLUMN     "coverError" TEXT,
ADD COLUMN     "coverHeight" INTEGER,
ADD COLUMN     "coverMediaId" INTEGER,
ADD COLUMN     "coverPath" TEXT,
ADD COLUMN     "coverPending" TEXT,
ADD COLUMN     "coverVariants" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "coverWidth" INTEGER;

-- CreateIndex
CREATE INDEX "cars_coverMediaId_idx" ON "cars"("coverMediaId");

-- AddForeignKey
ALTER TABLE "cars" ADD CONSTRAINT "cars_coverMediaId_fkey" FOREIGN KEY ("coverMediaId") REFERENCES "photos"("id") ON DELETE SET NULL ON UPDATE CASCADE;
