// The top of a page under the profile (saved posts, the data download): a way back to the
// profile, then the page's title block.
import { Link } from "~/components/shell/Link";
import type { ReactNode } from "react";
import { ChevronLeft } from "~/components/icons";
import { PageHeader } from "~/components/shell/EmptyState";

export function ProfileSubpageHeader({ title, subtitle, icon }: { title: string; subtitle: string; icon: ReactNode }) {
  return (
    <>
      <Link to="/profile" className="btn btn--ghost btn--sm">
        <ChevronLeft aria-hidden size={18} /> Profile
      </Link>
      <PageHeader title={title} subtitle={subtitle} icon={icon} />
    </>
  );
}
