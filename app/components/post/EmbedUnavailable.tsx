// What an embed (a post's, a car's) shows in another site's frame when it cannot show its
// thing: the brand linking home, and why, in the embed's own card.
import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { Logo } from "~/components/shell/Logo";
import { SITE_NAME } from "~/lib/rules/brand";

export function EmbedUnavailable({ thing, what }: { thing: string; what: string }) {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="embed-card" data-status={isRouteErrorResponse(error) ? error.status : 500}>
      <a href="/" target="_blank" rel="noopener" className="embed-card__brand" aria-label={`Open ${SITE_NAME}`}>
        <Logo />
      </a>
      <h1 className="embed-card__title">{notFound ? `This ${thing} is unavailable` : `This ${what} could not be shown`}</h1>
      <p className="embed-card__text">{notFound ? "It may have been removed, or the link is wrong." : "Please try again later."}</p>
    </div>
  );
}
