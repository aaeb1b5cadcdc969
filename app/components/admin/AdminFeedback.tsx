// Feedback from the Version Changes modal: the average rating, then every message, newest
// first, with its rating, author (or anonymous) and build number.
import { Link } from "~/components/shell/Link";
import { MessageSquareText, Star } from "~/components/icons";
import { EmptyState } from "~/components/shell/EmptyState";
import { userPath } from "~/lib/paths";
import { relativeTime } from "~/lib/rules/relative-time";
import type { AdminFeedback as FeedbackRow } from "~/lib/wire";
import { Pager } from "./AdminUsers";
import { plural, ratingText } from "./admin-text";

function Stars({ rating, size = 16 }: { rating: number; size?: number }) {
  const full = Math.round(rating);
  return (
    <span className="admin-stars" role="img" aria-label={`${rating} out of 5`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} aria-hidden size={size} data-on={n <= full ? "true" : "false"} />
      ))}
    </span>
  );
}

export function AdminFeedback({
  feedback,
  average,
  total,
  cursor,
  nextCursor,
  now,
}: {
  feedback: FeedbackRow[];
  average: number | null;
  total: number;
  cursor: number | null;
  nextCursor: number | null;
  now: number;
}) {
  if (total === 0) {
    return (
      <EmptyState icon={<MessageSquareText />} title="No feedback yet" headingLevel={2}>
        What people send from Version Changes appears here.
      </EmptyState>
    );
  }
  return (
    <div className="admin-feedback">
      <div className="admin-feedback__summary card" data-testid="feedback-summary">
        <span className="admin-feedback__average">{average === null ? "–" : average.toFixed(1)}</span>
        <div>
          {average !== null ? <Stars rating={average} size={20} /> : null}
          <p className="admin-feedback__text">
            {ratingText(average)} · {plural(total, "message")}
          </p>
        </div>
      </div>
      <ul className="admin-list" aria-label="Feedback">
        {feedback.map((row) => (
          <li key={row.id} className="card admin-feedback__item">
            <div className="admin-feedback__head">
              {row.rating ? <Stars rating={row.rating} /> : <span className="chip">No rating</span>}
              <span className="admin-feedback__who">
                {row.user ? <Link to={userPath(row.user.username)}>@{row.user.username}</Link> : "Anonymous"}
                {row.build_number ? ` · build ${row.build_number}` : ""}
                {" · "}
                <time dateTime={row.created_at} title={row.created_at} suppressHydrationWarning>
                  {relativeTime(row.created_at, now)}
                </time>
              </span>
            </div>
            <p className="admin-feedback__body">{row.feedback_text}</p>
          </li>
        ))}
      </ul>
      <Pager tab="feedback" cursor={cursor} nextCursor={nextCursor} />
    </div>
  );
}
