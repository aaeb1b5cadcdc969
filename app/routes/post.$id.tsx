// /post/{id}: the public link to one post. Rendered on the server with its newest comments
// (`?before=<cursor>`: an older page of them), the mods of its cars, and the share tags
// (~/lib/rules/share-meta: Open Graph, Twitter card, oEmbed discovery) so a shared link unfurls.
// A missing post is a friendly 404.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigate, useRouteLoaderData } from "@remix-run/react";
import { Kept } from "~/components/shell/Kept";
import { Link } from "~/components/shell/Link";
import { ArrowLeft, Clapperboard, MessageCircle, Wrench } from "~/components/icons";
import { CommentSection } from "~/components/comments/CommentSection";
import { gramsHref } from "~/lib/rules/grams-url";
import { ModsPanel } from "~/components/mods/ModsPanel";
import { PostCard } from "~/components/post/PostCard";
import { RouteErrorPage } from "~/components/shell/ErrorPage";
import { PostMods } from "~/components/post/PostMods";
import { PostProcessing } from "~/components/post/PostProcessing";
import { ogImageOf, shareDescription, shareTitle } from "~/components/post/post-view";
import { SITE_NAME } from "~/components/share/share-links";
import { publicOrigin } from "~/lib/server/env.server";
import { postPath, userPath } from "~/lib/paths";
import { getUser } from "~/models/auth.server";
import { APP_TITLE } from "~/lib/constants";
import { requireId } from "~/lib/ids";
import type { ModJson } from "~/lib/rules/cars";
import { shareLink, shareMeta } from "~/lib/rules/share-meta";
import { COMMENTS_BEFORE } from "~/lib/schemas/comment-schemas";
import { encodeCursor, readCursor } from "~/lib/cursor";
import { commentPageOf } from "~/models/comment.server";
import { getPost, unreadyFor } from "~/models/feed.server";
import { getPostProcessing } from "~/models/post-upload.server";
import { getPostPageMods } from "~/models/mod-reads.server";
import { postsKeys } from "~/cache/data-keys";
import type { DocumentHandle, loader as rootLoader } from "~/root";
import "~/components/post/post-page.css";
import { answerUserErrors } from "~/lib/server/form-reply.server";
import { UserError } from "~/lib/user-error";
export { shouldRevalidate } from "~/lib/client/revalidation";

const NOT_FOUND_MESSAGE = "This post doesn't exist or is no longer available.";

export const handle: DocumentHandle<Awaited<ReturnType<typeof loader>>> = {
  cache: "visitors",
  // The post's reactions and comments.
  keys: ({ post }) => postsKeys([post]),
};

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: `Post not found · ${APP_TITLE}` }, { name: "robots", content: "noindex" }];
  const { post, share } = data;
  // Only its author sees a post that is not ready: nothing to share or index yet.
  if (post.status !== "ready") return [{ title: `Processing… · ${APP_TITLE}` }, { name: "robots", content: "noindex" }];
  return shareMeta({
    share,
    title: shareTitle(post, SITE_NAME),
    description: shareDescription(post),
    type: "article",
    oembed: true,
    extra: [
      { property: "article:published_time", content: post.created_at },
      { property: "article:author", content: shareLink(share.origin, userPath(post.creator.username)).url },
    ],
  });
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  return answerUserErrors(async () => {
    const id = requireId(params, "id", NOT_FOUND_MESSAGE);
    const user = await getUser(request);
    const viewer = user ? { id: user.id, role: user.role } : null;
    // Older comments by a plain link (`?before=`); a broken link shows the newest.
    const before = readCursor(new URL(request.url).searchParams.get(COMMENTS_BEFORE));
    // A post still processing (or failed) exists only for its author and administrators. Its
    // mods and comments are read beside it, and dropped with it when the reader may not see it.
    const [post, pageMods, commentPage] = await Promise.all([
      getPost(id, user?.id ?? null, { unready: unreadyFor(user) }),
      getPostPageMods(id, user?.id ?? null),
      commentPageOf(id, viewer, before),
    ]);
    if (!post) throw new UserError(404, NOT_FOUND_MESSAGE);
    const ready = post.status === "ready";
    const comments = ready ? commentPage : null;
    const processing = ready ? null : await getPostProcessing(id, viewer);
    return {
      post,
      comments,
      commentsBefore: before ? encodeCursor(before) : null,
      processing,
      // The Mods panel's content, so it shows without JavaScript.
      mods: Object.fromEntries(post.post_cars.map((postCar) => [postCar.car_id, pageMods.ofCars.get(postCar.car_id) ?? []])) as Record<number, ModJson[]>,
      // The mods this post shows.
      taggedMods: pageMods.tagged,
      now: Date.now(),
      share: shareLink(publicOrigin(request), postPath(post.id), ogImageOf(post)),
    };
  });
}

export default function PostPage() {
  const { post, comments, commentsBefore, now, processing, mods, taggedMods } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const user = root?.user ?? null;
  const navigate = useNavigate();
  const viewer = user ? { id: user.id, isAdmin: user.isAdmin } : null;
  const carIds = post.post_cars.map((postCar) => postCar.car_id);
  const cars = post.post_cars.map((postCar) => postCar.car);
  const here = postPath(post.id);

  return (
    <div className="page page--wide post-page">
      <nav className="post-page__nav" aria-label="Post">
        <Link to="/" className="btn btn--ghost btn--sm post-page__back">
          <ArrowLeft aria-hidden size={18} /> Feed
        </Link>
        {processing === null && (post.photos.length > 0 || post.soundcloud_url) ? (
          <Link to={gramsHref("/", post.id)} className="btn btn--secondary btn--sm" data-testid="open-grams">
            <Clapperboard aria-hidden size={16} /> View in Grams
          </Link>
        ) : null}
      </nav>

      {processing ? <PostProcessing processing={processing} layout={post.layout} /> : null}

      <div className="post-page__layout">
        <div className="post-page__post">
          <PostCard post={post} now={now} viewer={viewer} variant="page" priority returnTo={here} afterDelete="/" onDeleted={() => navigate("/", { replace: true })} />
          <PostMods mods={taggedMods} />
        </div>

        {processing || !comments ? null : (
          <section className="post-page__panel post-page__panel--comments" aria-labelledby="comments-title">
            <h2 id="comments-title" className="post-page__panel-title">
              <MessageCircle aria-hidden size={18} /> Comments
            </h2>
            <CommentSection
              postId={post.id}
              initialPage={comments}
              before={commentsBefore}
              signedIn={Boolean(user)}
              viewer={user ? { id: user.id, username: user.username, nickname: user.nickname, profileImage: user.profileImage } : null}
              showTitle={false}
              now={now}
            />
          </section>
        )}

        {carIds.length > 0 ? (
          <Kept as="section" name="post-mods" inputs={[carIds, cars, mods]} className="post-page__panel post-page__panel--mods" aria-labelledby="mods-title">
            <h2 id="mods-title" className="post-page__panel-title">
              <Wrench aria-hidden size={18} /> Mods
            </h2>
            <ModsPanel carIds={carIds} cars={cars} mods={mods} hideTitle />
          </Kept>
        ) : null}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorPage notFound={{ title: "Post not found", message: NOT_FOUND_MESSAGE, action: { to: "/search", label: "Search cars and people" } }} />;
}
