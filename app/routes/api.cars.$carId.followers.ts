// GET /api/cars/{carId}/followers → { count }.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { errorResponse } from "~/lib/http.server";
import { CAR_NOT_FOUND, carExists, countCarFollowers } from "~/models/follow.server";

export async function loader({ params }: LoaderFunctionArgs) {
  const carId = /^\d+$/.test(params.carId ?? "") ? Number(params.carId) : NaN; // decimal digits only ("0x1F", "1e1" are not ids)
  if (!Number.isSafeInteger(carId) || carId <= 0 || !(await carExists(carId))) return errorResponse(404, CAR_NOT_FOUND);
  return Response.json({ count: await countCarFollowers(carId) }, { headers: { "Cache-Control": "no-store" } });
}
