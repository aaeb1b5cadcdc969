// /parts/{id}-{slug}: one shared part. Every car that runs it with its owner, when each fitted
// it, the costs owners show, the gains reported (median and count per type and unit) and
// the posts that show it. A wrong or missing slug redirects to the right address (301); an
// unknown id is a 404.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Wrench } from "~/components/icons";
import { PartView } from "~/components/parts/PartView";
import { PageHeader } from "~/components/shell/EmptyState";
import { APP_TITLE } from "~/lib/constants";
import { publicOrigin } from "~/lib/server/env.server";
import { partIdOf } from "~/lib/rules/names";
import { shareLink, shareMeta } from "~/lib/rules/share-meta";
import { getPartPage } from "~/models/part.server";
import type { DocumentHandle } from "~/root";
import { UserError } from "~/lib/user-error";
import { answerUserErrors } from "~/lib/server/form-reply.server";

const PART_NOT_FOUND = "Part not found";

export const handle: DocumentHandle = { cache: "visitors" };

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: `${PART_NOT_FOUND} · ${APP_TITLE}` }, { name: "robots", content: "noindex" }];
  return shareMeta({ share: data.share, title: `${data.page.part.name} · Parts · ${APP_TITLE}`, headline: data.page.part.name, description: data.description });
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  return answerUserErrors(async () => {
    const id = partIdOf(params.partRef);
    if (id === null) throw new UserError(404, PART_NOT_FOUND);
    const page = await getPartPage(id);
    if (!page) throw new UserError(404, PART_NOT_FOUND);
    const url = new URL(request.url);
    if (url.pathname !== page.part.href) throw redirect(`${page.part.href}${url.search}`, 301);
    const { part, car_count: cars, gains } = page;
    const runs = cars === 1 ? "1 car runs it" : `${cars} cars run it`;
    const reported = gains.length ? `; owners report ${gains.map((gain) => `${gain.type} (${gain.count})`).join(", ")}` : "";
    const description = `${part.name}, ${part.category}. ${runs}${reported}.`;
    return { page, description, share: shareLink(publicOrigin(request), part.href), now: Date.now() };
  });
}

export default function PartRoute() {
  const { page } = useLoaderData<typeof loader>();
  const { part } = page;
  return (
    <div className="page part-page">
      <PageHeader title={part.name} subtitle={`${part.category} · by ${part.manufacturer.name}`} icon={<Wrench />} />
      <PartView data={page} />
    </div>
  );
}
