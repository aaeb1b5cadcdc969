// /embed/post/{postId}: the forum-safe embeddable view. The shell hides the header, the
// sidebar and the bottom bar here. Embeds arrive with the posts feature; until then every
// id answers a compact 404 that fits in a frame.
import { data } from "@remix-run/node";
import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { Logo } from "~/components/shell/Logo";
import "~/components/shell/pages.css";

export async function loader() {
  throw data({ error: "This post is unavailable." }, { status: 404 });
}

export default function EmbedPost() {
  return null;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="embed-card" data-status={isRouteErrorResponse(error) ? error.status : 500}>
      <a href="/" target="_blank" rel="noopener" className="embed-card__brand" aria-label="Open carsocial">
        <Logo />
      </a>
      <h1 className="embed-card__title">{notFound ? "This post is unavailable" : "This post could not be shown"}</h1>
      <p className="embed-card__text">
        {notFound ? "It may have been removed, or the link is wrong." : "Please try again later."}
      </p>
    </div>
  );
}
