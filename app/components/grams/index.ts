// Grams: the full-screen vertical feed, its launcher for `?grams=<postId>` links and the
// button that opens it. Server side: `loadGrams` from "./grams.server". The overlay itself
// is loaded by the launcher when it opens, so it is not exported here.
export type { GramsOverlayProps } from "./GramsOverlay";
export { GramsLauncher, OpenGramsButton, type GramsLauncherProps } from "./GramsLauncher";
export { GRAMS_MESSAGES, GRAMS_PARAM, gramsParam, gramsHref, withoutGrams, type GramsLaunch, type GramsRequest } from "./grams-feed";
