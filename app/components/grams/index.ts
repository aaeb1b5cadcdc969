// Grams: the full-screen vertical feed, its launcher for `?grams=<postId>` links and the
// button that opens it. Server side: `loadGrams` from "~/models/grams.server"; the URL
// parameter: "~/lib/rules/grams-url". The overlay itself is loaded by the launcher when it opens,
// so it is not exported here.
export type { GramsOverlayProps } from "./GramsOverlay";
export { GramsLauncher, OpenGramsButton, type GramsLauncherProps } from "./GramsLauncher";
export { GRAMS_MESSAGES } from "./grams-feed";
