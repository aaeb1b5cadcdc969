// /post/new: where every "Post" and "Show your build" button leads. A member with no car adds
// one first (its form comes back to the upload form after); anyone else goes to the upload form.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireUserPage } from "~/models/auth.server";
import { hasCar } from "~/models/car-photo.server";

const UPLOAD_PAGE = "/upload";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserPage(request);
  if (await hasCar(user.id)) return redirect(UPLOAD_PAGE);
  return redirect(`/my-cars/new?redirectTo=${encodeURIComponent(UPLOAD_PAGE)}`);
}
