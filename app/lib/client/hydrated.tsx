// Whether React has taken over the page. Parts with a no-JavaScript form (a link that becomes
// a button, a form that posts through a fetcher) render that form on the server and while
// hydrating, so the two agree, and switch once this turns true.
//
// The switch is one context value, set in a transition after hydration: React re-renders the
// parts that read it in short slices between the browser's own work, rather than in one long
// synchronous pass over every card on the page (which is what a `useSyncExternalStore` switch
// costs, since React re-renders a changed external store synchronously). Parts that mount
// later read `true` at once.
//
// `<html data-hydrated="true">` marks the moment the switch has been committed, for tests and
// for styles that need JavaScript.
import { createContext, startTransition, useContext, useEffect, useState } from "react";

const HydratedContext = createContext(false);

export function HydratedProvider({ children }: { children: React.ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.hydrated = "true";
    else startTransition(() => setHydrated(true));
  }, [hydrated]);
  return <HydratedContext.Provider value={hydrated}>{children}</HydratedContext.Provider>;
}

/** False on the server and during hydration, true once the page is interactive. */
export function useHydrated(): boolean {
  return useContext(HydratedContext);
}
