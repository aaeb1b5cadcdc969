// /my-cars/{carId}/service: the owner's service log of a car (oil, tyres, brakes,
// inspection): add an entry, delete one. The owner only (403/404). Plain forms, so it works
// without JavaScript; a refused entry comes back with what was typed and the reason.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { ConfirmDelete } from "~/components/cars/ConfirmDelete";
import { Wrench } from "~/components/icons";
import { ServiceEntries, ServiceEntryForm } from "~/components/service/ServiceLog";
import { EmptyState } from "~/components/shell/EmptyState";
import { CAR_MESSAGES } from "~/lib/schemas/car-schemas";
import { SERVICE_MESSAGES, serviceEntrySchema } from "~/lib/schemas/service-schemas";
import { carName } from "~/lib/rules/cars";
import { APP_TITLE } from "~/lib/constants";
import { flashCookie } from "~/lib/server/cookies.server";
import { parseFields, readForm } from "~/lib/server/http.server";
import { idField, requireId } from "~/lib/ids";
import { answerUserErrors } from "~/lib/server/form-reply.server";
import { carServicePath } from "~/lib/paths";
import { UserError, isFieldError } from "~/lib/user-error";
import { requireUserPage } from "~/models/auth.server";
import { carJson, requireOwnedCar } from "~/models/car.server";
import { addServiceEntry, deleteServiceEntry, listServiceEntries } from "~/models/service-log.server";
import "~/components/cars/cars.css";
import { CarPageHeader } from "~/components/cars/CarPageHeader";
import { garageWrite } from "~/models/garage-request.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data ? `${carName(data.car)} service log` : "Service log"} · ${APP_TITLE}` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return answerUserErrors(async () => {
    const user = await requireUserPage(request);
    const car = await requireOwnedCar(requireId(params, "carId", CAR_MESSAGES.notFound), user.id);
    const entries = await listServiceEntries(car.id, { owner: true });
    return { car: carJson(car, { owner: true }), entries, today: new Date().toISOString().slice(0, 10) };
  });
}

const deleteSchema = z.object({ intent: z.literal("delete"), entryId: idField(SERVICE_MESSAGES.notFound) });

export async function action({ request, params }: ActionFunctionArgs) {
  return answerUserErrors(async () => {
    const { user, carId } = await garageWrite(request, params);
    const car = await requireOwnedCar(carId, user.id);
    const form = await readForm(request);
    const back = async (message: string) =>
      redirect(carServicePath(car.id), { status: 303, headers: { "Set-Cookie": await flashCookie(request, { toast: { type: "success", message } }) } });
    if (form.get("intent") === "delete") {
      const { entryId } = parseFields(deleteSchema, Object.fromEntries(form), undefined, 404);
      await deleteServiceEntry(car.id, entryId, user.id);
      return back("Service entry deleted");
    }
    const submission = parseWithZod(form, { schema: serviceEntrySchema, disableAutoCoercion: true });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    try {
      const entry = await addServiceEntry(car.id, user.id, submission.value);
      return back(`${entry.kind_label} logged`);
    } catch (error) {
      if (!(error instanceof UserError)) throw error;
      const reply = isFieldError(error) ? submission.reply({ fieldErrors: { [error.field]: [error.message] } }) : submission.reply({ formErrors: [error.message] });
      return data(reply, { status: error.status });
    }
  });
}

export default function ServiceLogPage() {
  const { car, entries, today } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <div className="page service-page">
      <CarPageHeader carId={car.id} title={carName(car)} subtitle="Service log" />
      <h2 className="visually-hidden">Log a service</h2>
      <ServiceEntryForm lastResult={lastResult} today={today} />
      <h2 className="service-page__heading">History</h2>
      {entries.length ? (
        <ServiceEntries
          entries={entries}
          actionsFor={(entry) => (
            <ConfirmDelete
              compact
              label={`Delete the ${entry.kind_label.toLowerCase()} of ${entry.performed_on}`}
              question={`Delete this ${entry.kind_label.toLowerCase()}?`}
              fields={{ intent: "delete", entryId: String(entry.id) }}
            />
          )}
        />
      ) : (
        <EmptyState icon={<Wrench />} title="No service logged yet">
          Oil changes, tyres, brakes and inspections, with the odometer reading: the history a buyer asks for.
        </EmptyState>
      )}
    </div>
  );
}
