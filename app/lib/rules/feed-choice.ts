// The two feeds of the home page and Grams, and their addresses. Pure, for server and browser.

export const FEED_CHOICES = ["following", "latest"] as const;
export type FeedChoice = (typeof FEED_CHOICES)[number];

export function isFeedChoice(value: unknown): value is FeedChoice {
  return value === "following" || value === "latest";
}

/** The words of the switch and of each feed's heading. */
export const FEED_CHOICE_MESSAGES = {
  following: "Following",
  latest: "Latest",
  switchLabel: "Feed",
  followingHeading: "From cars, people and tags you follow",
  emptyFollowing: "Nothing new from what you follow",
  suggestTitle: "Find something to follow",
  suggestCars: "Most-followed cars",
  suggestPeople: "Most active builders this month",
  suggestTags: "Busy tags this month",
  seeLatest: "See the latest posts",
} as const;

/** The home page reading `feed` (and Grams with it, when `grams` is set). */
export function feedHref(feed: FeedChoice, extra: Record<string, string> = {}): string {
  return `/?${new URLSearchParams({ feed, ...extra })}`;
}
