// The car forms (add a car, edit a car) post either urlencoded fields or, with a photo, a
// multipart body: the photo is streamed to the incoming folder (at most one photo, within the
// photo limit), the text fields become the FormData the form library reads.
import { assertSameOrigin, readForm, safeRedirect } from "~/lib/http.server";
import { MAX_IMAGE_BYTES, MEDIA_MESSAGES } from "~/lib/images.server";
import { receiveMultipart, type ReceivedFile } from "~/lib/multipart.server";
import { UserError } from "~/lib/user-error";

/** The form field of the car's photo. */
export const CAR_PHOTO_FIELD = "photo";

export type CarFormBody = { form: FormData; photo: ReceivedFile | null };

/**
 * Reads a car form; the caller owns the received photo (and discards it when it is not used).
 * A refused photo is a UserError with the photo's field, for the form to show; a refused
 * request (another site, a body too large or not a form) is a UserError without one.
 */
export async function readCarForm(request: Request): Promise<CarFormBody> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.includes("multipart/form-data")) return { form: await readForm(request), photo: null };
  assertSameOrigin(request);
  const received = await receiveMultipart(request, {
    fileFields: new Set([CAR_PHOTO_FIELD]),
    maxFiles: 1,
    maxFileBytes: MAX_IMAGE_BYTES,
    maxTotalBytes: MAX_IMAGE_BYTES,
    messages: { tooManyFiles: "Send one photo of the car", fileTooLarge: MEDIA_MESSAGES.imageTooLarge, totalTooLarge: MEDIA_MESSAGES.imageTooLarge },
  }).catch((error: unknown) => {
    throw error instanceof UserError ? new UserError(error.status, error.message, { field: CAR_PHOTO_FIELD }) : error;
  });
  const form = new FormData();
  for (const [name, value] of Object.entries(received.fields)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
  }
  return { form, photo: received.files[0] ?? null };
}

/** Where to go after saving a car: a path on this site (the safe redirect rule), else null. */
export function nextPath(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? safeRedirect(value, "/my-cars") : null;
}
