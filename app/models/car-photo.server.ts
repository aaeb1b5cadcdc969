// A car's own photo: the picture the car is shown with everywhere (showcase, garage, search,
// profiles, part pages, build cards, share images, embeds). The owner either uploads one, or
// picks a photo of one of the car's posts. Without one, a car is shown with the first picture
// of its newest post, as before.
//
// An uploaded photo goes through the same pipeline as a post's photos: checked while the
// request is open, then stored by a background job (CAR_PHOTO_JOB, in the media lane) as WebP
// with resized copies and no EXIF or GPS. Until the job is done the car keeps the picture it
// had, and its edit page says the new one is being processed. A picked photo is a reference
// to the post's media row: deleting that post clears the reference (the database sets it to
// null), so the car falls back to its newest post's picture.
import { prisma } from "~/db.server";
import { parseId } from "~/lib/ids";
import { discardMedia, type UploadFile } from "~/lib/media/processed-media.server";
import { inspectUploadFile, processUploadFile } from "~/lib/media/upload-pipeline.server";
import { fetchIncoming, IncomingMissingError, incomingName, incomingPath, removeIncoming, shareIncoming } from "~/lib/server/incoming.server";
import { pictureOf, type StoredPicture } from "~/lib/media/media-types";
import { UserError } from "~/lib/user-error";
import { errorText, enqueueJob } from "~/models/job.server";
import { carPhotoSelect, coverMediaWhere, featuringCar, ownPhotoOf, pictureSelect, requireOwnedCar } from "~/models/car.server";

export { carPhotos, photoAsMedia } from "~/models/car.server";

/** The job kind that stores a car's uploaded photo. */
export const CAR_PHOTO_JOB = "car.photo";

export type CarPhotoJobPayload = { carId: number; name: string };

/** The most post photos the edit page offers to pick from. */
export const CAR_PHOTO_CHOICES = 24;

export const CAR_PHOTO_MESSAGES = {
  notAPhoto: "The car's photo must be a photo (JPEG, PNG, WebP, GIF, AVIF, HEIC or HEIF)",
  notAChoice: "Choose one of this car's post photos",
  failed: "The car's photo could not be processed. Try again with another file.",
  missing: "The car's photo never reached the media store. Upload it again.",
  processing: "Your car's new photo is being processed: it shows here when it is ready.",
} as const;

export type CarPhotoState = {
  photo: StoredPicture | null;
  /** Which post photo is the car's photo, when it was picked from a post. */
  pickedMediaId: number | null;
  /** An uploaded photo waits for its background job. */
  processing: boolean;
  /** Why the last uploaded photo could not be used. */
  error: string | null;
};

/** The photo part of the owner's edit page. */
export async function carPhotoState(carId: number): Promise<CarPhotoState> {
  const row = await prisma.car.findUnique({ where: { id: carId }, select: { ...carPhotoSelect, coverMediaId: true, coverPending: true, coverError: true } });
  if (!row) return { photo: null, pickedMediaId: null, processing: false, error: null };
  return { photo: ownPhotoOf(row), pickedMediaId: row.coverPath ? null : row.coverMediaId, processing: row.coverPending !== null, error: row.coverError };
}

export type CarPhotoChoice = { mediaId: number; postId: number; picture: StoredPicture };

/** The pictures of the car's posts (newest post first) the owner may pick as its photo. */
export async function carPhotoChoices(carId: number, limit = CAR_PHOTO_CHOICES): Promise<CarPhotoChoice[]> {
  const media = await prisma.media.findMany({
    where: { post: featuringCar(carId), ...coverMediaWhere },
    orderBy: [{ post: { createdAt: "desc" } }, { postId: "desc" }, { position: "asc" }, { id: "asc" }],
    take: limit,
    select: { id: true, postId: true, ...pictureSelect },
  });
  return media.flatMap((item) => {
    const picture = pictureOf(item);
    return picture ? [{ mediaId: item.id, postId: item.postId, picture }] : [];
  });
}

/** The stored files of an uploaded photo, for deleting them. */
function uploadedFiles(row: { coverPath: string | null; coverVariants: string }) {
  return row.coverPath ? [{ path: row.coverPath, variants: row.coverVariants }] : [];
}

/**
 * Takes an uploaded file (in the incoming folder) as the car's new photo: checks it is a photo
 * the pipeline takes and queues its job. The owner only. When this throws, the caller still
 * owns the file.
 */
export async function uploadCarPhoto(carId: number, userId: number, file: UploadFile): Promise<void> {
  await requireOwnedCar(carId, userId);
  const inspected = await inspectUploadFile(file);
  if (inspected.kind !== "image") throw new UserError(415, CAR_PHOTO_MESSAGES.notAPhoto);
  const name = incomingName(file.path);
  if (!name) throw new Error(`Not a file of the incoming folder: ${file.path}`);
  // MEDIA_STORE=s3: the file goes to the bucket before its job exists (503 when it is down).
  await shareIncoming([file.path]);
  const before = await prisma.$transaction(async (tx) => {
    const car = await tx.car.findUniqueOrThrow({ where: { id: carId }, select: { coverPending: true } });
    await tx.car.update({ where: { id: carId }, data: { coverPending: name, coverError: null } });
    await enqueueJob(CAR_PHOTO_JOB, { carId, name } satisfies CarPhotoJobPayload, { db: tx, lane: "media" });
    return car.coverPending;
  });
  // A photo sent before this one and still waiting is not wanted any more.
  if (before && before !== name) await removeIncoming(before).catch(() => undefined);
}

