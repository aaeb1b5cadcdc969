// /menu: the sidebar as a page, where the burger leads without JavaScript: every sidebar
// item, the theme switcher, Version Changes, and Log Out or Login.
import type { MetaFunction } from "@remix-run/node";
import { Form } from "@remix-run/react";
import { Link } from "~/components/shell/Link";
import { History, LogIn, LogOut, Menu } from "~/components/icons";
import { PageHeader } from "~/components/shell/EmptyState";
import { RouteErrorPage } from "~/components/shell/ErrorPage";
import { NAV_ICONS } from "~/components/shell/icons";
import { sidebarItems } from "~/components/shell/nav";
import { ThemeSwitcher } from "~/components/shell/ThemeSwitcher";
import { APP_TITLE } from "~/lib/constants";
import { loginHref } from "~/lib/rules/login-links";
import { useRootData } from "~/lib/client/user";

export const meta: MetaFunction = () => [{ title: `Menu · ${APP_TITLE}` }];

export default function MenuPage() {
  const root = useRootData();
  const user = root?.user ?? null;
  const items = sidebarItems(user);
  return (
    <div className="page menu-page">
      <PageHeader title="Menu" icon={<Menu />} />
      <nav aria-label="Main">
        <ul className="menu-page__list">
          {items.map((item) => {
            const Icon = NAV_ICONS[item.key];
            return (
              <li key={item.key}>
                <Link to={item.membersOnly && !user ? loginHref("/menu", "signin", item.href) : item.href} className="menu-page__link">
                  <Icon aria-hidden size={20} />
                  {item.label}
                </Link>
              </li>
            );
          })}
          <li>
            <Link to="/version-changes" className="menu-page__link">
              <History aria-hidden size={20} />
              Version Changes
            </Link>
          </li>
        </ul>
      </nav>
      <ThemeSwitcher id="menu-theme" className="menu-page__theme" />
      {user ? (
        <Form method="post" action="/logout" className="menu-page__logout">
          <input type="hidden" name="redirectTo" value="/" />
          <button type="submit" className="btn btn--secondary">
            <LogOut aria-hidden size={18} /> Log Out
          </button>
        </Form>
      ) : (
        <Link to={loginHref("/")} className="btn btn--primary menu-page__login">
          <LogIn aria-hidden size={18} /> Login
        </Link>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorPage />;
}
