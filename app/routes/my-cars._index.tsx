// /my-cars: the signed-in user's garage. Cards with a cover, counts and actions; delete asks first.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/shell/Link";
import { CarFront, Plus } from "~/components/icons";
import { CarCard, type GarageCarView } from "~/components/cars/CarCard";
import { EmptyState, PageHeader } from "~/components/shell/EmptyState";
import { APP_TITLE } from "~/lib/constants";
import { requireUserPage } from "~/models/auth.server";
import { CAR_MESSAGES } from "~/lib/schemas/car-schemas";
import { carName } from "~/lib/rules/cars";
import { z } from "zod";
import { answerUserErrors } from "~/lib/server/form-reply.server";
import { parseFields, readFormFields } from "~/lib/server/http.server";
import { idField } from "~/lib/ids";
import { intentField } from "~/lib/schemas/input-schemas";
import { flashCookie } from "~/lib/server/cookies.server";
import { carJson, deleteCar, listGarage } from "~/models/car.server";
import "~/components/cars/cars.css";
import { limitWrite } from "~/models/rate-limit.server";

export const meta: MetaFunction = () => [{ title: `My Cars · ${APP_TITLE}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserPage(request);
  const cars = await listGarage(user.id);
  return {
    cars: cars.map<GarageCarView>((car) => ({
      ...carJson(car, { owner: true }),
      cover: car.cover,
      modCount: car.modCount,
      followerCount: car.followerCount,
      postCount: car.postCount,
    })),
  };
}

/** The delete button's form: what it asks (400 for anything but "delete"), then which car (404 for a bad id). */
const deleteIntentSchema = z.object({ intent: intentField(["delete"], "Unknown action") });
const carIdSchema = z.object({ carId: idField(CAR_MESSAGES.notFound) });

export async function action({ request }: ActionFunctionArgs) {
  return answerUserErrors(async () => {
    const user = await requireUserPage(request);
    await limitWrite(request, "garage");
    const fields = await readFormFields(request);
    parseFields(deleteIntentSchema, fields);
    const { carId } = parseFields(carIdSchema, fields, undefined, 404);
    const car = await deleteCar(carId, user.id);
    const cookie = await flashCookie(request, { toast: { type: "success", message: `${carName(car)} was deleted` } });
    return redirect("/my-cars", { headers: { "Set-Cookie": cookie } });
  });
}

export default function MyCars() {
  const { cars } = useLoaderData<typeof loader>();
  const addButton = (
    <Link to="/my-cars/new" className="btn btn--primary">
      <Plus aria-hidden size={18} /> Add a car
    </Link>
  );
  return (
    <div className="page page--wide garage">
      <PageHeader
        title="My Cars"
        icon={<CarFront />}
        subtitle={cars.length ? `${cars.length} car${cars.length === 1 ? "" : "s"}` : "Your garage"}
        actions={cars.length ? addButton : undefined}
      />
      {cars.length ? (
        <div className="garage__grid">
          {cars.map((car) => (
            <CarCard key={car.id} car={car} />
          ))}
        </div>
      ) : (
        <EmptyState icon={<CarFront />} title="Your garage is empty" actions={addButton}>
          Add your car to list its mods, tag it in posts and give it a showcase people can follow.
        </EmptyState>
      )}
    </div>
  );
}
