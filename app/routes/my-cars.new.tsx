// /my-cars/new: add a car to the garage, with its photo (uploaded) when one is sent.
// `redirectTo` (a path on this site) says where to go next: the onboarding and the post
// buttons send a member here first and take them back after.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CarFront } from "~/components/icons";
import { CarForm } from "~/components/cars/CarForm";
import { CarPhotoField } from "~/components/cars/CarPhotoField";
import { PageHeader } from "~/components/shell/EmptyState";
import { carEditPath } from "~/lib/paths";
import { requireUserPage } from "~/models/auth.server";
import { carName } from "~/lib/rules/cars";
import { APP_TITLE } from "~/lib/constants";
import { flashCookie } from "~/lib/server/cookies.server";
import { nextPath, readCarSubmission, refuseCarSubmission } from "~/lib/server/car-form.server";
import { discardReceived } from "~/lib/server/multipart.server";
import { UserError } from "~/lib/user-error";
import { createCar } from "~/models/car.server";
import { uploadCarPhoto } from "~/models/car-photo.server";
import "~/components/cars/cars.css";
import { limitWrite } from "~/models/rate-limit.server";
import { answerUserErrors } from "~/lib/server/form-reply.server";

export const meta: MetaFunction = () => [{ title: `Add a car · ${APP_TITLE}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserPage(request);
  return { redirectTo: nextPath(new URL(request.url).searchParams.get("redirectTo")) };
}

export async function action({ request }: ActionFunctionArgs) {
  return answerUserErrors(async () => {
    const user = await requireUserPage(request);
    await limitWrite(request, "garage");
    const read = await readCarSubmission(request);
    if (read.refused) return read.refused;
    const { form, photo, submission } = read;
    if (submission.status !== "success") return refuseCarSubmission(submission, photo);
    const car = await createCar(user.id, submission.value);
    const next = nextPath(form.get("redirectTo"));
    if (photo) {
      try {
        await uploadCarPhoto(car.id, user.id, { path: photo.path, name: photo.name });
      } catch (error) {
        await discardReceived([photo]);
        if (!(error instanceof UserError)) throw error;
        // The car is in the garage; its edit page takes another photo.
        const cookie = await flashCookie(request, {
          toast: { type: "error", message: `${carName(car)} is in your garage, but its photo was refused: ${error.message}` },
        });
        const edit = `${carEditPath(car.id)}${next ? `?redirectTo=${encodeURIComponent(next)}` : ""}`;
        return redirect(edit, { status: 303, headers: { "Set-Cookie": cookie } });
      }
    }
    const cookie = await flashCookie(request, { toast: { type: "success", message: `${carName(car)} is in your garage` } });
    return redirect(next ?? `/my-cars#car-${car.id}`, { status: 303, headers: { "Set-Cookie": cookie } });
  });
}

export default function NewCar() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <div className="page car-form-page">
      <PageHeader title="Add a car" icon={<CarFront />} subtitle="Make, model and year are all it takes." />
      <CarForm lastResult={lastResult} submitLabel="Add car" cancelTo={redirectTo ?? "/my-cars"} redirectTo={redirectTo}>
        <CarPhotoField />
      </CarForm>
    </div>
  );
}
