// Parts the server renders directly while the browser downloads them only when they open
// (see lazy-component.tsx). A component module that names such a part must not import it
// (the browser would then download it with the page), and lib may not import components,
// so the server's entry registers them here by name (app/server-parts.server.ts, never in
// the browser build) and `serverPart(name)` renders whatever was registered.
import type { ComponentType } from "react";

// Each registered part takes the props of the component that names it.
const parts = new Map<string, unknown>();

/** Registers `component` as the server's rendering of the part `name`. */
export function provideServerPart<P extends object>(name: string, component: ComponentType<P>): void {
  parts.set(name, component);
}

/** What the server renders for the part `name` (nothing when none was registered). */
export function serverPart<P extends object>(name: string): ComponentType<P> {
  function ServerPart(props: P) {
    const Part = parts.get(name) as ComponentType<P> | undefined;
    return Part ? <Part {...props} /> : null;
  }
  ServerPart.displayName = `ServerPart(${name})`;
  return ServerPart;
}
