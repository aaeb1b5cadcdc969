// Components whose code the browser downloads only when they first show: dialogs, the
// media viewer, the Grams overlay, the sign-in forms. They keep the first visit's JavaScript
// small (issue 8's budget), since most visits never open them.
//
// `lazyComponent(load)` is for parts that render only after a click in the browser.
// `lazyComponent(load, serverComponent)` is for parts the server may render too (the login
// modal at `?login`, Grams at `?grams`): the server renders `serverComponent` directly, which
// comes from a `*.server` re-export that Remix leaves out of the browser build. The browser
// keeps that server HTML as it is until the code arrives, then hydrates it, so the part
// works before JavaScript and never flashes a fallback.
import { Suspense, lazy, type ComponentType, type ReactNode } from "react";

export type LazyComponent<P> = ComponentType<P & { whileLoading?: ReactNode }> & {
  /** Starts the download (on hover or focus of what opens it). */
  preload: () => void;
};

/**
 * `fallback` shows while the code downloads; one use may show something else instead
 * through the `whileLoading` prop (e.g. the button that was pressed, so nothing jumps).
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  serverComponent?: ComponentType<P>,
  fallback: ReactNode = null,
): LazyComponent<P> {
  let loading: Promise<ComponentType<P>> | null = null;
  const start = () => (loading ??= load());
  const Loaded: ComponentType<P> =
    serverComponent ?? (lazy(() => start().then((component) => ({ default: component }))) as unknown as ComponentType<P>);
  function Lazy({ whileLoading, ...props }: P & { whileLoading?: ReactNode }) {
    return (
      <Suspense fallback={whileLoading === undefined ? fallback : whileLoading}>
        <Loaded {...(props as P)} />
      </Suspense>
    );
  }
  Lazy.preload = () => {
    if (typeof document !== "undefined") void start();
  };
  return Lazy;
}
