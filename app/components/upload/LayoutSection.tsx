// The "Layout" section of the upload and post-edit forms; each form gives its own choices.
import type { ReactNode } from "react";
import { LayoutGrid } from "~/components/icons";

export function LayoutSection({ children }: { children: ReactNode }) {
  return (
    <fieldset className="upload-section">
      <legend className="upload-section__title">
        <LayoutGrid aria-hidden /> Layout
      </legend>
      <div className="upload-layouts">{children}</div>
    </fieldset>
  );
}
