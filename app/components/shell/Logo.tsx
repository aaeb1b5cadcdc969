// The brand: a light-theme and a dark-theme file (public/logo-light.svg, logo-dark.svg).
// Both are in the markup; the CSS shows the one that fits the theme, so it never flashes.
import { SITE_NAME } from "~/lib/brand";

/** The brand name the header and the sidebar say (the one name, ~/lib/brand). */
export const BRAND_NAME = SITE_NAME;

export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <span className={compact ? "logo logo--compact" : "logo"}>
      <img className="logo__file theme-light-only" src="/logo-light.svg" alt="" width={148} height={32} />
      <img className="logo__file theme-dark-only" src="/logo-dark.svg" alt="" width={148} height={32} />
      <img className="logo__mark" src="/favicon.svg" alt="" width={32} height={32} />
    </span>
  );
}
