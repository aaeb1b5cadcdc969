// /embed/post/{postId}: the forum-safe embeddable view. No header or bottom bar
// (the shell hides them on /embed/*), no scripts at all (`handle.hydrate = false`, which
// root.tsx honours), only its own stylesheet (`handle.stylesheets`, in place of the app's),
// and only /embed/* may be framed by other sites (security headers). Links open the app in a
// new tab.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { EmbedUnavailable } from "~/components/post/EmbedUnavailable";
import { EmbedPost } from "~/components/post/EmbedPost";
import { shareDescription, shareTitle } from "~/components/post/post-view";
import { postUrl, SITE_NAME } from "~/components/share/share-links";
import { publicOrigin } from "~/lib/server/env.server";
import { requireId } from "~/lib/ids";
import { getPost } from "~/models/feed.server";
import embedStyles from "~/components/post/embed.css?url";
import { postsKeys } from "~/cache/data-keys";
import type { DocumentHandle } from "~/root";
import { answerUserErrors } from "~/lib/server/form-reply.server";
import { UserError } from "~/lib/user-error";

/** Rendered without hydration (the page ships no JavaScript), with embed.css as its only stylesheet. */
export const handle: DocumentHandle<Awaited<ReturnType<typeof loader>>> = {
  hydrate: false,
  cache: "visitors",
  stylesheets: [embedStyles],
  keys: ({ post }) => postsKeys([post]),
};

const NOT_FOUND_MESSAGE = "This post is unavailable.";

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: `Post unavailable · ${SITE_NAME}` }, { name: "robots", content: "noindex" }];
  return [
    { title: shareTitle(data.post, SITE_NAME) },
    { name: "description", content: shareDescription(data.post) },
    { name: "robots", content: "noindex" },
    { tagName: "link", rel: "canonical", href: postUrl(data.origin, data.post.id) },
  ];
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  return answerUserErrors(async () => {
    const post = await getPost(requireId(params, "postId", NOT_FOUND_MESSAGE));
    if (!post) throw new UserError(404, NOT_FOUND_MESSAGE);
    // No reader-specific flags: the view is the same for everyone.
    return { post, origin: publicOrigin(request), now: Date.now() };
  });
}

export default function EmbedPostPage() {
  const { post, origin, now } = useLoaderData<typeof loader>();
  return (
    <div className="embed-page">
      <EmbedPost post={post} origin={origin} now={now} />
    </div>
  );
}

export function ErrorBoundary() {
  return <EmbedUnavailable thing="post" what="post" />;
}
