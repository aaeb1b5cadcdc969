// Post limits and messages, apart from the schemas so that components which only show a
// message do not pull the validation library into the page's JavaScript.
import { INVALID_SOUNDCLOUD_URL } from "~/lib/rules/soundcloud";

export const MAX_STORY_LENGTH = 5000;
export const MAX_CARS_PER_POST = 10;
export const MAX_MODS_PER_POST = 30;

export const POST_MESSAGES = {
  empty: "Add a photo, a video, a story or a track",
  storyTooLong: `The story can be at most ${MAX_STORY_LENGTH} characters`,
  layout: "Layout must be album, grid, carousel or single",
  carIds: "Choose cars by their id",
  tooManyCars: `A post can name at most ${MAX_CARS_PER_POST} cars`,
  notYourCar: "You can only post with your own cars",
  modIds: "Choose mods by their id",
  tooManyMods: `A post can tag at most ${MAX_MODS_PER_POST} mods`,
  modNotOnCars: "Tag only mods of the cars this post shows: tick the car too, or untick the mod",
  notFound: "Post not found",
  forbidden: "You can only delete your own posts",
  badShareChannel: "channel must be link, embed or native",
  created: "Post shared!",
  deleted: "Post deleted",
  invalidSoundCloud: INVALID_SOUNDCLOUD_URL,
} as const;
