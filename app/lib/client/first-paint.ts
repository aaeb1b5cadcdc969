// The browser paints what the server sent before React takes the page over. Hydrating a page
// is the longest task of its start (on a mid-range phone, a few hundred milliseconds); run
// before the first frame, it holds back the moment the reader sees anything. A module script
// may run before that frame, so the client entry waits for it: the frame after the next
// animation frame has been painted.
//
// A tab opened in the background paints nothing and runs no animation frames, so the wait
// ends after FIRST_PAINT_WAIT_MS at the latest.

/** The longest the client entry waits for the first frame. */
export const FIRST_PAINT_WAIT_MS = 1000;

/** Resolves once the browser has painted a frame, or after FIRST_PAINT_WAIT_MS. */
export function firstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, FIRST_PAINT_WAIT_MS);
    requestAnimationFrame(() =>
      // Callbacks of an animation frame run before its paint; a task queued from one runs after.
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
}
