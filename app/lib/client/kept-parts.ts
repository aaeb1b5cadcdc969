// The parts of the document being rendered (app/cache/kept-parts.server.ts): entry.server.tsx
// provides them, and `<Kept>` asks them for its markup. In the browser there are none: every part
// renders as it always does, and hydrates against the markup the server wrote.
import { createContext, useContext } from "react";
import type { KeptParts } from "~/lib/rules/kept-parts";

export const KeptPartsContext = createContext<KeptParts | null>(null);

export function useKeptParts(): KeptParts | null {
  return useContext(KeptPartsContext);
}
