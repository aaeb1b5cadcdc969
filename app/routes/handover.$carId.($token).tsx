// /handover/{carId}/{token}: the buyer's page of a handover link; /handover/{carId}: the
// handover addressed to the signed-in member. Visitors sign in (or sign up) and come back.
// The buyer sees the car and accepts or declines with a plain form post. A link that is
// forged, for another car, used, cancelled, declined or expired answers 4xx saying why.
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/shell/Link";
import { Check, KeyRound, X } from "~/components/icons";
import { RouteErrorPage } from "~/components/shell/ErrorPage";
import { PageHeader } from "~/components/shell/EmptyState";
import { CAR_MESSAGES } from "~/lib/schemas/car-schemas";
import { carName, carSpecLine } from "~/lib/rules/cars";
import { APP_TITLE } from "~/lib/constants";
import { flashCookie } from "~/lib/server/cookies.server";
import { answerUserErrors } from "~/lib/server/form-reply.server";
import { shortDate } from "~/lib/rules/formats";
import { handoverIntentSchema } from "~/lib/schemas/handover-schemas";
import { parseFields, readForm } from "~/lib/server/http.server";
import { requireId } from "~/lib/ids";
import { showcasePath } from "~/lib/paths";
import { requireUserPage } from "~/models/auth.server";
import { acceptHandover, countModsOf, declineHandover, findOffer } from "~/models/car-handover.server";
import { carJson, getCar } from "~/models/car.server";
import { countCarFollowers } from "~/models/follow.server";
import "~/components/cars/cars.css";
import "~/components/handover/handover.css";
import { UserError } from "~/lib/user-error";
import { garageWrite } from "~/models/garage-request.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `Take over ${carName(data.car)}` : "Handover"} · ${APP_TITLE}` },
  // The link holds the token: never send it on to another site. ("no-referrer" would also
  // make the browser send `Origin: null` with the page's own form posts, which are refused.)
  { name: "referrer", content: "same-origin" },
  { name: "robots", content: "noindex" },
];

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

function tokenOf(params: Readonly<Record<string, string | undefined>>): string | null {
  return params.token ?? null;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  return answerUserErrors(async () => {
    const user = await requireUserPage(request);
    const carId = requireId(params, "carId", CAR_MESSAGES.notFound);
    const offer = await findOffer(carId, user.id, tokenOf(params));
    const [car, followers, mods] = await Promise.all([getCar(carId), countCarFollowers(carId), countModsOf(carId)]);
    if (!car) throw new UserError(404, CAR_MESSAGES.notFound);
    return { car: carJson(car, { owner: false }), seller: offer.seller, expires: shortDate(offer.expiresAt), followers, mods };
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  return answerUserErrors(async () => {
    const { user, carId } = await garageWrite(request, params);
    const form = await readForm(request);
    const { intent } = parseFields(handoverIntentSchema, Object.fromEntries(form));
    const car = await getCar(carId);
    if (!car) throw new UserError(404, CAR_MESSAGES.notFound);
    if (intent === "decline") {
      await declineHandover(carId, user.id, tokenOf(params));
      const cookie = await flashCookie(request, { toast: { type: "success", message: `You declined ${carName(car)}` } });
      return redirect("/", { status: 303, headers: { "Set-Cookie": cookie } });
    }
    await acceptHandover(carId, user.id, tokenOf(params));
    const cookie = await flashCookie(request, { toast: { type: "success", message: `${carName(car)} is yours now` } });
    return redirect(showcasePath(carId), { status: 303, headers: { "Set-Cookie": cookie } });
  });
}

export default function HandoverOffer() {
  const { car, seller, expires, followers, mods } = useLoaderData<typeof loader>();
  const name = carName(car);
  return (
    <div className="page handover-accept">
      <PageHeader title={`Take over ${name}`} icon={<KeyRound />} subtitle={`@${seller.username} wants to hand ${name} over to you.`} />
      <section className="handover-offer card" aria-labelledby="handover-offer-title">
        <h2 id="handover-offer-title" className="cm-danger__title handover__title">
          <Link to={showcasePath(car.id)}>{name}</Link>
        </h2>
        <p className="cm-danger__text">{carSpecLine(car) || `${car.year} ${car.make} ${car.model}`}</p>
        <p className="cm-danger__text" data-testid="handover-terms">
          When you accept, the car is yours with its showcase, {followers} {followers === 1 ? "follower" : "followers"}, {mods} {mods === 1 ? "mod" : "mods"}, parts
          links, build sheet and timeline. @{seller.username} keeps their posts, which still show the car, marked “while owned by @{seller.username}”. Costs they kept
          private stay private. This offer stands until {expires}.
        </p>
        <div className="handover-offer__actions">
          <Form method="post">
            <input type="hidden" name="intent" value="accept" />
            <button type="submit" className="btn btn--primary">
              <Check aria-hidden size={16} /> Accept {name}
            </button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="decline" />
            <button type="submit" className="btn btn--secondary">
              <X aria-hidden size={16} /> Decline
            </button>
          </Form>
        </div>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  // The model's reason (forged, used, expired, another car...) is the page's message.
  return <RouteErrorPage />;
}
