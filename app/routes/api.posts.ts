// POST /api/posts: create a post. Multipart: story, carIds (repeated), modIds (repeated: the
// mods of those cars the post shows), layout?, soundcloud_url?, media (repeated files, or
// media.N for file N) with, per file N, position.N?, alt.N? and crop.N? ("x,y,w,h" of the
// upright photo; see ~/lib/schemas/upload-media-fields). The post shows the files in that order. JSON
// and urlencoded bodies work for posts without files. Files are streamed to the incoming
// folder and checked quickly (type, size); the answer comes as soon as they are safely on
// disk: 201 { post } with the post
// `processing` (its files are converted by background jobs), or `ready` when it has none.
// A plain form post (redirectTo) goes to the new post's page. Nothing of a refused upload
// stays on disk or in the database. Members only.
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { postPath } from "~/lib/paths";
import { getUser, SIGN_IN_REQUIRED } from "~/models/auth.server";
import { replyError, errorResponse, userErrorHeaders } from "~/lib/server/form-reply.server";
import { assertSameOrigin, readBody, safeRedirect, type Body } from "~/lib/server/http.server";
import { UserError } from "~/lib/user-error";
import { fileMessage, MAX_IMAGE_BYTES, MAX_MEDIA_PER_POST, MAX_POST_BYTES, MAX_VIDEO_BYTES, MEDIA_MESSAGES } from "~/lib/media/upload-limits.server";
import { inspectUploadFile } from "~/lib/media/upload-pipeline.server";
import { loginHref } from "~/lib/rules/login-links";
import { discardReceived, receiveMultipart, type ReceivedFile } from "~/lib/server/multipart.server";
import { parsePostFields, POST_MESSAGES } from "~/lib/schemas/post-schemas";
import { PROCESSING_TEXT } from "~/lib/rules/post-status";
import { limitWrite } from "~/models/rate-limit.server";
import { flashCookie } from "~/lib/server/cookies.server";
import { getPost } from "~/models/feed.server";
import { wakeJobWorkers } from "~/models/job-worker.server";
import { createPost, type PendingFile } from "~/models/post.server";
import { draftRedirect } from "~/lib/server/upload-drafts.server";
import { fileNumber, NUMBERED_FILE_FIELDS, readFileFields } from "~/lib/schemas/upload-media-fields";
import type { RouteHandle } from "~/lib/route-handle";
export { clientAction } from "~/lib/client/fetcher-answer";

const UPLOAD_PAGE = "/upload";
/** Names a file part may have. */
const FILE_FIELDS = new Set(["media", "media[]", "files", "photos", ...NUMBERED_FILE_FIELDS]);
const MAX_FILE_BYTES = Math.max(MAX_IMAGE_BYTES, MAX_VIDEO_BYTES);
/** Multipart framing and text fields on top of the files. */
const OVERHEAD_BYTES = 1024 * 1024;

type Upload = { body: Body; files: ReceivedFile[] };

/**
 * Streams a multipart body to disk, counting the limits as the bytes arrive: each file at
 * most MAX_FILE_BYTES, all files together MAX_POST_BYTES, at most MAX_MEDIA_PER_POST files,
 * text fields at most 64 KB. Over a limit → 413 naming the file.
 */
async function readMultipart(request: Request): Promise<Upload> {
  const form = await receiveMultipart(request, {
    fileFields: FILE_FIELDS,
    maxFiles: MAX_MEDIA_PER_POST,
    maxFileBytes: MAX_FILE_BYTES,
    maxTotalBytes: MAX_POST_BYTES,
    messages: {
      tooManyFiles: MEDIA_MESSAGES.tooManyFiles,
      fileTooLarge: MAX_FILE_BYTES === MAX_VIDEO_BYTES ? MEDIA_MESSAGES.videoTooLarge : MEDIA_MESSAGES.imageTooLarge,
      totalTooLarge: MEDIA_MESSAGES.postTooLarge,
    },
  });
  const fields: Record<string, unknown> = { ...form.fields };
  const redirectTo = typeof fields.redirectTo === "string" ? safeRedirect(fields.redirectTo, UPLOAD_PAGE) : null;
  delete fields.redirectTo;
  return { body: { fields, redirectTo }, files: form.files };
}

