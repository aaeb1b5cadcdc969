// /my-cars/{carId}/edit: change a car's details, or delete it. The owner only (403/404).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { parseWithZod } from "@conform-to/zod";
import { Pencil } from "~/components/icons";
import { CarForm } from "~/components/cars/CarForm";
import { ConfirmDelete } from "~/components/cars/ConfirmDelete";
import { PageHeader } from "~/components/shell/EmptyState";
import { requireUserPage } from "~/models/auth.server";
import { CAR_MESSAGES, carSchema } from "~/lib/car-schemas";
import { carName } from "~/lib/cars";
import { APP_TITLE } from "~/lib/constants";
import { readForm } from "~/lib/http.server";
import { requireId } from "~/lib/ids";
import { flashCookie } from "~/lib/cookies.server";
import { carJson, deleteCar, requireOwnedCar, updateCar } from "~/models/car.server";
import "~/components/cars/cars.css";
import { limitWrite } from "~/models/rate-limit.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Edit ${data ? carName(data.car) : "car"} · ${APP_TITLE}` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserPage(request);
  const car = await requireOwnedCar(requireId(params, "carId", CAR_MESSAGES.notFound), user.id);
  return { car: carJson(car, { owner: true }) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserPage(request);
  await limitWrite(request, "garage");
  const carId = requireId(params, "carId", CAR_MESSAGES.notFound);
  const form = await readForm(request);
  if (form.get("intent") === "delete") {
    const car = await deleteCar(carId, user.id);
    const cookie = await flashCookie(request, { toast: { type: "success", message: `${carName(car)} was deleted` } });
    return redirect("/my-cars", { headers: { "Set-Cookie": cookie } });
  }
  const submission = parseWithZod(form, { schema: carSchema, disableAutoCoercion: true });
  if (submission.status !== "success") return submission.reply();
  const car = await updateCar(carId, user.id, submission.value);
  const cookie = await flashCookie(request, { toast: { type: "success", message: `${carName(car)} saved` } });
  return redirect(`/my-cars#car-${car.id}`, { headers: { "Set-Cookie": cookie } });
}

export default function EditCar() {
  const { car } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <div className="page car-form-page">
      <PageHeader title={`Edit ${carName(car)}`} icon={<Pencil />} subtitle="Change what you like; blank optional fields are cleared." />
      <CarForm
        lastResult={lastResult}
        submitLabel="Save changes"
        cancelTo="/my-cars"
        defaultValue={{
          make: car.make,
          model: car.model,
          year: String(car.year),
          trim: car.trim ?? "",
          bodystyle: car.bodystyle ?? "",
          nickname: car.nickname ?? "",
          insurance_expires_at: car.insurance_expires_at ? car.insurance_expires_at.slice(0, 10) : "",
        }}
      />
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
