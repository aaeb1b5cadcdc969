// /my-cars/{carId}/mods/{modId}: edit (or delete) one mod. The car's owner only (403/404).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { parseWithZod } from "@conform-to/zod";
import { Pencil } from "~/components/icons";
import { ConfirmDelete } from "~/components/cars/ConfirmDelete";
import { ModForm } from "~/components/mods/ModForm";
import { PageHeader } from "~/components/shell/EmptyState";
import { carModsPath } from "~/lib/paths";
import { requireUserPage } from "~/models/auth.server";
import { CAR_MESSAGES } from "~/lib/schemas/car-schemas";
import { MOD_MESSAGES, modSchema } from "~/lib/schemas/mod-schemas";
import { carName, centsToInput } from "~/lib/rules/cars";
import { APP_TITLE } from "~/lib/constants";
import { readForm } from "~/lib/server/http.server";
import { requireId } from "~/lib/ids";
import { flashCookie } from "~/lib/server/cookies.server";
import { carJson, requireOwnedCar } from "~/models/car.server";
import { isFieldError, UserError } from "~/lib/user-error";
import { deleteMod, getModFormOptions, updateMod } from "~/models/mod.server";
import { requireOwnedMod } from "~/models/mod-reads.server";
import "~/components/cars/cars.css";
import { limitWrite } from "~/models/rate-limit.server";
import { answerUserErrors } from "~/lib/server/form-reply.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Edit ${data?.values.model_name ?? "mod"} · ${APP_TITLE}` }];

async function ownedModOfCar(request: Request, params: LoaderFunctionArgs["params"]) {
  const user = await requireUserPage(request);
  const car = await requireOwnedCar(requireId(params, "carId", CAR_MESSAGES.notFound), user.id);
  const mod = await requireOwnedMod(requireId(params, "modId", MOD_MESSAGES.notFound), user.id);
  if (mod.carId !== car.id) throw new UserError(404, MOD_MESSAGES.notFound);
  return { user, car, mod };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  return answerUserErrors(async () => {
    const { car, mod } = await ownedModOfCar(request, params);
    return {
      car: carJson(car, { owner: true }),
      modId: mod.id,
      options: await getModFormOptions(car.id),
      values: {
        mod_category: mod.category,
        model_name: mod.modelName,
        description: mod.description ?? "",
        manufacturer: mod.manufacturer?.name ?? "",
        vendor: mod.vendor?.name ?? "",
        installer: mod.installer?.name ?? "",
        mod_type: mod.type,
        cost: centsToInput(mod.costCents),
        show_cost: mod.showCost ? "on" : "",
        performance_gains: mod.gains.map((gain) => ({ type: gain.type, amount: String(gain.amount), unit: gain.unit })),
        build_name: mod.build?.name ?? "",
        post_id: mod.postId ? String(mod.postId) : "",
      },
    };
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  return answerUserErrors(async () => {
    await limitWrite(request, "garage");
    const { user, car, mod } = await ownedModOfCar(request, params);
    const form = await readForm(request);
    const back = carModsPath(car.id);
    if (form.get("intent") === "delete") {
      await deleteMod(mod.id, user.id);
      const cookie = await flashCookie(request, { toast: { type: "success", message: "Modification deleted" } });
      return redirect(back, { headers: { "Set-Cookie": cookie } });
    }
    const submission = parseWithZod(form, { schema: modSchema, disableAutoCoercion: true });
    if (submission.status !== "success") return submission.reply();
    try {
      const updated = await updateMod(mod.id, user.id, submission.value);
      const cookie = await flashCookie(request, { toast: { type: "success", message: `${updated.modelName} saved` } });
      return redirect(back, { headers: { "Set-Cookie": cookie } });
    } catch (error) {
      if (!isFieldError(error)) throw error;
      const field = error.field === "build_id" ? "build_name" : error.field;
      return submission.reply({ fieldErrors: { [field]: [error.message] } });
    }
  });
}

export default function EditMod() {
  const { car, options, values } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <div className="page mod-form-page">
      <PageHeader title={`Edit ${values.model_name}`} icon={<Pencil />} subtitle={carName(car)} />
      <ModForm lastResult={lastResult} options={options} defaultValue={values} submitLabel="Save changes" cancelTo={carModsPath(car.id)} />
      <section className="cm-danger card" aria-labelledby="cm-danger-title">
        <div>
          <h2 id="cm-danger-title" className="cm-danger__title">
            Delete this mod
          </h2>
          <p className="cm-danger__text">It disappears from the showcase and the Modifications panel.</p>
        </div>
        <ConfirmDelete label="Delete mod" question={`Delete ${values.model_name}?`} fields={{ intent: "delete" }} />
      </section>
    </div>
  );
}
