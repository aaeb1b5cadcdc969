// The top of a page about one of the member's cars (its mods, its service log): a way back to
// My Cars, then the car's name with a line under it, a link to its showcase and the page's own
// actions.
import { Link } from "~/components/shell/Link";
import type { ReactNode } from "react";
import { ArrowLeft, Sparkles, Wrench } from "~/components/icons";
import { PageHeader } from "~/components/shell/EmptyState";
import { showcasePath } from "~/lib/paths";

export function CarPageHeader({
  carId,
  title,
  subtitle,
  className,
  actions,
}: {
  carId: number;
  title: string;
  subtitle: string;
  /** The page's own class, added to the header block and to its actions. */
  className?: string;
  actions?: ReactNode;
}) {
  return (
    <>
      <Link to="/my-cars" className="cm-back">
        <ArrowLeft aria-hidden size={16} /> My Cars
      </Link>
      <PageHeader
        title={title}
        subtitle={subtitle}
        icon={<Wrench />}
        className={className}
        actions={
          <>
            <Link to={showcasePath(carId)} className="btn btn--ghost">
              <Sparkles aria-hidden size={18} /> Showcase
            </Link>
            {actions}
          </>
        }
      />
    </>
  );
}
