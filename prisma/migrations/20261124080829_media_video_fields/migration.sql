-- Videos: their length, and the poster frame's resized copies and size.
ALTER TABLE "photos" ADD COLUMN "durationMs" INTEGER;
ALTER TABLE "photos" ADD COLUMN "posterVariants" TEXT NOT NULL DEFAULT '';
ALTER TABLE "photos" ADD COLUMN "posterWidth" INTEGER;
ALTER TABLE "photos" ADD COLUMN "posterHeight" INTEGER;
