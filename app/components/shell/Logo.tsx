// The brand: a light-theme and a dark-theme file (public/logo-light.svg, logo-dark.svg), and
// the mark alone for narrow headers. All are in the markup; the CSS shows the one that fits
// the theme and the width, so it never flashes. They load lazily: the browser fetches and
// parses only the one shown (each SVG file is a document of its own to parse and lay out
// before the page's first frame).
import { SITE_NAME } from "~/lib/rules/brand";

/** The brand name the header and the sidebar say (the one name, ~/lib/rules/brand). */
export const BRAND_NAME = SITE_NAME;

export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <span className={compact ? "logo logo--compact" : "logo"}>
      <img className="logo__file theme-light-only" src="/logo-light.svg" alt="" loading="lazy" width={148} height={32} />
      <img className="logo__file theme-dark-only" src="/logo-dark.svg" alt="" loading="lazy" width={148} height={32} />
      <img className="logo__mark" src="/favicon.svg" alt="" loading="lazy" width={32} height={32} />
    </span>
  );
}
