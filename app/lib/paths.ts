// The addresses of the app's pages, built in one place. Pure and small: the browser bundle shares it.
// Usernames and tags are passed through encodeURIComponent; ids are numbers and go in as they are.
import { partName, slugOf, type MakerKind, type PartLike } from "~/lib/rules/names";

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

// ------------------------------------------------------------------ the API

/** Encodes a member's username for a path segment. */
const member = (username: string) => encodeURIComponent(username);

/**
 * The API's addresses: what the forms post to and the fetchers load. Query strings are the
 * caller's: these build the path (and the query a helper names in its arguments).
 */
export const apiPaths = {
  // posts, their reactions, saves, shares and comments
  posts: "/api/posts",
  post: (postId: number) => `/api/posts/${postId}`,
  postLike: (postId: number) => `/api/posts/${postId}/like`,
  postSave: (postId: number) => `/api/posts/${postId}/save`,
  postShare: (postId: number) => `/api/posts/${postId}/share`,
  postInteractions: (postId: number) => `/api/posts/${postId}/interactions`,
  postComments: (postId: number) => `/api/posts/${postId}/comments`,
  postProcessing: (postId: number) => `/api/posts/${postId}/processing`,
  comments: "/api/comments",
  comment: (commentId: number) => `/api/comments/${commentId}`,
  commentLike: (commentId: number) => `/api/comments/${commentId}/like`,
  /** A page of the feed; `params` holds its filters and cursor. */
  feed: (params: URLSearchParams) => `/api/feed?${params}`,

  // cars
  car: (carId: number) => `/api/cars/${carId}`,
  carFollow: (carId: number) => `/api/cars/${carId}/follow`,
  carMods: (carId: number) => `/api/cars/${carId}/mods`,
  /** The mod form's type-ahead: names of `kind` (manufacturer, vendor, installer) matching `query`. */
  makerSuggestions: (kind: MakerKind, query: string) => `/api/makers?${new URLSearchParams({ kind, q: query })}`,
  /** The cars whose make, model or nickname hold the words of `query`, at most `limit`. */
  carSearch: (query: string, limit: number) => `/api/cars/search?q=${encodeURIComponent(query)}&limit=${limit}`,

  // members
  userFollow: (username: string) => `/api/users/${member(username)}/follow`,
  userBlock: (username: string) => `/api/users/${member(username)}/block`,
  /** The members whose username or nickname hold the words of `query`, at most `limit`. */
  userSearch: (query: string, limit: number) => `/api/users/search?q=${encodeURIComponent(query)}&limit=${limit}`,
  tagFollow: (tag: string) => `/api/tags/${encodeURIComponent(tag)}/follow`,

  // events
  events: "/api/events",
  event: (eventId: number) => `/api/events/${eventId}`,
  eventAttend: (eventId: number) => `/api/events/${eventId}/attend`,
  /** The events whose name or place hold the words of `query`, at most `limit`. */
  eventSearch: (query: string, limit: number) => `/api/events?search=${encodeURIComponent(query)}&limit=${limit}`,

  // messages, notifications and the live stream
  messages: "/api/messages",
  /** The conversation with one member; `query` ("?before=…") when the caller pages it. */
  conversation: (username: string, query = "") => `/api/messages/${member(username)}${query}`,
  conversationRead: (username: string) => `/api/messages/${member(username)}/read`,
  unreadMessages: "/api/messages/unread-count",
  notifications: (limit: number) => `/api/notifications?limit=${limit}`,
  notificationRead: (notificationId: number) => `/api/notifications/${notificationId}/read`,
  notificationsReadAll: "/api/notifications/read-all",
  pushSubscriptions: "/api/push/subscriptions",
  pushPreferences: "/api/push/preferences",
  stream: "/api/stream",

  // reports, feedback, music
  report: "/api/flags/create",
  feedback: "/api/feedback/submit",
  soundcloudSearch: (query: string) => `/api/soundcloud/search?${new URLSearchParams({ q: query })}`,

  // signing in
  login: "/api/auth/login",
  register: "/api/auth/register",
  code: "/api/auth/code",
  codeVerify: "/api/auth/code/verify",
  resetPassword: "/api/auth/reset-password",
  resetPasswordConfirm: "/api/auth/reset-password/confirm",
  session: "/api/auth/session",
  validateSession: "/api/auth/validate-session",
  refreshSession: "/api/auth/refresh-session",
  /** Google's sign-in; with `redirectTo`, where it comes back to. */
  google: (redirectTo?: string) => (redirectTo === undefined ? "/api/auth/google" : `/api/auth/google?${new URLSearchParams({ redirectTo })}`),

  // administration
  adminFlags: "/api/admin/flags",
  adminMakers: "/api/admin/makers",
  adminUserRole: (userId: number) => `/api/admin/users/${userId}/role`,
  adminUserSuspend: (userId: number) => `/api/admin/users/${userId}/suspend`,
} as const;
