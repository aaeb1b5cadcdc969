// A post's status. A post with files is `processing` until every file is stored by its
// background job, then `ready`; `failed` when a file could not be processed. Only ready
// posts are shown to anyone but their author (and administrators).
import { apiPaths } from "~/lib/paths";
export const POST_STATUS = { processing: "processing", ready: "ready", failed: "failed" } as const;
export type PostStatus = (typeof POST_STATUS)[keyof typeof POST_STATUS];

/** The Prisma condition of a post everyone may see. */
export const READY_POST = { status: POST_STATUS.ready } as const;

/** A stored status as the app's type (anything unknown reads as ready, the default). */
export function postStatusOf(value: string | null | undefined): PostStatus {
  return value === POST_STATUS.processing || value === POST_STATUS.failed ? value : POST_STATUS.ready;
}

export const PROCESSING_TEXT = {
  title: "Processing…",
  explain: "Your photos and videos are being prepared. Only you can see this post until it is ready.",
  noScript: "This page does not update by itself without JavaScript:",
  reload: "Reload",
  failed: "Some files could not be processed. Only you can see this post until they are fixed.",
  retry: "Try again",
  remove: "Remove",
  ready: "Your post is ready",
  /** The toast when a post with files was sent: it is not live yet. */
  preparing: "Preparing your post…",
  /** The toast when its files are ready and everyone can see it. */
  live: "Your post is live",
  preparingFile: "Preparing…",
  waitingFile: "Waiting…",
  readyFile: "Ready",
} as const;

/** One file of a post that is not ready yet, as its author sees it. */
export type UploadView = {
  id: number;
  name: string;
  kind: "image" | "video";
  /** queued: waiting or being processed; done: stored, waiting for the others; failed. */
  status: "queued" | "done" | "failed";
  error: string | null;
  /** The author may try this file again (it failed, and its bytes are still here). */
  retryable: boolean;
  /** Its place in the post (0 is the cover). */
  position: number;
  /** The author's description of it. */
  alt: string | null;
  /** A still made by the server once the file is stored (the photo, or the video's poster). */
  still: string | null;
  /** Its size in pixels as uploaded (upright photos), when known. */
  width: number | null;
  height: number | null;
  /** How much of a video's preparation is done (0 to 100) while it is prepared; null when not known. */
  progress: number | null;
};

export type PostProcessing = {
  id: number;
  status: PostStatus;
  files: UploadView[];
};

/** Where the author's browser asks after a post's files (and posts retry/remove). */
export function processingUrl(postId: number): string {
  return apiPaths.postProcessing(postId);
}
