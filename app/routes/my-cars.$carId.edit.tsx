// /my-cars/{carId}/edit: change a car's details and its photo (upload one, pick one of its
// post photos, or go back to the newest post's), or delete it. The owner only (403/404).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/shell/Link";
import { Pencil } from "~/components/icons";
import { CarForm } from "~/components/cars/CarForm";
import { ConfirmDelete } from "~/components/cars/ConfirmDelete";
import { PageHeader } from "~/components/shell/EmptyState";
import { carHandoverPath } from "~/lib/paths";
import { requireUserPage } from "~/models/auth.server";
import { CAR_MESSAGES } from "~/lib/schemas/car-schemas";
import { carName } from "~/lib/rules/cars";
import { APP_TITLE } from "~/lib/constants";
import { nextPath, readCarSubmission, refuseCarSubmission } from "~/lib/server/car-form.server";
import { parseId, requireId } from "~/lib/ids";
import { discardReceived, type ReceivedFile } from "~/lib/server/multipart.server";
import { UserError } from "~/lib/user-error";
import { CarPhotoField, KEEP_PHOTO, NO_PHOTO } from "~/components/cars/CarPhotoField";
import { CAR_PHOTO_MESSAGES, carPhotoChoices, carPhotoState, clearCarPhoto, pickCarPhoto, uploadCarPhoto } from "~/models/car-photo.server";
import { flashCookie } from "~/lib/server/cookies.server";
import { carJson, deleteCar, requireOwnedCar, updateCar } from "~/models/car.server";
import { vinForOwner } from "~/models/vin.server";
import "~/components/cars/cars.css";
import "~/components/handover/handover.css";
import { answerUserErrors } from "~/lib/server/form-reply.server";
import { garageWrite } from "~/models/garage-request.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Edit ${data ? carName(data.car) : "car"} · ${APP_TITLE}` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return answerUserErrors(async () => {
    const user = await requireUserPage(request);
    const car = await requireOwnedCar(requireId(params, "carId", CAR_MESSAGES.notFound), user.id);
    const [photo, choices, vin] = await Promise.all([carPhotoState(car.id), carPhotoChoices(car.id), vinForOwner(car.id, user.id)]);
    // The whole VIN reaches its owner here only, to fill the form.
    return { car: carJson(car, { owner: true }), vin, photo, choices, redirectTo: nextPath(new URL(request.url).searchParams.get("redirectTo")) };
  });
}

/** The photo step of a save: a sent file wins, else the radio choice (keep, none, a post photo). */
async function savePhoto(carId: number, userId: number, form: FormData, photo: ReceivedFile | null): Promise<void> {
  if (photo) return uploadCarPhoto(carId, userId, { path: photo.path, name: photo.name });
  const choice = form.get("photo_choice");
  if (typeof choice !== "string" || choice === "" || choice === KEEP_PHOTO) return;
  if (choice === NO_PHOTO) return clearCarPhoto(carId, userId);
  const mediaId = parseId(choice);
  if (mediaId === null) throw new UserError(400, CAR_PHOTO_MESSAGES.notAChoice);
  return pickCarPhoto(carId, userId, mediaId);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return answerUserErrors(async () => {
    const { user, carId } = await garageWrite(request, params);
    const read = await readCarSubmission(request);
    if (read.refused) return read.refused;
    const { form, photo, submission } = read;
    if (form.get("intent") === "delete") {
      if (photo) await discardReceived([photo]);
      const car = await deleteCar(carId, user.id);
      const cookie = await flashCookie(request, { toast: { type: "success", message: `${carName(car)} was deleted` } });
      return redirect("/my-cars", { headers: { "Set-Cookie": cookie } });
    }
    if (submission.status !== "success") return refuseCarSubmission(submission, photo);
    try {
      await savePhoto(carId, user.id, form, photo);
    } catch (error) {
      if (photo) await discardReceived([photo]);
      if (!(error instanceof UserError)) throw error;
      if (error.status === 403 || error.status === 404) throw error;
      return submission.reply({ formErrors: [error.message] });
    }
    const car = await updateCar(carId, user.id, submission.value);
    const message = photo ? `${carName(car)} saved. ${CAR_PHOTO_MESSAGES.processing}` : `${carName(car)} saved`;
    const cookie = await flashCookie(request, { toast: { type: "success", message } });
    return redirect(nextPath(form.get("redirectTo")) ?? `/my-cars#car-${car.id}`, { status: 303, headers: { "Set-Cookie": cookie } });
  });
}

export default function EditCar() {
  const { car, vin, photo, choices, redirectTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <div className="page car-form-page">
      <PageHeader title={`Edit ${carName(car)}`} icon={<Pencil />} subtitle="Change what you like; blank optional fields are cleared." />
      <CarForm
        lastResult={lastResult}
        submitLabel="Save changes"
        cancelTo={redirectTo ?? "/my-cars"}
        redirectTo={redirectTo}
        defaultValue={{
          make: car.make,
          model: car.model,
          year: String(car.year),
          trim: car.trim ?? "",
          bodystyle: car.bodystyle ?? "",
          nickname: car.nickname ?? "",
          insurance_expires_at: car.insurance_expires_at ? car.insurance_expires_at.slice(0, 10) : "",
          vin: vin?.vin ?? "",
          vin_public: vin?.vinPublic ? "on" : "",
        }}
      >
        <CarPhotoField state={photo} choices={choices} />
      </CarForm>
      <section className="cm-danger cm-handover card" aria-labelledby="cm-handover-title">
        <div>
          <h2 id="cm-handover-title" className="cm-danger__title">
            Hand over this car
          </h2>
          <p className="cm-danger__text">Sold it? The car changes hands and keeps its story: showcase, followers, mods and build sheet.</p>
        </div>
        <Link to={carHandoverPath(car.id)} className="btn btn--secondary btn--sm">
          Hand over
        </Link>
      </section>
      <section className="cm-danger card" aria-labelledby="cm-danger-title">
        <div>
          <h2 id="cm-danger-title" className="cm-danger__title">
            Delete this car
          </h2>
          <p className="cm-danger__text">Its mods, builds and followers go with it. Your posts stay.</p>
        </div>
        <ConfirmDelete label="Delete car" question={`Delete ${carName(car)} for good?`} fields={{ intent: "delete" }} />
      </section>
    </div>
  );
}
