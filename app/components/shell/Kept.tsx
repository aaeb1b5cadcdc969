// An element whose inside the server may write from markup it kept (app/cache/kept-parts.server.ts):
// the same `name`, `inputs` and address made the same markup before. `inputs` must hold everything
// the children's markup is made from besides the address (props, the reader's own flags, relative
// times as they read, the theme), as JSON values: a part whose inputs miss something would show one
// reader's markup to another. The element itself (its tag and attributes) is rendered every time.
// `address` is what of the page's address the markup reads, the path and query unless given: give
// less only where nothing inside reads more (no form or sign-in link that comes back to the page,
// no link marked current but by an input).
import { useLocation } from "@remix-run/react";
import { forwardRef, type HTMLAttributes, type ReactNode } from "react";
import { useKeptParts } from "~/lib/client/kept-parts";

export type KeptProps = {
  as: "article" | "aside" | "div" | "footer" | "header" | "nav" | "ol" | "section";
  /** Which part this is: parts of different names never share markup. */
  name: string;
  inputs: readonly unknown[];
  address?: string;
  children?: ReactNode;
} & Omit<HTMLAttributes<HTMLElement>, "children" | "dangerouslySetInnerHTML">;

export const Kept = forwardRef<HTMLElement, KeptProps>(function Kept({ as, name, inputs, address, children, ...attributes }, ref) {
  const parts = useKeptParts();
  // Every tag it takes is an HTMLElement of the same attributes.
  const Element = as as "article";
  const { pathname, search } = useLocation();
  if (parts) {
    const part = parts.part(name, [address ?? pathname + search, ...inputs]);
    if ("html" in part) return <Element ref={ref} {...attributes} dangerouslySetInnerHTML={{ __html: part.html }} />;
    return (
      <Element ref={ref} {...attributes} data-kept={part.mark}>
        {children}
      </Element>
    );
  }
  return (
    <Element ref={ref} {...attributes}>
      {children}
    </Element>
  );
});
