// The moderation queue: reported content grouped (most reported first) with the count,
// the reasons and the reporters' details, and the three decisions: dismiss the reports,
// remove the content, suspend its author. Remove and suspend ask first.
import { Link } from "~/components/shell/Link";
import { Ban, CheckCircle2, Inbox, ShieldCheck, Trash2, XCircle } from "~/components/icons";
import { EmptyState } from "~/components/shell/EmptyState";
import { reasonLabel } from "~/lib/rules/flag-reasons";
import { userPath, apiPaths } from "~/lib/paths";
import { relativeTime } from "~/lib/rules/relative-time";
import type { QueueItem } from "~/lib/wire";
import { ActionForm, ConfirmAction } from "./ActionForm";
import { adminHref, contentNoun, plural } from "./admin-text";

const here = adminHref("queue");

function QueueCard({ item, now }: { item: QueueItem; now: number }) {
  const noun = contentNoun(item.contentType);
  const fields = { contentType: item.contentType, contentId: String(item.contentId) };
  const author = item.author;
  const isUser = item.contentType === "user";
  return (
    <li className="card queue-item" data-testid="queue-item" data-content={`${item.contentType}-${item.contentId}`}>
      <div className="queue-item__head">
        <span className="chip chip--accent queue-item__type">{noun}</span>
        <span className="queue-item__count">{plural(item.count, "report")}</span>
        <time className="queue-item__time" dateTime={item.lastReportedAt} title={item.lastReportedAt} suppressHydrationWarning>
          last {relativeTime(item.lastReportedAt, now)}
        </time>
      </div>

      <p className="queue-item__title">
        {item.preview ? (
          item.preview.href ? (
            <Link to={item.preview.href}>{item.preview.title}</Link>
          ) : (
            item.preview.title
          )
        ) : (
          <em className="queue-item__gone">This {noun} no longer exists</em>
        )}
      </p>
      {author ? (
        <p className="queue-item__author">
          {isUser ? "Account" : "By"} <Link to={userPath(author.username)}>@{author.username}</Link>
          {author.suspended ? <span className="chip admin-chip admin-chip--danger">Suspended</span> : null}
          {author.is_admin ? <span className="chip admin-chip">Administrator</span> : null}
        </p>
      ) : null}

      <ul className="queue-item__reasons" aria-label="Reasons">
        {item.reasons.map((reason) => (
          <li key={reason.reason} className="chip">
            {reasonLabel(reason.reason)}
            {reason.count > 1 ? <span className="queue-item__times">×{reason.count}</span> : null}
          </li>
        ))}
      </ul>

      {item.details.length ? (
        <ul className="queue-item__details" aria-label="What reporters said">
          {item.details.map((detail, index) => (
            <li key={index}>
              <span className="queue-item__reporter">@{detail.reporter}</span> “{detail.text}”
            </li>
          ))}
        </ul>
      ) : null}

      <div className="queue-item__actions">
        <ActionForm action={apiPaths.adminFlags} fields={{ ...fields, action: "dismiss" }} redirectTo={here} success="Reports dismissed">
          <XCircle aria-hidden size={16} /> Dismiss
        </ActionForm>
        {item.preview && !isUser ? (
          <ConfirmAction
            action={apiPaths.adminFlags}
            fields={{ ...fields, action: "remove" }}
            redirectTo={here}
            success="Content removed"
            label={
              <>
                <Trash2 aria-hidden size={16} /> Remove {noun}
              </>
            }
            question={`Remove this ${noun} for everyone? This can't be undone.`}
            confirmLabel={`Remove ${noun}`}
            withNote
          />
        ) : null}
        {author && !author.suspended && !author.is_admin ? (
          <ConfirmAction
            action={apiPaths.adminFlags}
            fields={{ ...fields, action: isUser ? "remove" : "suspend" }}
            redirectTo={here}
            success={isUser ? "Account suspended" : "Author suspended"}
            label={
              <>
                <Ban aria-hidden size={16} /> {isUser ? "Suspend account" : "Suspend author"}
              </>
            }
            question={`Suspend @${author.username}? They are signed out everywhere and can't sign in or post until you lift it.`}
            confirmLabel="Suspend"
            withNote
          />
        ) : null}
        {author?.is_admin ? (
          <span className="queue-item__note">
            <ShieldCheck aria-hidden size={14} /> Administrators can't be suspended
          </span>
        ) : null}
      </div>
    </li>
  );
}

export function AdminQueue({ queue, now }: { queue: QueueItem[]; now: number }) {
  if (queue.length === 0) {
    return (
      <EmptyState icon={<Inbox />} title="Nothing to review" headingLevel={2}>
        <span className="admin-empty-line">
          <CheckCircle2 aria-hidden size={16} /> Every report has been handled.
        </span>{" "}
        New reports of posts, comments, cars and members wait here for a decision.
      </EmptyState>
    );
  }
  return (
    <ul className="queue-list" aria-label="Reported content">
      {queue.map((item) => (
        <QueueCard key={`${item.contentType}-${item.contentId}`} item={item} now={now} />
      ))}
    </ul>
  );
}
