// Server side of the Grams deep link: when a page's URL carries `?grams` or `?grams=<postId>`,
// its loader calls `loadGrams(request)` so the overlay is rendered on the server, already
// open at that post, with the first page of the Grams feed after it.
import { FEED_FIRST_PAGE } from "~/lib/constants";
import { getUser } from "~/models/auth.server";
import { gramsParam } from "~/lib/rules/grams-url";
import type { FeedChoice } from "~/lib/rules/feed-choice";
import { getFeedPage, getPost, showAllGramsPosts } from "~/models/feed.server";
import type { FeedPost } from "~/lib/wire";

/** What a page's loader hands to the Grams launcher. */
export type GramsLaunch = {
  initialPostId: number | null;
  initialPosts: FeedPost[];
  initialCursor: string | null;
  showAllPosts: boolean;
  /** The feed Grams pages through. */
  feed: FeedChoice;
};

/**
 * Null when the URL does not ask for Grams. Otherwise the post the link names (first, when
 * it exists), then the newest Grams posts (the Grams filter with the reader's
 * show_all_grams_posts) from `feed` (Following or Latest), and the cursor of the next page.
 */
export async function loadGrams(request: Request, { feed = "latest" }: { feed?: FeedChoice } = {}): Promise<GramsLaunch | null> {
  const wanted = gramsParam(request.url);
  if (!wanted) return null;
  const user = await getUser(request);
  const viewerId = user?.id ?? null;
  const [showAll, target] = await Promise.all([showAllGramsPosts(viewerId), wanted.postId ? getPost(wanted.postId, viewerId) : Promise.resolve(null)]);
  const page = await getFeedPage({
    viewerId,
    limit: FEED_FIRST_PAGE,
    grams: { showAll },
    following: feed === "following",
    exclude: target ? [target.id] : [],
  });
  return {
    initialPostId: target?.id ?? null,
    initialPosts: target ? [target, ...page.posts] : page.posts,
    initialCursor: page.nextCursor,
    showAllPosts: showAll,
    feed,
  };
}
