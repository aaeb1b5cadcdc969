// Home: the feed, newest first. The first FEED_FIRST_RENDER posts come with the page; more load
// as the reader scrolls (FeedList); without JavaScript a 'Load more' link renders the next
// page here (`/?cursor=…`). `/?grams` and `/?grams=<postId>` open the Grams overlay, on the
// server too.
//
// Members read one of two feeds, switched by links (`/?feed=following`, `/?feed=latest`) and
// remembered on their account (models/feed-choice.server.ts): Following (the cars, people and
// tags they follow, and their own posts) or Latest (everyone's). Scrolling, 'Load more' and
// Grams read the same feed. An empty Following feed suggests what to follow.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation, useRouteLoaderData } from "@remix-run/react";
import { Link } from "~/components/shell/Link";
import { ArrowUp, CalendarDays, Clapperboard, ImagePlus, Images, Search, UserPlus } from "~/components/icons";
import { FeedList } from "~/components/feed/FeedList";
import { FEED_MESSAGES } from "~/components/feed/feed-pages";
import { GramsLauncher, OpenGramsButton } from "~/components/grams";
import { SITE_NAME } from "~/components/share/share-links";
import { EmptyState } from "~/components/shell/EmptyState";
import { MemberLink } from "~/components/shell/MemberLink";
import { getUser, memberPageFacts } from "~/models/auth.server";
import { APP_TITLE, FEED_FIRST_RENDER } from "~/lib/constants";
import { publicOrigin } from "~/lib/server/env.server";
import { requestLogin } from "~/lib/client/login-events";
import { loginHref } from "~/lib/rules/login-links";
import { shareLink, shareMeta } from "~/lib/rules/share-meta";
import { readCursor } from "~/lib/cursor";
import { getFeedPage } from "~/models/feed.server";
import { feedParam, followSuggestions, resolveFeed } from "~/models/feed-choice.server";
import { FeedSwitch } from "~/components/feed/FeedSwitch";
import { FollowSuggestions } from "~/components/feed/FollowSuggestions";
import { FEED_CHOICE_MESSAGES, feedHref } from "~/lib/rules/feed-choice";
import { loadGrams } from "~/models/grams.server";
import type { DocumentHandle, loader as rootLoader } from "~/root";
import { postsKeys } from "~/cache/data-keys";
import "~/components/feed/feed.css";
import { isPlainClick } from "~/lib/client/link-clicks";
export { shouldRevalidate } from "~/lib/client/revalidation";

export const handle: DocumentHandle<Awaited<ReturnType<typeof loader>>> = {
  cache: "visitors",
  // Its posts, Grams' too; a Following page is only ever a member's.
  keys: ({ posts, grams }) => postsKeys([...posts, ...(grams?.initialPosts ?? [])]),
};

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const description = "Photos, videos and stories of cars from people who love them: builds, mods, meets and weekend drives.";
  if (!data) return [{ title: APP_TITLE }, { name: "description", content: description }];
  return shareMeta({ share: data.share, title: APP_TITLE, description });
};

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // A broken link shows the newest posts.
  const cursor = readCursor(url.searchParams.get("cursor"));
  const user = await getUser(request);
  const feed = await resolveFeed(user?.id, feedParam(url.searchParams), (await memberPageFacts(request))?.feed);
  const following = feed === "following";
  const [page, grams] = await Promise.all([getFeedPage({ viewerId: user?.id ?? null, limit: FEED_FIRST_RENDER, cursor, following }), loadGrams(request, { feed })]);
  // Never an empty page: an empty Following feed offers what to follow instead.
  const suggestions = user && following && !cursor && page.posts.length === 0 ? await followSuggestions(user.id) : null;
  return {
    feed,
    suggestions,
    posts: page.posts,
    nextCursor: page.nextCursor,
    pageKey: cursor ? (url.searchParams.get("cursor") ?? "") : "",
    now: Date.now(),
    grams,
    share: shareLink(publicOrigin(request), "/"),
  };
}

