// The Grams overlay for server rendering (`/?grams`). Remix keeps `*.server` modules out of
// the browser build, so the browser downloads the overlay only when it opens (GramsLauncher).
export { GramsOverlay } from "./GramsOverlay";