/**
 * Each received file's own fields (position, description, crop: 400 naming the file when
 * one is wrong), then the quick checks of every file (type from the bytes, size), in order.
 */
async function inspectAll(files: ReceivedFile[], fields: Record<string, unknown>): Promise<PendingFile[]> {
  const described = files.map((received, index) => {
    const number = fileNumber(received.field, index);
    const own = readFileFields(fields, number);
    if (!own.ok) throw new UserError(400, fileMessage(received.name, 400, own.error));
    return { received, number, ...own.data };
  });
  const pending: PendingFile[] = [];
  for (const { received, number, position, alt, crop } of described) {
    const file = { path: received.path, name: received.name };
    pending.push({ file, inspected: await inspectUploadFile(file), number, position, alt, crop });
  }
  return pending;
}

/** A browser navigating (a form posted without JavaScript), rather than a script. */
function isNavigation(request: Request): boolean {
  return request.headers.get("Sec-Fetch-Mode") === "navigate" || (request.headers.get("Accept") ?? "").startsWith("text/html");
}

async function read(request: Request): Promise<Upload> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.includes("multipart/form-data")) return { body: await readBody(request), files: [] };
  assertSameOrigin(request);
  const length = Number(request.headers.get("Content-Length") ?? "0");
  if (length > MAX_POST_BYTES + OVERHEAD_BYTES) throw new UserError(413, MEDIA_MESSAGES.postTooLarge);
  return readMultipart(request);
}

export const handle = { methods: ["POST"] } satisfies RouteHandle;

export async function action({ request }: ActionFunctionArgs) {
  const user = await getUser(request);
  if (!user) {
    return isNavigation(request) ? redirect(loginHref("/", "signin", UPLOAD_PAGE), 303) : errorResponse(401, SIGN_IN_REQUIRED);
  }

  let upload: Upload;
  try {
    await limitWrite(request, "post");
    upload = await read(request);
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    if (error.status === 429 && isNavigation(request)) return replyError(request, { fields: {}, redirectTo: UPLOAD_PAGE }, 429, error.message);
    // The body could not be read, so its redirectTo is unknown: a browser goes back to the form.
    const back = isNavigation(request) ? await draftRedirect(user.id, {}, error.message) : null;
    if (back) return redirect(back, 303);
    return replyError(request, null, error.status, error.message, userErrorHeaders(error));
  }
  const { body, files } = upload;

  let id: number;
  try {
    const fields = parsePostFields(body.fields);
    if (!fields.ok) throw new UserError(400, fields.error);
    id = await createPost(user.id, { ...fields.data, files: await inspectAll(files, body.fields) });
  } catch (error) {
    // Refused: the received files go, whatever the reason.
    await discardReceived(files);
    if (error instanceof UserError) {
      // A plain form goes back to the form with what was typed (story, cars, mods, layout, link) and the reason.
      const back = body.redirectTo ? await draftRedirect(user.id, body.fields, error.message) : null;
      if (back) return redirect(back, 303);
      return replyError(request, body, error.status, error.message);
    }
    throw error;
  }
  // The files are safe on disk with their jobs queued: answer now; the worker does the rest.
  wakeJobWorkers();
  if (body.redirectTo) {
    // A post with files is being prepared; one without is already live.
    const message = files.length > 0 ? PROCESSING_TEXT.preparing : POST_MESSAGES.created;
    const cookie = await flashCookie(request, { toast: { type: "success", message } });
    return redirect(postPath(id), { status: 303, headers: { "Set-Cookie": cookie } });
  }
  return Response.json({ post: await getPost(id, user.id, { unready: "own" }) }, { status: 201 });
}
