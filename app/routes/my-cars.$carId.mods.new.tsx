// /my-cars/{carId}/mods/new: add a mod to one of your cars.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { parseWithZod } from "@conform-to/zod";
import { Wrench } from "~/components/icons";
import { ModForm } from "~/components/mods/ModForm";
import { PageHeader } from "~/components/shell/EmptyState";
import { carModsPath } from "~/lib/paths";
import { requireUserPage } from "~/models/auth.server";
import { CAR_MESSAGES } from "~/lib/schemas/car-schemas";
import { modSchema } from "~/lib/schemas/mod-schemas";
import { carName } from "~/lib/rules/cars";
import { APP_TITLE } from "~/lib/constants";
import { readForm } from "~/lib/server/http.server";
import { requireId } from "~/lib/ids";
import { flashCookie } from "~/lib/server/cookies.server";
import { carJson, requireOwnedCar } from "~/models/car.server";
import { isFieldError } from "~/lib/user-error";
import { createMod, getModFormOptions } from "~/models/mod.server";
import "~/components/cars/cars.css";
import { answerUserErrors } from "~/lib/server/form-reply.server";
import { garageWrite } from "~/models/garage-request.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Add a mod${data ? ` to ${carName(data.car)}` : ""} · ${APP_TITLE}` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return answerUserErrors(async () => {
    const user = await requireUserPage(request);
    const car = await requireOwnedCar(requireId(params, "carId", CAR_MESSAGES.notFound), user.id);
    return { car: carJson(car, { owner: true }), options: await getModFormOptions(car.id) };
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  return answerUserErrors(async () => {
    const { user, carId } = await garageWrite(request, params);
    const submission = parseWithZod(await readForm(request), { schema: modSchema, disableAutoCoercion: true });
    if (submission.status !== "success") return submission.reply();
    try {
      const mod = await createMod(carId, user.id, submission.value);
      const cookie = await flashCookie(request, { toast: { type: "success", message: `${mod.modelName} added` } });
      return redirect(carModsPath(carId), { headers: { "Set-Cookie": cookie } });
    } catch (error) {
      if (!isFieldError(error)) throw error;
      const field = error.field === "build_id" ? "build_name" : error.field;
      return submission.reply({ fieldErrors: { [field]: [error.message] } });
    }
  });
}

export default function NewMod() {
  const { car, options } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <div className="page mod-form-page">
      <PageHeader title="Add a mod" icon={<Wrench />} subtitle={carName(car)} />
      <ModForm lastResult={lastResult} options={options} submitLabel="Add mod" cancelTo={carModsPath(car.id)} />
    </div>
  );
}
