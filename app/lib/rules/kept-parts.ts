// What a page's parts are asked for while a document renders on the server
// (app/cache/kept-parts.server.ts keeps them; components/shell/Kept.tsx asks).

/** What a part is: its markup kept from an earlier render, or the mark its render carries so that the markup can be kept. */
export type KeptPart = { html: string } | { mark: string };

export type KeptParts = {
  /** The part called `name` made from `inputs` (JSON values: everything its markup is made from). */
  part(name: string, inputs: readonly unknown[]): KeptPart;
};
