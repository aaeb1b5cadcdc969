-- CreateTable
CREATE TABLE "car_ownerships" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "carId" INTEGER NOT NULL,
    "userId" INTEGER,
    "startedAt" DATETIME NOT NULL,
    "endedAt" DATETIME,
    "privateCosts" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "car_ownerships_carId_fkey" FOREIGN KEY ("carId") REFERENCES "cars" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "car_ownerships_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "car_handovers" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "carId" INTEGER NOT NULL,
    "sellerId" INTEGER NOT NULL,
    "buyerId" INTEGER,
    "addressed" BOOLEAN NOT NULL DEFAULT false,
    "tokenHash" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "expiresAt" DATETIME NOT NULL,
    "decidedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "car_handovers_carId_fkey" FOREIGN KEY ("carId") REFERENCES "cars" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "car_handovers_sellerId_fkey" FOREIGN KEY ("sellerId") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "car_handovers_buyerId_fkey" FOREIGN KEY ("buyerId") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE CASCADE
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
