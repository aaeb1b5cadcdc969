// The Content-Security-Policy nonce of the document being rendered. entry.server.tsx
// provides it; every inline <script> the app renders (Remix's <Scripts>,
// <ScrollRestoration>, anything else) takes it from useNonce(). In the browser it is
// undefined: the scripts are already in the page, and browsers hide nonces from the DOM.
import { createContext, useContext } from "react";

export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
