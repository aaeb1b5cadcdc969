// The feed's records read back into posts: each post's content and standing arrive as JSON
// arrays of columns (feed-query.server.ts), shaped here into the API's post shape.
import { isoText, parseStoredDate } from "~/lib/db/json-sql";
import { effectiveLayout, isLayout } from "~/lib/rules/layout";
import { imageUrlForWidth, mediaUrl, pictureOf, srcSetFor, type MediaKind } from "~/lib/media/media-types";
import { daysOld } from "~/lib/rules/relative-time";
import { ownPhotoOf } from "~/models/car.server";
import type { FeedCar, FeedPhoto, FeedPost } from "~/lib/wire";

/** Every post in the feed carries the same priority score. */
export const PRIORITY_SCORE = 30;

/** A medium's file as the JSON reads put it, in this order, wherever a medium is read. */
export type MediaFileColumns = [kind: string, path: string, mimeType: string, width: number | null, height: number | null, variants: string];
/** A car's name and spec as the JSON reads put them, in this order, wherever a car is read. */
export type CarNameColumns = [make: string, model: string, year: number, trim: string | null, bodystyle: string | null, nickname: string | null];

type MediaTuple = [
  id: number,
  ...file: MediaFileColumns,
  posterPath: string | null,
  createdAt: string,
  uploaderId: number,
  uploaderUsername: string,
  durationMs: number | null,
  posterVariants: string,
  posterWidth: number | null,
  posterHeight: number | null,
  alt: string | null,
];
type PictureTuple = [kind: string, path: string, variants: string, width: number | null, posterPath: string | null, posterVariants: string, posterWidth: number | null];
type CarTuple = [
  id: number,
  ...name: CarNameColumns,
  ownerId: number,
  coverPath: string | null,
  coverVariants: string,
  coverWidth: number | null,
  picked: PictureTuple[],
  newest: PictureTuple[],
];
export type ContentTuple = [
  id: number,
  createdAt: string,
  createdById: number,
  carId: number | null,
  story: string,
  layout: string | null,
  soundcloudUrl: string | null,
  status: string,
  username: string,
  nickname: string | null,
  profileImage: string | null,
  media: MediaTuple[],
  cars: CarTuple[],
  editedAt: string | null,
];
export type StandingTuple = [
  likes: number,
  dislikes: number,
  comments: number,
  mods: number,
  saves: number,
  shares: number,
  reaction: string | null,
  saved: number,
  followedCar: number,
];

// ------------------------------------------------------------------ shaping

function readPhoto(media: MediaTuple): FeedPhoto {
  const [
    id,
    storedKind,
    path,
    mimeType,
    width,
    height,
    variants,
    posterPath,
    createdAt,
    uploaderId,
    uploaderUsername,
    durationMs,
    posterVariants,
    posterWidth,
    posterHeight,
    alt,
  ] = media;
  const kind: MediaKind = storedKind === "video" ? "video" : "image";
  return {
    id,
    image_url: mediaUrl(path),
    kind,
    mime_type: mimeType,
    width,
    height,
    srcset: kind === "image" ? srcSetFor(path, variants, width) : "",
    poster_url: mediaUrl(posterPath),
    poster_srcset: posterPath ? srcSetFor(posterPath, posterVariants, posterWidth) : "",
    poster_width: posterWidth,
    poster_height: posterHeight,
    duration_ms: kind === "video" ? durationMs : null,
    created_at: isoText(createdAt),
    uploader: { id: uploaderId, username: uploaderUsername },
    alt: alt || null,
  };
}

function readCar(car: CarTuple): { car_id: number; car: FeedCar } {
  const [id, make, model, year, trim, bodystyle, nickname, ownerId, coverPath, coverVariants, coverWidth, [picked], [newest]] = car;
  const media = (tuple: PictureTuple) => ({
    kind: tuple[0],
    path: tuple[1],
    variants: tuple[2],
    width: tuple[3],
    height: null,
    posterPath: tuple[4],
    posterVariants: tuple[5],
    posterWidth: tuple[6],
    posterHeight: null,
  });
  // The garage's rule: the car's own photo (uploaded, else picked), else its newest post's.
  const cover =
    ownPhotoOf({ coverPath, coverVariants, coverWidth, coverHeight: null, coverMedia: picked ? media(picked) : null }) ?? (newest ? pictureOf(media(newest)) : null);
  return {
    car_id: id,
    car: {
      id,
      make,
      model,
      year,
      trim,
      bodystyle,
      nickname,
      owner_id: ownerId,
      cover: cover ? imageUrlForWidth(cover.path, cover.variants, 640) : null,
      cover_srcset: cover ? srcSetFor(cover.path, cover.variants, cover.width) : "",
    },
  };
}

/** What a post is, the same for every reader: kept by id (models/feed.server.ts). */
export type FeedPostContent = Omit<FeedPost, keyof FeedPostStanding>;
/** Its counts and the reader's own flags: read for every answer. */
type FeedPostStanding = Pick<FeedPost, "counts" | "likedByUser" | "dislikedByUser" | "saved" | "priority_score" | "is_followed_car" | "days_old">;

export function readContent(tuple: ContentTuple): FeedPostContent {
  const [id, createdAt, createdById, carId, story, layout, soundcloudUrl, status, username, nickname, profileImage, media, cars, editedAt] = tuple;
  const photos = media.map(readPhoto);
  const postCars = cars.map(readCar);
  const carIds = postCars.map((postCar) => postCar.car_id);
  if (carIds.length === 0 && carId !== null) carIds.push(carId);
  return {
    id,
    created_at: parseStoredDate(createdAt).toISOString(),
    created_by: createdById,
    creator: { id: createdById, username, nickname, profileImage },
    car_id: carId ?? carIds[0] ?? null,
    car_ids: carIds,
    story,
    layout: isLayout(layout) ? layout : null,
    effective_layout: effectiveLayout(layout, photos.length),
    soundcloud_url: soundcloudUrl || null,
    edited_at: editedAt ? parseStoredDate(editedAt).toISOString() : null,
    status: status === "processing" || status === "failed" ? status : "ready",
    photos,
    post_cars: postCars,
  };
}

export function readStanding(tuple: StandingTuple, createdAt: string, now: number): FeedPostStanding {
  const [likes, dislikes, comments, mods, saves, shares, reaction, saved, followedCar] = tuple;
  return {
    counts: { likes, dislikes, comments, mods, saves, shares, flags: 0 },
    likedByUser: reaction === "like",
    dislikedByUser: reaction === "dislike",
    saved: saved === 1,
    priority_score: PRIORITY_SCORE,
    is_followed_car: followedCar === 1,
    days_old: daysOld(createdAt, now),
  };
}
