// /upload: create a post. Members only; the bottom bar is hidden here. The form
// posts to /api/posts; a refused plain form comes back as /upload?draft=<id> with what was
// typed and the reason.
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ImagePlus } from "~/components/icons";
import { PageHeader } from "~/components/shell/EmptyState";
import { UploadForm } from "~/components/upload/UploadForm";
import { DRAFT_PARAM, readDraft } from "~/lib/server/upload-drafts.server";
import { requireUserPage } from "~/models/auth.server";
import { carDisplayLine } from "~/lib/rules/cars";
import { APP_TITLE } from "~/lib/constants";
import { listCarsOf } from "~/models/car.server";
import { listModChoices } from "~/models/post-mods.server";
import uploadStyles from "~/components/upload/upload.css?url";

// Only the upload page loads the form's stylesheet.
export const links: LinksFunction = () => [{ rel: "stylesheet", href: uploadStyles }];

export const meta: MetaFunction = () => [{ title: `New post · ${APP_TITLE}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserPage(request);
  const [cars, mods] = await Promise.all([listCarsOf(user.id), listModChoices(user.id)]);
  const draft = await readDraft(user.id, new URL(request.url).searchParams.get(DRAFT_PARAM));
  return {
    cars: cars.map((car) => ({ id: car.id, line: carDisplayLine(car) })),
    // The mods the form offers to tag, grouped by car on the page.
    mods,
    draft,
  };
}

export default function Upload() {
  const { cars, mods, draft } = useLoaderData<typeof loader>();
  return (
    <div className="page page--wide upload-page">
      <PageHeader title="New post" subtitle="Photos, videos, a story and a soundtrack for your car" icon={<ImagePlus />} />
      <UploadForm key={draft ? JSON.stringify(draft) : "new"} cars={cars} mods={mods} defaults={draft ?? undefined} />
    </div>
  );
}
