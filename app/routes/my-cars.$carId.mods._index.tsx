// /my-cars/{carId}/mods: the owner's list of a car's mods, grouped by build, with edit and
// delete. The owner only (403/404).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/shell/Link";
import { Pencil, Plus, Wrench } from "~/components/icons";
import { ConfirmDelete } from "~/components/cars/ConfirmDelete";
import { BuildGroups } from "~/components/mods/BuildGroups";
import { GainChips } from "~/components/mods/GainChips";
import { EmptyState } from "~/components/shell/EmptyState";
import { carModsPath, modEditPath, modNewPath, showcaseCsvPath } from "~/lib/paths";
import { requireUserPage } from "~/models/auth.server";
import { CAR_MESSAGES } from "~/lib/schemas/car-schemas";
import { MOD_MESSAGES } from "~/lib/schemas/mod-schemas";
import { formatCost } from "~/lib/rules/formats";
import { carName, carSpecLine, realNickname, sumGains, visibleCostCents } from "~/lib/rules/cars";
import { APP_TITLE } from "~/lib/constants";
import { z } from "zod";
import { answerUserErrors } from "~/lib/server/form-reply.server";
import { parseFields, readFormFields } from "~/lib/server/http.server";
import { idField, requireId } from "~/lib/ids";
import { intentField } from "~/lib/schemas/input-schemas";
import { flashCookie } from "~/lib/server/cookies.server";
import { carJson, requireOwnedCar } from "~/models/car.server";
import { deleteMod } from "~/models/mod.server";
import { listCarMods } from "~/models/mod-reads.server";
import "~/components/cars/cars.css";
import { CarPageHeader } from "~/components/cars/CarPageHeader";
import { garageWrite } from "~/models/garage-request.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data ? carName(data.car) : "Car"} mods · ${APP_TITLE}` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return answerUserErrors(async () => {
    const user = await requireUserPage(request);
    const car = await requireOwnedCar(requireId(params, "carId", CAR_MESSAGES.notFound), user.id);
    const { mods } = await listCarMods(car.id, user.id);
    return { car: carJson(car, { owner: true }), mods };
  });
}

/** The delete button's form: what it asks (400 for anything but "delete"), then which mod (404 for a bad id). */
const deleteIntentSchema = z.object({ intent: intentField(["delete"], "Unknown action") });
const modIdSchema = z.object({ modId: idField(MOD_MESSAGES.notFound) });

export async function action({ request, params }: ActionFunctionArgs) {
  return answerUserErrors(async () => {
    const { user, carId } = await garageWrite(request, params);
    const fields = await readFormFields(request);
    parseFields(deleteIntentSchema, fields);
    const { modId } = parseFields(modIdSchema, fields, undefined, 404);
    await deleteMod(modId, user.id);
    const cookie = await flashCookie(request, { toast: { type: "success", message: "Modification deleted" } });
    return redirect(carModsPath(carId), { headers: { "Set-Cookie": cookie } });
  });
}

export default function CarMods() {
  const { car, mods } = useLoaderData<typeof loader>();
  const total = visibleCostCents(mods);
  const gains = sumGains(mods.flatMap((mod) => mod.performance_gains));
  const addLink = (
    <Link to={modNewPath(car.id)} className="btn btn--primary">
      <Plus aria-hidden size={18} /> Add a mod
    </Link>
  );
  return (
    <div className="page car-mods-page">
      <CarPageHeader
        carId={car.id}
        title={carName(car)}
        subtitle={realNickname(car.nickname) ? carSpecLine(car) : carSpecLine({ trim: car.trim, bodystyle: car.bodystyle }) || "Modifications"}
        className="car-mods-page"
        actions={mods.length ? addLink : null}
      />

      {mods.length ? (
        <>
          <dl className="mod-totals card">
            <div>
              <dt>Mods</dt>
              <dd>{mods.length}</dd>
            </div>
            <div>
              <dt>Total cost</dt>
              <dd>{total > 0 ? formatCost(total) : "—"}</dd>
            </div>
            {gains.length ? (
              <div className="mod-totals__gains">
                <dt>Gains</dt>
                <dd>
                  <GainChips gains={gains} />
                </dd>
              </div>
            ) : null}
          </dl>
          <BuildGroups
            mods={mods}
            ownerView
            headingLevel={2}
            actionsFor={(mod) => (
              <>
                <Link to={modEditPath(car.id, mod.id)} className="btn btn--ghost btn--sm" aria-label={`Edit ${mod.model_name}`}>
                  <Pencil aria-hidden size={16} />
                </Link>
                <ConfirmDelete compact label={`Delete ${mod.model_name}`} question={`Delete ${mod.model_name}?`} fields={{ intent: "delete", modId: String(mod.id) }} />
              </>
            )}
          />
          <p className="car-mods-page__csv">
            <a href={showcaseCsvPath(car.id)} download data-testid="build-csv">
              Download the build sheet as CSV
            </a>{" "}
            (as the showcase shows it: costs only where you show them).
          </p>
        </>
      ) : (
        <EmptyState icon={<Wrench />} title="No modifications for this vehicle" actions={addLink}>
          List the parts, the labor and the builds: cost, who made and fitted them, and what they gained.
        </EmptyState>
      )}
    </div>
  );
}
