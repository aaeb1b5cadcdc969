// Links the stylesheets of the on-demand parts the server rendered the document with
// (app/lib/server/part-stylesheets.server.ts), after the page's own and without those the page's
// routes link already: a second link to the same file would apply its rules again, later in
// the cascade than the part's. The links stay for the life of the page, whatever the next
// addresses ask for: the browser took them for the part's own stylesheets when it loaded its
// code, so removing them would leave the part unstyled the next time it opens.
import { UNSAFE_RemixContext, useMatches } from "@remix-run/react";
import { useContext, useState } from "react";

export function PartStylesheets({ hrefs }: { hrefs: string[] }) {
  const remix = useContext(UNSAFE_RemixContext);
  const matches = useMatches();
  const [kept] = useState(() => {
    const linked = new Set(matches.flatMap((match) => remix?.manifest.routes[match.id]?.css ?? []));
    return hrefs.filter((href) => !linked.has(href));
  });
  return (
    <>
      {kept.map((href) => (
        <link key={href} rel="stylesheet" href={href} />
      ))}
    </>
  );
}
