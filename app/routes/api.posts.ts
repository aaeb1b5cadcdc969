// POST /api/posts: create a post (DESIGN §4). Multipart: story, carIds (repeated), layout?,
// soundcloud_url?, media (repeated files). JSON and urlencoded bodies work for posts
// without files. Answers 201 { post }; a plain form post (redirectTo) goes to the new
// post's page with a toast. Members only.
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect, unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { getUser, SIGN_IN_REQUIRED } from "~/lib/auth.server";
import { replyError } from "~/lib/form-reply.server";
import { assertSameOrigin, errorResponse, HttpError, readBody, safeRedirect, type Body } from "~/lib/http.server";
import { MAX_IMAGE_BYTES, MAX_MEDIA_PER_POST, MAX_POST_BYTES, MAX_VIDEO_BYTES, MEDIA_MESSAGES, MediaError } from "~/lib/images.server";
import { loginHref } from "~/lib/login-events";
import { parsePostFields, POST_MESSAGES } from "~/lib/post-schemas";
import { limitWrite } from "~/lib/rate-limit.server";
import { flashCookie } from "~/lib/session.server";
import { getPost } from "~/models/feed.server";
import { createPost } from "~/models/post.server";
import { draftRedirect } from "~/components/upload/upload-drafts.server";

const UPLOAD_PAGE = "/upload";
/** Names a file part may have. */
const FILE_FIELDS = new Set(["media", "media[]", "files", "photos"]);
const MAX_FILE_BYTES = Math.max(MAX_IMAGE_BYTES, MAX_VIDEO_BYTES);
const MAX_FIELD_BYTES = 64 * 1024;
const MAX_PARTS = MAX_MEDIA_PER_POST + 50;
/** Multipart framing and text fields on top of the files. */
const OVERHEAD_BYTES = 1024 * 1024;

type Upload = { body: Body; files: Uint8Array[] };

async function drain(data: AsyncIterable<Uint8Array>) {
  for await (const _chunk of data) {
    // discard
  }
}

/**
 * Reads a multipart body part by part without ever holding more than the limits allow:
 * each file at most MAX_FILE_BYTES, all files together MAX_POST_BYTES, at most
 * MAX_MEDIA_PER_POST files; text fields at most 64 KB. Over a limit → MediaError 413.
 */
async function readMultipart(request: Request): Promise<Upload> {
  const files: Uint8Array[] = [];
  let total = 0;
  let parts = 0;
  const handler: UploadHandler = async ({ name, filename, data }) => {
    if (++parts > MAX_PARTS) throw new MediaError(413, MEDIA_MESSAGES.tooManyFiles);
    const isFile = typeof filename === "string";
    if (isFile && (filename === "" || !FILE_FIELDS.has(name))) {
      // An empty file input (no file chosen) or a file under another name: ignored.
      await drain(data);
      return undefined;
    }
    if (isFile && files.length >= MAX_MEDIA_PER_POST) throw new MediaError(413, MEDIA_MESSAGES.tooManyFiles);
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of data) {
      size += chunk.byteLength;
      if (isFile) {
        total += chunk.byteLength;
        if (size > MAX_FILE_BYTES) throw new MediaError(413, MEDIA_MESSAGES.fileTooLarge);
        if (total > MAX_POST_BYTES) throw new MediaError(413, MEDIA_MESSAGES.postTooLarge);
      } else if (size > MAX_FIELD_BYTES) {
        throw new MediaError(413, "Request body is too large");
      }
      chunks.push(chunk);
    }
    const bytes = Buffer.concat(chunks);
    if (isFile) {
      if (bytes.byteLength > 0) files.push(bytes);
      return undefined;
    }
    return bytes.toString("utf8");
  };

  let form: FormData;
  try {
    form = await unstable_parseMultipartFormData(request, handler);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, "Malformed form body");
  }
  const fields: Record<string, unknown> = {};
  for (const key of new Set(form.keys())) {
    const values = form.getAll(key).filter((value): value is string => typeof value === "string");
    fields[key] = values.length === 1 ? values[0] : values;
  }
  const redirectTo = typeof fields.redirectTo === "string" ? safeRedirect(fields.redirectTo, UPLOAD_PAGE) : null;
  delete fields.redirectTo;
  return { body: { fields, redirectTo }, files };
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
  if (length > MAX_POST_BYTES + OVERHEAD_BYTES) throw new MediaError(413, MEDIA_MESSAGES.postTooLarge);
  return readMultipart(request);
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return errorResponse(405, "Method not allowed", { Allow: "POST" });
  const user = await getUser(request);
  if (!user) {
    return isNavigation(request) ? redirect(loginHref("/", "signin", UPLOAD_PAGE), 303) : errorResponse(401, SIGN_IN_REQUIRED);
  }

  let upload: Upload;
  try {
    await limitWrite(request, "post");
    upload = await read(request);
  } catch (error) {
    if (error instanceof Response && error.status === 429 && isNavigation(request)) {
      return replyError(request, { fields: {}, redirectTo: UPLOAD_PAGE }, 429, ((await error.json()) as { error: string }).error);
    }
    if (!(error instanceof HttpError)) throw error;
    // The body could not be read, so its redirectTo is unknown: a browser goes back to the form.
    if (isNavigation(request)) return redirect(draftRedirect(user.id, {}, error.message), 303);
    return replyError(request, null, error.status, error.message);
  }
  const { body, files } = upload;

  try {
    const fields = parsePostFields(body.fields);
    if (!fields.ok) throw new HttpError(400, fields.error);
    const id = await createPost(user.id, { ...fields.data, files });
    if (body.redirectTo) {
      const cookie = await flashCookie(request, { toast: { type: "success", message: POST_MESSAGES.created } });
      return redirect(`/post/${id}`, { status: 303, headers: { "Set-Cookie": cookie } });
    }
    return Response.json({ post: await getPost(id, user.id) }, { status: 201 });
  } catch (error) {
    if (error instanceof HttpError) {
      // A plain form goes back to the form with what was typed (story, cars, layout, link) and the reason.
      if (body.redirectTo) return redirect(draftRedirect(user.id, body.fields, error.message), 303);
      return replyError(request, body, error.status, error.message);
    }
    throw error;
  }
}
