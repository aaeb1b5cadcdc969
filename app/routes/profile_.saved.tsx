// /profile/saved (members only): the posts you saved, most recently saved first.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/shell/Link";
import { Bookmark } from "~/components/icons";
import { PostGrid } from "~/components/profile/PostGrid";
import { EmptyState } from "~/components/shell/EmptyState";
import { requireUserPage } from "~/models/auth.server";
import { APP_TITLE } from "~/lib/constants";
import { getPostTilesByIds } from "~/models/post-tiles.server";
import { listSavedPosts } from "~/models/save.server";
import { ProfileSubpageHeader } from "~/components/profile/ProfileSubpageHeader";
export { shouldRevalidate } from "~/lib/client/revalidation";

export const meta: MetaFunction = () => [{ title: `Saved posts · ${APP_TITLE}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserPage(request);
  const cursor = new URL(request.url).searchParams.get("cursor");
  const page = await listSavedPosts(user.id, cursor);
  return { posts: await getPostTilesByIds(page.postIds), nextCursor: page.nextCursor };
}

export default function SavedPosts() {
  const { posts, nextCursor } = useLoaderData<typeof loader>();
  return (
    <div className="page">
      <ProfileSubpageHeader title="Saved" subtitle="Posts you kept for later" icon={<Bookmark />} />
      {posts.length === 0 ? (
        <EmptyState icon={<Bookmark />} title="Nothing saved yet">
          Tap the bookmark on any post to keep it here.
        </EmptyState>
      ) : (
        <>
          <PostGrid posts={posts} />
          {nextCursor ? (
            <p className="load-more">
              <Link to={`?cursor=${encodeURIComponent(nextCursor)}`} className="btn btn--secondary">
                More saved posts
              </Link>
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
