// /welcome/{car|follow|post}: a new member's first three steps, each a plain page that can be
// skipped. Sign-up and e-mail verification lead here when the member has no car yet.
// `redirectTo` (a path on this site) is where the last step ends.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/shell/Link";
import type { ReactNode } from "react";
import { CarForm } from "~/components/cars/CarForm";
import { CarPhotoField } from "~/components/cars/CarPhotoField";
import { CarPlaceholder } from "~/components/cars/CarCard";
import { FollowButton } from "~/components/follow/FollowButton";
import { FollowUserButton } from "~/components/follow/FollowUserButton";
import { Avatar } from "~/components/shell/Avatar";
import { WelcomeSteps } from "~/components/welcome/WelcomeSteps";
import { nextPath } from "~/lib/server/car-form.server";
import { carName } from "~/lib/rules/cars";
import { APP_TITLE } from "~/lib/constants";
import { mediaUrl } from "~/lib/media/media-types";
import { isWelcomeStep, NEW_POST_PATH, nextStep, welcomeHref, type WelcomeStep } from "~/lib/rules/onboarding";
import { showcasePath, userPath } from "~/lib/paths";
import { requireUserPage } from "~/models/auth.server";
import { hasCar } from "~/models/car-photo.server";
import { suggestedCars, suggestedPeople } from "~/models/onboarding.server";
import { action as addCar } from "~/routes/my-cars.new";
import "~/components/cars/cars.css";
import { limitWrite } from "~/models/rate-limit.server";
import { UserError } from "~/lib/user-error";
import { answerUserErrors } from "~/lib/server/form-reply.server";

export const meta: MetaFunction = () => [{ title: `Welcome · ${APP_TITLE}` }, { name: "robots", content: "noindex" }];

const NOT_FOUND = "There is no such step";

function stepOf(params: Record<string, string | undefined>): WelcomeStep {
  const step = params.step;
  if (!isWelcomeStep(step)) throw new UserError(404, NOT_FOUND);
  return step;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  return answerUserErrors(async () => {
    const user = await requireUserPage(request);
    const step = stepOf(params);
    const redirectTo = nextPath(new URL(request.url).searchParams.get("redirectTo"));
    const after = nextStep(step);
    const next = after ? welcomeHref(after, redirectTo) : (redirectTo ?? "/");
    const base = { step, redirectTo, next, cars: [] as Awaited<ReturnType<typeof suggestedCars>>, people: [] as Awaited<ReturnType<typeof suggestedPeople>> };
    if (step === "car") {
      // The car step is done once there is a car.
      if (await hasCar(user.id)) throw redirect(next);
      return base;
    }
    if (step === "follow") {
      const [cars, people] = await Promise.all([suggestedCars(user.id), suggestedPeople(user.id)]);
      return { ...base, cars, people };
    }
    return base;
  });
}

/** The car step's form is the add-a-car form; it goes on to the follow step. */
export async function action(args: ActionFunctionArgs) {
  return answerUserErrors(async () => {
    // Only the car step takes a form (the add-a-car action, which counts the write itself).
    if (args.params.step !== "car") {
      await limitWrite(args.request, "garage");
      stepOf(args.params);
      throw new UserError(405, "Method not allowed");
    }
    return addCar(args);
  });
}

function CarStep({ redirectTo }: { redirectTo: string | null }) {
  const lastResult = useActionData<typeof action>();
  return (
    <>
      <p>Make, model and year are all it takes. Add its photo too: it is your car&apos;s face everywhere it is shown.</p>
      <CarForm lastResult={lastResult} submitLabel="Add car" cancelTo={welcomeHref("follow", redirectTo)} redirectTo={welcomeHref("follow", redirectTo)}>
        <CarPhotoField />
      </CarForm>
    </>
  );
}

/** A titled list of suggestions (the items are its children), or a line saying there are none. */
function SuggestionSection({ id, title, empty, children }: { id: string; title: string; empty: string; children: ReactNode[] }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children.length ? (
        <ul className="welcome__list" data-testid={id}>
          {children}
        </ul>
      ) : (
        <p>{empty}</p>
      )}
    </section>
  );
}

function FollowStep({
  cars,
  people,
  next,
}: {
  cars: ReturnType<typeof useLoaderData<typeof loader>>["cars"];
  people: ReturnType<typeof useLoaderData<typeof loader>>["people"];
  next: string;
}) {
  return (
    <>
      <p>
        Your feed shows the cars and people you follow. Looking for something else? <Link to="/search">Search</Link> for a make, a model, a tag or a member.
      </p>
      <SuggestionSection id="welcome-cars" title="Cars" empty="No cars to suggest yet.">
        {cars.map((car) => (
          <li key={car.id} className="welcome__item card">
            <Link to={showcasePath(car.id)} aria-label={`Showcase of ${carName(car)}`}>
              {car.photo ? <img className="welcome__photo" src={car.photo} alt="" loading="lazy" /> : <CarPlaceholder car={car} />}
            </Link>
            <Link to={showcasePath(car.id)}>{carName(car)}</Link>
            <span>@{car.owner}</span>
            <FollowButton carId={car.id} initialFollowing={car.following} carName={carName(car)} size="sm" />
          </li>
        ))}
      </SuggestionSection>
      <SuggestionSection id="welcome-people" title="People" empty="No one to suggest yet.">
        {people.map((person) => (
          <li key={person.id} className="welcome__item card">
            <Link to={userPath(person.username)} className="welcome__person">
              <Avatar name={person.nickname?.trim() || person.username} image={mediaUrl(person.profileImage)} size={32} />@{person.username}
            </Link>
            <FollowUserButton username={person.username} initialFollowing={person.following} size="sm" />
          </li>
        ))}
      </SuggestionSection>
      <p className="welcome__actions">
        <Link to={next} className="btn btn--primary">
          Next: your first post
        </Link>
      </p>
    </>
  );
}

export default function Welcome() {
  const { step, redirectTo, next, cars, people } = useLoaderData<typeof loader>();
  return (
    <WelcomeSteps step={step} redirectTo={redirectTo} next={next}>
      {step === "car" ? <CarStep redirectTo={redirectTo} /> : null}
      {step === "follow" ? <FollowStep cars={cars} people={people} next={next} /> : null}
      {step === "post" ? (
        <>
          <p>Show your build: photos, a clip, the story behind it. Tag your car so its followers see it.</p>
          <p className="welcome__actions">
            <Link to={NEW_POST_PATH} className="btn btn--primary">
              Make your first post
            </Link>
          </p>
        </>
      ) : null}
    </WelcomeSteps>
  );
}
