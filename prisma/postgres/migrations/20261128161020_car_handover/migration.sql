-- CreateTable
CREATE TABLE "car_ownerships" (
    "id" SERIAL NOT NULL,
    "carId" INTEGER NOT NULL,
    "userId" INTEGER,
    "startedAt" TIMESTAMP(3) NOT NULL,
    "endedAt" TIMESTAMP(3),
    "privateCosts" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "car_ownerships_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "car_handovers" (
    "id" SERIAL NOT NULL,
    "carId" INTEGER NOT NULL,
    "sellerId" INTEGER NOT NULL,
    "buyerId" INTEGER,
    "addressed" BOOLEAN NOT NULL DEFAULT false,
    "tokenHash" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "decidedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "car_handovers_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "car_ownerships_carId_startedAt_idx" ON "car_ownerships"("carId", "startedAt");

-- CreateIndex
CREATE INDEX "car_ownerships_userId_endedAt_idx" ON "car_ownerships"("userId", "endedAt");

-- CreateIndex
CREATE UNIQUE INDEX "car_handovers_tokenHash_key" ON "car_handovers"("tokenHash");

-- CreateIndex
CREATE INDEX "car_handovers_carId_status_idx" ON "car_handovers"("carId", "status");

-- CreateIndex
CREATE INDEX "car_handovers_sellerId_idx" ON "car_handovers"("sellerId");

-- CreateIndex
CREATE INDEX "car_handovers_buyerId_status_idx" ON "car_handovers"("buyerId", "status");

-- AddForeignKey
ALTER TABLE "car_ownerships" ADD CONSTRAINT "car_ownerships_carId_fkey" FOREIGN KEY ("carId") REFERENCES "cars"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "car_ownerships" ADD CONSTRAINT "car_ownerships_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "car_handovers" ADD CONSTRAINT "car_handovers_carId_fkey" FOREIGN KEY ("carId") REFERENCES "cars"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "car_handovers" ADD CONSTRAINT "car_handovers_sellerId_fkey" FOREIGN KEY ("sellerId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "car_handovers" ADD CONSTRAINT "car_handovers_buyerId_fkey" FOREIGN KEY ("buyerId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
