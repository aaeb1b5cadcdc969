-- AlterTable
ALTER TABLE "installers" ADD COLUMN     "key" TEXT;

-- AlterTable
ALTER TABLE "manufacturers" ADD COLUMN     "key" TEXT;

-- AlterTable
ALTER TABLE "mods" ADD COLUMN     "partId" INTEGER;

-- AlterTable
ALTER TABLE "vendors" ADD COLUMN     "key" TEXT;

-- CreateTable
CREATE TABLE "parts" (
    "id" SERIAL NOT NULL,
    "manufacturerId" INTEGER NOT NULL,
    "modelName" TEXT NOT NULL,
    "modelKey" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "categoryKey" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "parts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "parts_manufacturerId_modelKey_categoryKey_key" ON "parts"("manufacturerId", "modelKey", "categoryKey");

-- CreateIndex
CREATE UNIQUE INDEX "installers_key_key" ON "installers"("key");

-- CreateIndex
CREATE UNIQUE INDEX "manufacturers_key_key" ON "manufacturers"("key");

-- CreateIndex
CREATE INDEX "mods_partId_carId_idx" ON "mods"("partId", "carId");

-- CreateIndex
CREATE INDEX "mods_manufacturerId_idx" ON "mods"("manufacturerId");

-- CreateIndex
CREATE INDEX "mods_vendorId_idx" ON "mods"("vendorId");

-- CreateIndex
CREATE INDEX "mods_installerId_idx" ON "mods"("installerId");

-- CreateIndex
CREATE UNIQUE INDEX "vendors_key_key" ON "vendors"("key");

-- AddForeignKey
ALTER TABLE "parts" ADD CONSTRAINT "parts_manufacturerId_fkey" FOREIGN KEY ("manufacturerId") REFERENCES "manufacturers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "mods" ADD CONSTRAINT "mods_partId_fkey" FOREIGN KEY ("partId") REFERENCES "parts"("id") ON DELETE SET NULL ON UPDATE CASCADE;
