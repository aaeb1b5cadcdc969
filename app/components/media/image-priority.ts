// How an image is fetched and painted. The images of the first screen are asked for at high
// priority and decoded with the frame that paints the page, so they appear with it rather
// than a moment later; the others decode aside, without holding up a frame.

/** The `decoding` and `fetchpriority` attributes of an image, first screen or not. */
export function imagePriority(firstScreen: boolean): { decoding: "sync" | "async"; fetchpriority?: "high" } {
  // React 18 passes `fetchpriority` to the DOM only in lower case.
  return firstScreen ? { decoding: "sync", fetchpriority: "high" } : { decoding: "async" };
}
