// /my-cars/{carId}/handover: the owner hands the car over. Starting one shows its link once
// (only its hash is stored) and may tell a member it is addressed to; a waiting handover can
// be cancelled until it is accepted. The owner only (403/404). Plain form posts.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/shell/Link";
import { z } from "zod";
import { ArrowLeft, KeyRound, Sparkles } from "~/components/icons";
import { HandoverLink, PendingHandover, StartHandoverForm } from "~/components/handover/HandoverPanels";
import { OwnershipHistory } from "~/components/handover/OwnershipHistory";
import { PageHeader } from "~/components/shell/EmptyState";
import { CAR_MESSAGES } from "~/lib/schemas/car-schemas";
import { carName } from "~/lib/rules/cars";
import { APP_TITLE } from "~/lib/constants";
import { flashCookie } from "~/lib/server/cookies.server";
import { publicOrigin } from "~/lib/server/env.server";
import { shortDate } from "~/lib/rules/formats";
import { startHandoverSchema } from "~/lib/schemas/handover-schemas";
import { parseFields, readForm } from "~/lib/server/http.server";
import { parseIdList, requireId } from "~/lib/ids";
import { answerUserErrors } from "~/lib/server/form-reply.server";
import { carEditPath, carHandoverPath, handoverPath, showcasePath } from "~/lib/paths";
import { requireUserPage } from "~/models/auth.server";
import { cancelHandover, costChoices, ownershipHistory, pendingHandover, startHandover } from "~/models/car-handover.server";
import { carJson, requireOwnedCar } from "~/models/car.server";
import "~/components/cars/cars.css";
import { garageWrite } from "~/models/garage-request.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Hand over ${data ? carName(data.car) : "a car"} · ${APP_TITLE}` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return answerUserErrors(async () => {
    const user = await requireUserPage(request);
    const car = await requireOwnedCar(requireId(params, "carId", CAR_MESSAGES.notFound), user.id);
    const [pending, costs, owners] = await Promise.all([pendingHandover(car.id), costChoices(car.id), ownershipHistory(car.id)]);
    return {
      car: carJson(car, { owner: true }),
      pending: pending ? { buyer: pending.buyer?.username ?? null, addressed: pending.addressed, expires: shortDate(pending.expiresAt) } : null,
      costs,
      owners,
    };
  });
}

const cancelSchema = z.object({ intent: z.literal("cancel") });
/** At most this many mods' costs are chosen in one form. */
const MAX_COST_CHOICES = 500;

type Reply = { error: string; field: string | null; link?: undefined } | { link: string; buyer: string | null; expires: string; error?: undefined };

export async function action({ request, params }: ActionFunctionArgs) {
  return answerUserErrors(async () => {
    const { user, carId } = await garageWrite(request, params);
    const form = await readForm(request);
    const fields = Object.fromEntries(form);
    if (fields.intent === "cancel") {
      parseFields(cancelSchema, fields);
      await cancelHandover(carId, user.id);
      const cookie = await flashCookie(request, { toast: { type: "success", message: "Handover cancelled: its link no longer works" } });
      return redirect(carHandoverPath(carId), { status: 303, headers: { "Set-Cookie": cookie } });
    }
    return answerUserErrors(
      async () => {
        const input = parseFields(startHandoverSchema, fields);
        const shownCosts = parseIdList(form.getAll("shown_cost").map(String), MAX_COST_CHOICES);
        const started = await startHandover(carId, user.id, { username: input.username, shownCosts });
        const reply: Reply = { link: publicOrigin(request) + handoverPath(carId, started.token), buyer: started.buyer, expires: shortDate(started.expiresAt) };
        return data<Reply>(reply, { headers: { "Cache-Control": "no-store" } });
      },
      (error) => {
        // Someone else's car, or none: the page's own error answer (the outer answerUserErrors
        // turns the rethrown UserError into it), not a message in the form.
        if ((error.status === 403 || error.status === 404) && !error.field) throw error;
        const reply: Reply = { error: error.message, field: error.field ?? null };
        return data<Reply>(reply, { status: error.status });
      },
    );
  });
}

export default function HandoverPage() {
  const { car, pending, costs, owners } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as Reply | undefined;
  const started = reply?.link ? reply : null;
  const failed = reply?.error ? reply : null;
  return (
    <div className="page handover-page">
      <Link to={carEditPath(car.id)} className="cm-back">
        <ArrowLeft aria-hidden size={16} /> Edit {carName(car)}
      </Link>
      <PageHeader
        title={`Hand over ${carName(car)}`}
        icon={<KeyRound />}
        subtitle="The car changes hands and keeps its story."
        actions={
          <Link to={showcasePath(car.id)} className="btn btn--ghost">
            <Sparkles aria-hidden size={18} /> Showcase
          </Link>
        }
      />
      {started ? <HandoverLink link={started.link} buyer={started.buyer} expires={started.expires} /> : null}
      {pending ? (
        <PendingHandover buyer={pending.buyer} expires={pending.expires} />
      ) : (
        <StartHandoverForm costs={costs} error={failed?.error ?? null} field={failed?.field ?? null} />
      )}
      <OwnershipHistory owners={owners} />
    </div>
  );
}