export default function Home() {
  const { feed, suggestions, posts, nextCursor, pageKey, now, grams } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const user = root?.user ?? null;
  const location = useLocation();
  const viewer = user ? { id: user.id, isAdmin: user.isAdmin } : null;
  const here = location.pathname + location.search;
  const signUp = loginHref(here, "signup");

  return (
    <div className="page page--wide home-feed">
      <div className="home-feed__main">
        <section className="feed-strip" aria-labelledby="feed-title">
          <div className="feed-strip__text">
            <p className="feed-strip__eyebrow">{user ? `Hey ${user.nickname || user.username}` : SITE_NAME}</p>
            <h1 id="feed-title" className="feed-strip__title">
              {feed === "following" ? FEED_CHOICE_MESSAGES.followingHeading : FEED_MESSAGES.heading}
            </h1>
          </div>
          <div className="feed-strip__actions">
            <OpenGramsButton className="btn feed-strip__grams">
              <Clapperboard aria-hidden size={18} /> Grams
            </OpenGramsButton>
            {user ? (
              <Link to="/post/new" className="btn btn--primary feed-strip__post" aria-label="New post">
                <ImagePlus aria-hidden size={18} /> <span className="feed-strip__label">Post</span>
              </Link>
            ) : (
              <Link
                to={signUp}
                className="btn btn--primary feed-strip__post"
                aria-label="Join"
                preventScrollReset
                onClick={(event) => {
                  if (!isPlainClick(event)) return;
                  event.preventDefault();
                  requestLogin({ mode: "signup" });
                }}
              >
                <UserPlus aria-hidden size={18} /> <span className="feed-strip__label">Join</span>
              </Link>
            )}
          </div>
        </section>

        {user ? <FeedSwitch feed={feed} /> : null}

        {pageKey ? (
          <div className="feed-paged">
            <span>Older posts</span>
            <Link to={user ? feedHref(feed) : "/"} className="btn btn--sm btn--secondary">
              <ArrowUp aria-hidden size={16} /> {FEED_MESSAGES.newest}
            </Link>
          </div>
        ) : null}

        {suggestions ? (
          <FollowSuggestions suggestions={suggestions} />
        ) : posts.length === 0 ? (
          <EmptyState
            icon={<Images />}
            title={FEED_MESSAGES.empty}
            actions={
              <MemberLink to="/post/new" signedIn={Boolean(user)} className="btn btn--primary">
                <ImagePlus aria-hidden size={18} /> Share the first one
              </MemberLink>
            }
          >
            Fresh builds, weekend drives and meet photos from the community will show up here.
          </EmptyState>
        ) : (
          <FeedList key={feed} posts={posts} nextCursor={nextCursor} now={now} viewer={viewer} pageKey={pageKey} returnTo={here} query={user ? { feed } : undefined} />
        )}
      </div>

      <aside className="feed-rail" aria-label="More to explore">
        <div className="feed-rail__card feed-rail__card--grams">
          <h2 className="feed-rail__title">Grams</h2>
          <p className="feed-rail__text">Full-screen videos and tracks from the community. Swipe, scroll or use the arrow keys.</p>
          <OpenGramsButton className="btn btn--sm grams-open-btn">
            <Clapperboard aria-hidden size={16} /> Open Grams
          </OpenGramsButton>
        </div>
        {user ? (
          <div className="feed-rail__card">
            <h2 className="feed-rail__title">Show your build</h2>
            <p className="feed-rail__text">Photos, videos, a story and a soundtrack. Tag your cars so followers see it.</p>
            <Link to="/post/new" className="btn btn--primary btn--sm">
              <ImagePlus aria-hidden size={16} /> New post
            </Link>
          </div>
        ) : (
          <div className="feed-rail__card">
            <h2 className="feed-rail__title">Join the club</h2>
            <p className="feed-rail__text">Follow cars, like and comment, and post your own ride.</p>
            <Link to={signUp} className="btn btn--primary btn--sm" preventScrollReset>
              <UserPlus aria-hidden size={16} /> Create an account
            </Link>
          </div>
        )}
        <nav className="feed-rail__links" aria-label="Explore">
          <Link to="/search">
            <Search aria-hidden size={12} style={{ display: "inline", verticalAlign: "-2px" }} /> Search
          </Link>
          <Link to="/events">
            <CalendarDays aria-hidden size={12} style={{ display: "inline", verticalAlign: "-2px" }} /> Events
          </Link>
          <span>© {SITE_NAME}</span>
        </nav>
      </aside>

      <GramsLauncher {...(grams ?? {})} />
    </div>
  );
}
