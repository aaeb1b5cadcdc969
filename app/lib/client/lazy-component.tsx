// Components whose code the browser downloads only when they first show: dialogs, the
// media viewer, the Grams overlay, the sign-in forms, the notification bell. They keep the
// first visit's JavaScript small, since most visits never open them.
//
// `lazyComponent(load)` is for parts that render only after a click in the browser.
// `lazyComponent(load, { server, renderedIn })` is for parts the server may render too (the
// login modal at `?login`, Grams at `?grams`, a member's bell): the server renders `server`
// directly, which comes from a `*.server` re-export that Remix leaves out of the browser
// build. When the server did render the part (`renderedIn` finds it in the document), the
// browser starts downloading its code as soon as this module runs, and the page hydrates
// only once that code is there (`serverRenderedPartsReady`, awaited by entry.client). Such a
// part renders without a Suspense boundary, on the server and in the browser alike, so it
// hydrates with the rest of the page: React hydrates what is inside a Suspense boundary in a
// later pass, and an update reaching the boundary before then (any re-render of its parents
// right after hydration) makes React throw the server HTML away (error #421).
import { Suspense, lazy, useState, type ComponentType, type ReactNode } from "react";

export type LazyComponent<P> = ComponentType<P & { whileLoading?: ReactNode }> & {
  /** Starts the download (on hover or focus of what opens it). */
  preload: () => void;
};

export type LazyOptions<P> = {
  /** What the server renders in its place. */
  server?: ComponentType<P>;
  /** In the browser, before hydration: whether the server's HTML holds this part. */
  renderedIn?: () => boolean;
  /** Shows while the code downloads (one use may pass `whileLoading` instead). */
  fallback?: ReactNode;
};

const pendingForHydration: Promise<unknown>[] = [];

/** Resolves when the code of every part the server rendered has arrived (or failed). */
export function serverRenderedPartsReady(): Promise<void> {
  return Promise.allSettled(pendingForHydration).then(() => undefined);
}

export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>, options: LazyOptions<P> = {}): LazyComponent<P> {
  const { server, renderedIn, fallback = null } = options;
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const start = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  const Deferred = lazy(() => start().then((component) => ({ default: component }))) as unknown as ComponentType<P>;
  const inBrowser = typeof document !== "undefined";
  if (inBrowser && renderedIn?.()) pendingForHydration.push(start());

  function Lazy({ whileLoading, ...props }: P & { whileLoading?: ReactNode }) {
    // Code already here renders at once: React.lazy would suspend once even then. The choice
    // is kept for the life of this instance: switching from Deferred to the loaded component
    // on a later render would be a new component type, and React would remount it and lose
    // its state (a "Copied!" confirmation gone when the share count updates).
    // A part the server may render (`renderedIn`) goes without Suspense whenever its code is
    // at hand: then the server's HTML and the browser's first render match.
    const [{ Component, bare }] = useState(() => {
      const ready = inBrowser ? loaded : (server ?? null);
      return { Component: ready ?? Deferred, bare: ready !== null && renderedIn !== undefined };
    });
    if (bare) return <Component {...(props as P)} />;
    return (
      <Suspense fallback={whileLoading === undefined ? fallback : whileLoading}>
        <Component {...(props as P)} />
      </Suspense>
    );
  }
  Lazy.preload = () => {
    if (inBrowser) void start();
  };
  return Lazy;
}