/** Makes one of the car's post photos its photo. The owner only; 400 for any other photo. */
export async function pickCarPhoto(carId: number, userId: number, mediaId: number): Promise<void> {
  await requireOwnedCar(carId, userId);
  const media = await prisma.media.findFirst({
    where: { id: mediaId, post: featuringCar(carId), OR: [{ kind: "image" }, { posterPath: { not: null } }] },
    select: { id: true },
  });
  if (!media) throw new UserError(400, CAR_PHOTO_MESSAGES.notAChoice);
  await replaceOwnPhoto(carId, { coverMediaId: media.id });
}

/** The car goes back to its newest post's picture. The owner only. */
export async function clearCarPhoto(carId: number, userId: number): Promise<void> {
  await requireOwnedCar(carId, userId);
  await replaceOwnPhoto(carId, { coverMediaId: null });
}

/** Sets the picked photo (or none), ending any uploaded photo and one still waiting. */
async function replaceOwnPhoto(carId: number, data: { coverMediaId: number | null }): Promise<void> {
  const before = await prisma.car.findUniqueOrThrow({ where: { id: carId }, select: { coverPath: true, coverVariants: true, coverPending: true } });
  await prisma.car.update({
    where: { id: carId },
    data: { ...data, coverPath: null, coverVariants: "", coverWidth: null, coverHeight: null, coverPending: null, coverError: null },
  });
  await Promise.all(uploadedFiles(before).map((files) => discardMedia(files).catch(() => undefined)));
  await removeIncoming(before.coverPending).catch(() => undefined);
}

/** Deletes the stored files of a car's uploaded photo and its waiting file (after the car is deleted). */
export async function discardCarPhoto(row: { coverPath: string | null; coverVariants: string; coverPending: string | null }): Promise<void> {
  await Promise.all(uploadedFiles(row).map((files) => discardMedia(files).catch(() => undefined)));
  await removeIncoming(row.coverPending).catch(() => undefined);
}

/**
 * The work of one CAR_PHOTO_JOB: stores the waiting photo and makes it the car's photo, the
 * old uploaded one deleted. Does nothing when the car is gone or another photo replaced this
 * one meanwhile. Throws what the pipeline throws (UserError for a bad file).
 */
export async function runCarPhotoJob(payload: CarPhotoJobPayload): Promise<void> {
  const carId = parseId(payload?.carId) ?? 0;
  const name = typeof payload?.name === "string" && incomingPath(payload.name) ? payload.name : null;
  if (!name) return;
  const car = await prisma.car.findUnique({ where: { id: carId }, select: { coverPending: true } });
  if (!car || car.coverPending !== name) return;
  const incoming = await fetchIncoming(name);
  let processed;
  try {
    const file = { path: incoming.path, name: "car photo" };
    const inspected = await inspectUploadFile(file);
    if (inspected.kind !== "image") throw new UserError(415, CAR_PHOTO_MESSAGES.notAPhoto);
    processed = await processUploadFile(file, inspected);
  } finally {
    await incoming.done();
  }
  let kept = false;
  try {
    const before = await prisma.car.findUnique({ where: { id: carId }, select: { coverPath: true, coverVariants: true } });
    const updated = await prisma.car.updateMany({
      where: { id: carId, coverPending: name },
      data: {
        coverPath: processed.path,
        coverVariants: processed.variants,
        coverWidth: processed.width,
        coverHeight: processed.height,
        coverMediaId: null,
        coverPending: null,
        coverError: null,
      },
    });
    kept = updated.count === 1;
    if (kept && before) await Promise.all(uploadedFiles(before).map((files) => discardMedia(files).catch(() => undefined)));
  } finally {
    if (!kept) await discardMedia(processed).catch(() => undefined);
  }
  await removeIncoming(name);
}

/** Records that a CAR_PHOTO_JOB failed for good: the owner reads why on the edit page; the car keeps its picture. */
export async function failCarPhotoJob(payload: CarPhotoJobPayload, error: unknown): Promise<void> {
  const carId = parseId(payload?.carId) ?? 0;
  const name = typeof payload?.name === "string" ? payload.name : null;
  if (!name) return;
  const message = error instanceof UserError ? errorText(error) : error instanceof IncomingMissingError ? CAR_PHOTO_MESSAGES.missing : CAR_PHOTO_MESSAGES.failed;
  await prisma.car.updateMany({ where: { id: carId, coverPending: name }, data: { coverPending: null, coverError: message } });
  await removeIncoming(name).catch(() => undefined);
}

/** The incoming files cars still wait for, among `names` (for the incoming folder's sweep). */
export async function carPhotosWaiting(names: string[]): Promise<Set<string>> {
  const rows = await prisma.car.findMany({ where: { coverPending: { in: names } }, select: { coverPending: true } });
  return new Set(rows.map((row) => row.coverPending).filter((name): name is string => name !== null));
}

/** Whether the member has a car yet (the onboarding and the post buttons ask). */
export async function hasCar(userId: number): Promise<boolean> {
  return (await prisma.car.count({ where: { ownerId: userId } })) > 0;
}
