// /post/{id}/share: the share modal as a page, for readers without JavaScript: the post's
// link and its embed code (the same iframe code the modal builds), ready to select and copy.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Code2, Link2, Share } from "~/components/icons";
import { RouteErrorPage } from "~/components/shell/ErrorPage";
import { BackToPost } from "~/components/post/BackToPost";
import { PageHeader } from "~/components/shell/EmptyState";
import { shareTitle } from "~/components/post/post-view";
import { SHARE_MESSAGES, SITE_NAME, embedCode, embedUrl, postUrl } from "~/components/share/share-links";
import { getUser } from "~/models/auth.server";
import { APP_TITLE } from "~/lib/constants";
import { publicOrigin } from "~/lib/server/env.server";
import { requireId } from "~/lib/ids";
import { getPost } from "~/models/feed.server";
import "~/components/share/share.css";
import { answerUserErrors } from "~/lib/server/form-reply.server";
import { UserError } from "~/lib/user-error";

const NOT_FOUND_MESSAGE = "This post doesn't exist or is no longer available.";

export const meta: MetaFunction = () => [{ title: `${SHARE_MESSAGES.title} · ${APP_TITLE}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return answerUserErrors(async () => {
    const id = requireId(params, "id", NOT_FOUND_MESSAGE);
    const user = await getUser(request);
    // Only a ready post has anything to share.
    const post = await getPost(id, user?.id ?? null);
    if (!post || post.status !== "ready") throw new UserError(404, NOT_FOUND_MESSAGE);
    const origin = publicOrigin(request);
    const title = shareTitle(post, SITE_NAME);
    return {
      postId: post.id,
      title,
      link: postUrl(origin, post.id),
      embedLink: embedUrl(origin, post.id),
      code: embedCode(origin, post, title),
    };
  });
}

export default function SharePostPage() {
  const { postId, title, link, embedLink, code } = useLoaderData<typeof loader>();
  return (
    <div className="page share-page">
      <BackToPost postId={postId} />
      <PageHeader title={SHARE_MESSAGES.title} subtitle={title} icon={<Share />} />

      <section className="share-modal__section">
        <label className="label share-modal__label" htmlFor="share-page-link">
          <Link2 aria-hidden size={16} /> {SHARE_MESSAGES.link}
        </label>
        <input id="share-page-link" className="input share-modal__field" readOnly value={link} data-testid="share-link" />
        <p className="share-modal__hint">
          <a href={link}>{link}</a>
        </p>
      </section>

      <section className="share-modal__section">
        <label className="label share-modal__label" htmlFor="share-page-embed">
          <Code2 aria-hidden size={16} /> {SHARE_MESSAGES.embed}
        </label>
        <textarea id="share-page-embed" className="input share-modal__code" readOnly rows={4} value={code} data-testid="share-embed" />
        <p className="share-modal__hint">{SHARE_MESSAGES.embedHint}</p>
        <p className="share-modal__hint">
          <a href={embedLink}>Preview the embed</a>
        </p>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorPage />;
}
