// /tags/{tag}: the posts carrying a tag, newest first, paged like the home feed (more load as
// the reader scrolls; without JavaScript 'Load more' renders the next page here, `?cursor=…`),
// with a Follow button (a form: a fetcher with JavaScript, a plain post without). Any case
// finds the tag; the page's address names it lowercased. A tag no post carries yet reads as
// an empty page (nothing to follow yet); only an address naming no tag at all is 404.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation, useRouteLoaderData } from "@remix-run/react";
import { Search } from "~/components/icons";
import { FeedList } from "~/components/feed/FeedList";
import { FollowControl } from "~/components/follow/FollowControl";
import { EmptyState } from "~/components/shell/EmptyState";
import { RouteErrorPage } from "~/components/shell/ErrorPage";
import { APP_TITLE, FEED_FIRST_RENDER } from "~/lib/constants";
import { readCursor } from "~/lib/cursor";
import { publicOrigin } from "~/lib/server/env.server";
import { tagPath } from "~/lib/paths";
import { shareLink, shareMeta } from "~/lib/rules/share-meta";
import { TAG_NOT_FOUND, tagFollowAction } from "~/lib/rules/tag-pages";
import { getUser } from "~/models/auth.server";
import { getFeedPage } from "~/models/feed.server";
import { getTag, tagKey } from "~/models/tag.server";
import type { loader as rootLoader } from "~/root";
import "~/components/feed/feed.css";
import "~/components/feed/feed-switch.css";
import { UserError } from "~/lib/user-error";
import { answerUserErrors } from "~/lib/server/form-reply.server";
export { shouldRevalidate } from "~/lib/client/revalidation";

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: `${TAG_NOT_FOUND} · ${APP_TITLE}` }];
  const { tag } = data;
  const headline = `#${tag.name}`;
  return shareMeta({
    share: data.share,
    title: `${headline} · ${APP_TITLE}`,
    headline,
    description: `${tag.posts} ${tag.posts === 1 ? "post" : "posts"} tagged #${tag.name}: builds, mods, meets and drives.`,
  });
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  return answerUserErrors(async () => {
    const url = new URL(request.url);
    const user = await getUser(request);
    const key = tagKey(params.tag ?? "");
    if (!key) throw new UserError(404, TAG_NOT_FOUND);
    const tag = (await getTag(key, user?.id ?? null)) ?? { id: null, name: key, posts: 0, followers: 0, following: false };
    // A broken link shows the newest posts.
    const cursor = readCursor(url.searchParams.get("cursor"));
    const page = tag.id === null ? { posts: [], nextCursor: null } : await getFeedPage({ viewerId: user?.id ?? null, limit: FEED_FIRST_RENDER, cursor, tagId: tag.id });
    return {
      tag,
      posts: page.posts,
      nextCursor: page.nextCursor,
      pageKey: cursor ? (url.searchParams.get("cursor") ?? "") : "",
      now: Date.now(),
      share: shareLink(publicOrigin(request), tagPath(tag.name)),
    };
  });
}

export default function TagPage() {
  const { tag, posts, nextCursor, pageKey, now } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const user = root?.user ?? null;
  const location = useLocation();
  const viewer = user ? { id: user.id, isAdmin: user.isAdmin } : null;
  const here = location.pathname + location.search;
  const path = tagPath(tag.name);

  return (
    <div className="page tag-page">
      <header className="tag-page__head">
        <div>
          <h1 className="feed-strip__title">#{tag.name}</h1>
          <p className="feed-strip__eyebrow">
            {tag.posts} {tag.posts === 1 ? "post" : "posts"}
          </p>
        </div>
        {tag.id === null ? null : (
          <FollowControl key={tag.name} action={tagFollowAction(tag.name)} initialFollowing={tag.following} initialCount={tag.followers} subject={`#${tag.name}`} />
        )}
      </header>
      {posts.length === 0 ? (
        <EmptyState icon={<Search />} title={`No posts tagged #${tag.name} yet`}>
          Write #{tag.name} in a post's story and it shows up here.
        </EmptyState>
      ) : (
        <FeedList
          key={tag.name}
          posts={posts}
          nextCursor={nextCursor}
          now={now}
          viewer={viewer}
          pageKey={pageKey}
          returnTo={here}
          path={path}
          query={{ tag: tag.name }}
        />
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <RouteErrorPage
      notFound={{
        title: TAG_NOT_FOUND,
        message: "No post carries this tag yet.",
        icon: <Search />,
        action: { to: "/search", label: "Search" },
      }}
    />
  );
}
