// Event rules the event routes share with their model: the messages, the event as the API
// sends it, and the schemas of the inputs that belong to no form of their own (a POST's
// intent, attendance).
// Route modules load in the browser too (their clientAction), so nothing here may come from
// a server-only module.
import { z } from "zod";
import { idField } from "~/lib/ids";
import { intentField, switchField } from "~/lib/schemas/input-schemas";
export const EVENT_TEXT = {
  notFound: "Event not found",
  nameRequired: "Give the event a name",
  nameTooLong: "The name can be at most 120 characters",
  dateRequired: "Choose the date and time",
  dateInvalid: "That date and time is not valid",
  locationTooLong: "The place can be at most 200 characters",
  descriptionTooLong: "The description can be at most 5000 characters",
  notYourCar: "Choose one of your own cars",
  finished: "This event has already taken place",
  coverEmpty: "The cover photo is empty",
  coverNotPhoto: "The cover must be a photo (JPEG, PNG, WebP, GIF, AVIF, HEIC or HEIF)",
} as const;

/** A POST's `intent` (PATCH and DELETE say it by their method); the event's fields are the model's to read. */
export const eventIntentSchema = z.object({ intent: intentField(["update", "delete"], "Unknown intent", "update") });

/** `carId` (or `car_id`): one of your cars, or none when absent, null or ""; `going` sets it, or it toggles. */
export const attendSchema = z
  .object({ carId: z.unknown(), car_id: z.unknown(), going: switchField("going must be true or false") })
  .transform((fields) => ({ carId: fields.carId ?? fields.car_id, going: fields.going }))
  .pipe(
    z.object({
      carId: z
        .unknown()
        .transform((value) => (value === undefined || value === "" ? null : value))
        .pipe(idField(EVENT_TEXT.notYourCar).nullable()),
      going: z.boolean().optional(),
    }),
  );
