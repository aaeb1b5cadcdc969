-- AlterTable
ALTER TABLE "cars" ADD COLUMN     "vin" TEXT,
ADD COLUMN     "vinHash" TEXT,
ADD COLUMN     "vinPublic" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "service_entries" (
    "id" SERIAL NOT NULL,
    "carId" INTEGER NOT NULL,
    "authorId" INTEGER,
    "kind" TEXT NOT NULL,
    "performedOn" TIMESTAMP(3) NOT NULL,
    "mileage" INTEGER NOT NULL,
    "mileageUnit" TEXT NOT NULL DEFAULT 'mi',
    "costCents" INTEGER,
    "costShown" BOOLEAN NOT NULL DEFAULT false,
    "notes" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "service_entries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "service_entries_carId_performedOn_id_idx" ON "service_entries"("carId", "performedOn", "id");

-- CreateIndex
CREATE INDEX "service_entries_authorId_idx" ON "service_entries"("authorId");

-- CreateIndex
CREATE INDEX "cars_vinHash_idx" ON "cars"("vinHash");

-- AddForeignKey
ALTER TABLE "service_entries" ADD CONSTRAINT "service_entries_carId_fkey" FOREIGN KEY ("carId") REFERENCES "cars"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "service_entries" ADD CONSTRAINT "service_entries_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
