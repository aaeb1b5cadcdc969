// The addresses of the app's pages, built in one place. Pure and small: the browser bundle shares it.
// Usernames and tags are passed through encodeURIComponent; ids are numbers and go in as they are.
import { partName, slugOf, type PartLike } from "~/lib/rules/names";

export function postPath(postId: number): string {
  return `/post/${postId}`;
}

export function postEditPath(postId: number): string {
  return `/post/${postId}/edit`;
}

/** Who liked the post, then who disliked it; "dislikes" jumps to the second list. */
export function postLikesPath(postId: number, tab: "likes" | "dislikes" = "likes"): string {
  return `/post/${postId}/likes${tab === "dislikes" ? "#dislikes-title" : ""}`;
}

/** A comment in its place under its post. */
export function commentPath(postId: number, commentId: number): string {
  return `/post/${postId}#comment-${commentId}`;
}

export function commentEditPath(commentId: number): string {
  return `/comment/${commentId}/edit`;
}

/** The post as a page for other sites' iframes. */
export function embedPath(postId: number): string {
  return `/embed/post/${postId}`;
}

export function userPath(username: string): string {
  return `/user/${encodeURIComponent(username)}`;
}

/** The conversation with one member. */
export function messagesPath(username: string): string {
  return `/messages/${encodeURIComponent(username)}`;
}

/** A tag's page; the tag as stored (lowercased, without "#"). */
export function tagPath(tag: string): string {
  return `/tags/${encodeURIComponent(tag)}`;
}

/** A car's public page. */
export function showcasePath(carId: number): string {
  return `/showcase/${carId}`;
}

/** The car's mods as a CSV download. */
export function showcaseCsvPath(carId: number): string {
  return `/showcase/${carId}/build.csv`;
}

/** The car's sale report, as a page and as a PDF. */
export function showcaseReportPath(carId: number): string {
  return `/showcase/${carId}/report`;
}

export function showcaseReportPdfPath(carId: number): string {
  return `/showcase/${carId}/report.pdf`;
}

/** A car's build card (/cards/car/{carId}.png). */
export function buildCardPath(carId: number): string {
  return `/cards/car/${carId}.png`;
}

/** The owner's form for the car's details. */
export function carEditPath(carId: number): string {
  return `/my-cars/${carId}/edit`;
}

/** The owner's list of the car's mods. */
export function carModsPath(carId: number): string {
  return `/my-cars/${carId}/mods`;
}

export function modNewPath(carId: number): string {
  return `/my-cars/${carId}/mods/new`;
}

export function modEditPath(carId: number, modId: number): string {
  return `/my-cars/${carId}/mods/${modId}`;
}

/** The owner's service log of the car. */
export function carServicePath(carId: number): string {
  return `/my-cars/${carId}/service`;
}

/** The owner's side of a handover: start, see or cancel one. */
export function carHandoverPath(carId: number): string {
  return `/my-cars/${carId}/handover`;
}

/** The buyer's side of a handover; with the token, the link the seller sends. */
export function handoverPath(carId: number, token?: string): string {
  return token ? `/handover/${carId}/${token}` : `/handover/${carId}`;
}

export function eventPath(eventId: number): string {
  return `/events/${eventId}`;
}

/** The event's own .ics file. */
export function eventIcsPath(eventId: number): string {
  return `/events/${eventId}/calendar.ics`;
}

/** The part page: /parts/{id}-{slug}. */
export function partPath(part: PartLike): string {
  return `/parts/${part.id}-${slugOf(partName(part))}`;
}
