// A friendly "nothing here yet" block: an icon, a title, a line of text, optional actions.
// Any feature can use it: <EmptyState icon={<Inbox />} title="No messages yet">...</EmptyState>
import { useId, type ReactNode } from "react";

export function EmptyState({
  icon,
  title,
  children,
  actions,
  headingLevel = 2,
}: {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const id = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section className="empty-state" aria-labelledby={id}>
      {icon ? (
        <div className="empty-state__icon" aria-hidden>
          {icon}
        </div>
      ) : null}
      <Heading id={id} className="empty-state__title">
        {title}
      </Heading>
      {children ? <div className="empty-state__text">{children}</div> : null}
      {actions ? <div className="empty-state__actions">{actions}</div> : null}
    </section>
  );
}

/** The title block at the top of a page; `className` adds a page's own class to the block and to its actions. */
export function PageHeader({
  title,
  subtitle,
  icon,
  actions,
  className,
}: {
  title: string;
  subtitle?: ReactNode;
  icon?: ReactNode;
  actions?: ReactNode;
  className?: string;
}) {
  return (
    <header className={className ? `page-header ${className}__header` : "page-header"}>
      {icon ? (
        <span className="page-header__icon" aria-hidden>
          {icon}
        </span>
      ) : null}
      <div className="page-header__text">
        <h1 className="page-header__title">{title}</h1>
        {subtitle ? <p className="page-header__subtitle">{subtitle}</p> : null}
      </div>
      {actions ? <div className={className ? `page-header__actions ${className}__actions` : "page-header__actions"}>{actions}</div> : null}
    </header>
  );
}
