// The car forms (add a car, edit a car) post either urlencoded fields or, with a photo, a
// multipart body: the photo is streamed to the incoming folder (at most one photo, within the
// photo limit), the text fields become the FormData the form library reads.
import { data } from "@remix-run/node";
import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { carSchema } from "~/lib/schemas/car-schemas";
import { assertSameOrigin, readForm, safeRedirect } from "~/lib/server/http.server";
import { discardReceived, onePhotoUpload, receiveMultipart, type ReceivedFile } from "~/lib/server/multipart.server";
import { isFieldError, UserError } from "~/lib/user-error";

/** The form field of the car's photo. */
export const CAR_PHOTO_FIELD = "photo";

type CarFormBody = { form: FormData; photo: ReceivedFile | null };

/**
 * Reads a car form; the caller owns the received photo (and discards it when it is not used).
 * A refused photo is a UserError with the photo's field, for the form to show; a refused
 * request (another site, a body too large or not a form) is a UserError without one.
 */
async function readCarForm(request: Request): Promise<CarFormBody> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.includes("multipart/form-data")) return { form: await readForm(request), photo: null };
  assertSameOrigin(request);
  const received = await receiveMultipart(request, onePhotoUpload(CAR_PHOTO_FIELD, "Send one photo of the car")).catch((error: unknown) => {
    throw error instanceof UserError ? new UserError(error.status, error.message, { field: CAR_PHOTO_FIELD }) : error;
  });
  const form = new FormData();
  for (const [name, value] of Object.entries(received.fields)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
  }
  return { form, photo: received.files[0] ?? null };
}

/** The car form shown again with `formErrors` above it, answered 400. */
function refusedCarForm(formErrors: string[]) {
  return data(parseWithZod(new FormData(), { schema: carSchema }).reply({ formErrors }), { status: 400 });
}

/**
 * Reads and checks a car form post (add a car, edit a car). Either `refused`, the answer to
 * send back as it is (a refused photo), or the form, its photo and the carSchema submission.
 * A refused request (another site, a body too large or not a form) is thrown as a UserError.
 */
export async function readCarSubmission(request: Request) {
  let body: CarFormBody;
  try {
    body = await readCarForm(request);
  } catch (error) {
    if (!isFieldError(error)) throw error;
    return { refused: refusedCarForm([error.message]) } as const;
  }
  const submission = parseWithZod(body.form, { schema: carSchema, disableAutoCoercion: true });
  return { refused: null, ...body, submission } as const;
}

/** The answer to a car form whose fields did not pass: the received photo goes, the form shows why (400). */
export async function refuseCarSubmission(submission: Submission<unknown>, photo: ReceivedFile | null) {
  if (photo) await discardReceived([photo]);
  return data(submission.reply(), { status: 400 });
}

/** Where to go after saving a car: a path on this site (the safe redirect rule), else null. */
export function nextPath(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? safeRedirect(value, "/my-cars") : null;
}
