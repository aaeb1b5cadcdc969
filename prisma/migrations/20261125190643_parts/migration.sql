-- AlterTable
ALTER TABLE "installers" ADD COLUMN "key" TEXT;

-- AlterTable
ALTER TABLE "manufacturers" ADD COLUMN "key" TEXT;

-- AlterTable
ALTER TABLE "vendors" ADD COLUMN "key" TEXT;

-- CreateTable
CREATE TABLE "parts" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "manufacturerId" INTEGER NOT NULL,
    "modelName" TEXT NOT NULL,
    "modelKey" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "categoryKey" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "parts_manufacturerId_fkey" FOREIGN KEY ("manufacturerId") REFERENCES "manufacturers" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_mods" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "carId" INTEGER NOT NULL,
    "category" TEXT NOT NULL,
    "modelName" TEXT NOT NULL,
    "description" TEXT,
    "manufacturerId" INTEGER,
    "vendorId" INTEGER,
    "installerId" INTEGER,
    "postId" INTEGER,
    "type" TEXT NOT NULL DEFAULT 'part',
    "costCents" INTEGER,
    "showCost" BOOLEAN NOT NULL DEFAULT false,
    "buildId" INTEGER,
    "partId" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "mods_carId_fkey" FOREIGN KEY ("carId") REFERENCES "cars" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "mods_partId_fkey" FOREIGN KEY ("partId") REFERENCES "parts" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "mods_manufacturerId_fkey" FOREIGN KEY ("manufacturerId") REFERENCES "manufacturers" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "mods_vendorId_fkey" FOREIGN KEY ("vendorId") REFERENCES "vendors" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "mods_installerId_fkey" FOREIGN KEY ("installerId") REFERENCES "installers" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "mods_postId_fkey" FOREIGN KEY ("postId") REFERENCES "posts" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "mods_buildId_fkey" FOREIGN KEY ("buildId") REFERENCES "builds" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_mods" ("buildId", "carId", "category", "costCents", "createdAt", "description", "id", "installerId", "manufacturerId", "modelName", "postId", "showCost", "type", "updatedAt", "vendorId") SELECT "buildId", "carId", "category", "costCents", "createdAt", "description", "id", "installerId", "manufacturerId", "modelName", "postId", "showCost", "type", "updatedAt", "vendorId" FROM "mods";
DROP TABLE "mods";
ALTER TABLE "new_mods" RENAME TO "mods";
CREATE INDEX "mods_carId_idx" ON "mods"("carId");
CREATE INDEX "mods_postId_idx" ON "mods"("postId");
CREATE INDEX "mods_buildId_idx" ON "mods"("buildId");
CREATE INDEX "mods_partId_carId_idx" ON "mods"("partId", "carId");
CREATE INDEX "mods_manufacturerId_idx" ON "mods"("manufacturerId");
CREATE INDEX "mods_vendorId_idx" ON "mods"("vendorId");
CREATE INDEX "mods_installerId_idx" ON "mods"("installerId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "parts_manufacturerId_modelKey_categoryKey_key" ON "parts"("manufacturerId", "modelKey", "categoryKey");

-- CreateIndex
CREATE UNIQUE INDEX "installers_key_key" ON "installers"("key");

-- CreateIndex
CREATE UNIQUE INDEX "manufacturers_key_key" ON "manufacturers"("key");

-- CreateIndex
CREATE UNIQUE INDEX "vendors_key_key" ON "vendors"("key");
