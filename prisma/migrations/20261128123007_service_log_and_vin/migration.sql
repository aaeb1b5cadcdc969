-- CreateTable
CREATE TABLE "service_entries" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "carId" INTEGER NOT NULL,
    "authorId" INTEGER,
    "kind" TEXT NOT NULL,
    "performedOn" DATETIME NOT NULL,
    "mileage" INTEGER NOT NULL,
    "mileageUnit" TEXT NOT NULL DEFAULT 'mi',
    "costCents" INTEGER,
    "costShown" BOOLEAN NOT NULL DEFAULT false,
    "notes" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "service_entries_carId_fkey" FOREIGN KEY ("carId") REFERENCES "cars" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "service_entries_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_cars" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "ownerId" INTEGER NOT NULL,
    "make" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "year" INTEGER NOT NULL,
    "trim" TEXT,
    "bodystyle" TEXT,
    "nickname" TEXT,
    "insuranceExpiresAt" DATETIME,
    "insuranceNotifiedFor" DATETIME,
    "vin" TEXT,
    "vinHash" TEXT,
    "vinPublic" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "coverPath" TEXT,
    "coverVariants" TEXT NOT NULL DEFAULT '',
    "coverWidth" INTEGER,
    "coverHeight" INTEGER,
    "coverMediaId" INTEGER,
    "coverPending" TEXT,
    "coverError" TEXT,
    CONSTRAINT "cars_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "cars_coverMediaId_fkey" FOREIGN KEY ("coverMediaId") REFERENCES "photos" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_cars" ("bodystyle", "coverError", "coverHeight", "coverMediaId", "coverPath", "coverPending", "coverVariants", "coverWidth", "createdAt", "id", "insuranceExpiresAt", "insuranceNotifiedFor", "make", "model", "nickname", "ownerId", "trim", "updatedAt", "year") SELECT "bodystyle", "coverError", "coverHeight", "coverMediaId", "coverPath", "coverPending", "coverVariants", "coverWidth", "createdAt", "id", "insuranceExpiresAt", "insuranceNotifiedFor", "make", "model", "nickname", "ownerId", "trim", "updatedAt", "year" FROM "cars";
DROP TABLE "cars";
ALTER TABLE "new_cars" RENAME TO "cars";
CREATE INDEX "cars_ownerId_idx" ON "cars"("ownerId");
CREATE INDEX "cars_coverMediaId_idx" ON "cars"("coverMediaId");
CREATE INDEX "cars_make_model_idx" ON "cars"("make", "model");
CREATE INDEX "cars_insuranceExpiresAt_idx" ON "cars"("insuranceExpiresAt");
CREATE INDEX "cars_vinHash_idx" ON "cars"("vinHash");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "service_entries_carId_performedOn_id_idx" ON "service_entries"("carId", "performedOn", "id");

-- CreateIndex
CREATE INDEX "service_entries_authorId_idx" ON "service_entries"("authorId");
