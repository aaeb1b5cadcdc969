// /my-cars/new: add a car to the garage.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { parseWithZod } from "@conform-to/zod";
import { CarFront } from "~/components/icons";
import { CarForm } from "~/components/cars/CarForm";
import { PageHeader } from "~/components/shell/EmptyState";
import { requireUserPage } from "~/models/auth.server";
import { carSchema } from "~/lib/car-schemas";
import { carName } from "~/lib/cars";
import { APP_TITLE } from "~/lib/constants";
import { readForm } from "~/lib/http.server";
import { flashCookie } from "~/lib/cookies.server";
import { createCar } from "~/models/car.server";
import "~/components/cars/cars.css";
import { limitWrite } from "~/models/rate-limit.server";

export const meta: MetaFunction = () => [{ title: `Add a car · ${APP_TITLE}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserPage(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUserPage(request);
  await limitWrite(request, "garage");
  const submission = parseWithZod(await readForm(request), { schema: carSchema, disableAutoCoercion: true });
  if (submission.status !== "success") return submission.reply();
  const car = await createCar(user.id, submission.value);
  const cookie = await flashCookie(request, { toast: { type: "success", message: `${carName(car)} is in your garage` } });
  return redirect(`/my-cars#car-${car.id}`, { headers: { "Set-Cookie": cookie } });
}

export default function NewCar() {
  const lastResult = useActionData<typeof action>();
  return (
    <div className="page car-form-page">
      <PageHeader title="Add a car" icon={<CarFront />} subtitle="Make, model and year are all it takes." />
      <CarForm lastResult={lastResult} submitLabel="Add car" cancelTo="/my-cars" />
    </div>
  );
}
