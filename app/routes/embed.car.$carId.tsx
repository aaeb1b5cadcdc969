// /embed/car/{carId}: the forum-safe embeddable build sheet of a car, under the post embed's
// rules: no scripts (`handle.hydrate = false`), its own stylesheets only (`handle.stylesheets`),
// framable by any site (the security headers let /embed/* be framed), links open the app in
// a new tab. oEmbed answers for a showcase frame this page.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { EmbedUnavailable } from "~/components/post/EmbedUnavailable";
import { EmbedCar } from "~/components/showcase/EmbedCar";
import { SITE_NAME } from "~/lib/rules/brand";
import { buildSheet, sheetSummary } from "~/lib/rules/build-sheet";
import { carDisplayLine } from "~/lib/rules/cars";
import { publicOrigin } from "~/lib/server/env.server";
import { requireId } from "~/lib/ids";
import { imageUrlForWidth, mediaUrl, srcSetFor } from "~/lib/media/media-types";
import { showcasePath } from "~/lib/paths";
import { shareLink } from "~/lib/rules/share-meta";
import { getCarBuild } from "~/models/build-sheet.server";
import embedStyles from "~/components/post/embed.css?url";
import embedCarStyles from "~/components/showcase/embed-car.css?url";
import { carKey } from "~/cache/data-keys";
import type { DocumentHandle } from "~/root";
import { answerUserErrors } from "~/lib/server/form-reply.server";
import { UserError } from "~/lib/user-error";

/** Rendered without hydration (the page ships no JavaScript), with the embed's stylesheets only. */
export const handle: DocumentHandle<Awaited<ReturnType<typeof loader>>> = {
  hydrate: false,
  cache: "visitors",
  stylesheets: [embedStyles, embedCarStyles],
  keys: ({ car }) => [carKey(car.id)],
};

const NOT_FOUND_MESSAGE = "This car is unavailable.";

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: `Car unavailable · ${SITE_NAME}` }, { name: "robots", content: "noindex" }];
  return [
    { title: `${carDisplayLine(data.car)} · Build sheet · ${SITE_NAME}` },
    { name: "description", content: sheetSummary(data.sheet) },
    { name: "robots", content: "noindex" },
    { tagName: "link", rel: "canonical", href: shareLink(data.origin, showcasePath(data.car.id)).url },
  ];
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  return answerUserErrors(async () => {
    const build = await getCarBuild(requireId(params, "carId", NOT_FOUND_MESSAGE));
    if (!build) throw new UserError(404, NOT_FOUND_MESSAGE);
    const { car, owner, mods, cover } = build;
    // The same view for everyone: no reader-specific data.
    return {
      car,
      owner: { username: owner.username, profileImage: mediaUrl(owner.profileImage) },
      photo: cover
        ? {
            src: imageUrlForWidth(cover.path, cover.variants, 1080),
            srcSet: srcSetFor(cover.path, cover.variants, cover.width),
            width: cover.width,
            height: cover.height,
          }
        : null,
      sheet: buildSheet(mods),
      mods,
      origin: publicOrigin(request),
      now: Date.now(),
    };
  });
}

export default function EmbedCarPage() {
  const props = useLoaderData<typeof loader>();
  return (
    <div className="embed-page">
      <EmbedCar {...props} />
    </div>
  );
}

export function ErrorBoundary() {
  return <EmbedUnavailable thing="car" what="build" />;
}
