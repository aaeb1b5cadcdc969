// The phone's bottom bar (767px wide or less): search, events, post, messages, profile.
// Signed out, post, messages and profile open the login modal instead.
import { NavLink } from "./Link";
import { UnreadMessagesBadge } from "~/components/realtime";
import { Kept } from "./Kept";
import { MemberLink } from "./MemberLink";
import { NAV_ICONS } from "./icons";
import { bottomItems } from "./nav";

export function BottomNav({ signedIn }: { signedIn: boolean }) {
  return (
    <Kept as="nav" name="bottom-nav" inputs={[signedIn]} className="bottom-nav" aria-label="Quick navigation">
      <ul className="bottom-nav__list">
        {bottomItems().map((item) => {
          const Icon = NAV_ICONS[item.key];
          const className = item.key === "upload" ? "bottom-nav__link bottom-nav__link--post" : "bottom-nav__link";
          const content = (
            <>
              <span className="bottom-nav__icon">
                <Icon aria-hidden size={item.key === "upload" ? 24 : 22} />
                {item.key === "messages" && signedIn ? <UnreadMessagesBadge className="badge nav-unread" /> : null}
              </span>
              <span className="bottom-nav__label">{item.label}</span>
            </>
          );
          return (
            <li key={item.key} className="bottom-nav__item">
              {item.membersOnly && !signedIn ? (
                <MemberLink to={item.href} signedIn={false} className={className} data-nav={item.key}>
                  {content}
                </MemberLink>
              ) : (
                <NavLink to={item.href} className={className} data-nav={item.key} prefetch="intent">
                  {content}
                </NavLink>
              )}
            </li>
          );
        })}
      </ul>
    </Kept>
  );
}
