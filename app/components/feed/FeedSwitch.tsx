// The switch between the Following feed and Latest: two links (`/?feed=following`,
// `/?feed=latest`), so it works without JavaScript and in text browsers; the current one
// says so to screen readers (aria-current).
import { Link } from "~/components/shell/Link";
import { FEED_CHOICES, FEED_CHOICE_MESSAGES, feedHref, type FeedChoice } from "~/lib/rules/feed-choice";
import "./feed-switch.css";

export function FeedSwitch({ feed }: { feed: FeedChoice }) {
  return (
    <nav className="feed-switch" aria-label={FEED_CHOICE_MESSAGES.switchLabel}>
      {FEED_CHOICES.map((choice) => (
        <Link
          key={choice}
          to={feedHref(choice)}
          className="feed-switch__link"
          aria-current={choice === feed ? "page" : undefined}
          data-testid={`feed-${choice}`}
          preventScrollReset
        >
          {FEED_CHOICE_MESSAGES[choice]}
        </Link>
      ))}
    </nav>
  );
}
