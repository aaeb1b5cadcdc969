// Words of the Admin Area, as pure functions (unit tested): what a log entry says, what a
// piece of reported content is called, how a rating reads.

export type LogEntryLike = {
  action: string;
  content_type: string | null;
  content_id: number | null;
  moderator: { username: string } | null;
  target_user: { username: string } | null;
};

const NOUNS: Record<string, string> = { post: "post", comment: "comment", car: "car", user: "account" };

export function contentNoun(type: string | null | undefined): string {
  return (type && NOUNS[type]) || "content";
}

/** "post #12", "comment #3", "@jess" for an account. */
export function contentLabel(type: string | null, id: number | null, target?: { username: string } | null): string {
  if (type === "user") return target ? `@${target.username}` : id ? `account #${id}` : "an account";
  if (!type) return "content";
  return id ? `${contentNoun(type)} #${id}` : contentNoun(type);
}

/** What the moderator did, in words: "dismissed the reports on post #12". */
export function describeAction(entry: LogEntryLike): string {
  const target = entry.target_user ? `@${entry.target_user.username}` : "an account";
  const content = contentLabel(entry.content_type, entry.content_id, entry.target_user);
  const about = entry.content_type && entry.content_type !== "user" ? ` (reported ${content})` : "";
  switch (entry.action) {
    case "dismiss":
      return `dismissed the reports on ${content}`;
    case "remove":
      return entry.content_type === "user" ? `suspended ${content} after reports` : `removed ${content}${entry.target_user ? ` by @${entry.target_user.username}` : ""}`;
    case "suspend":
      return `suspended ${target}${about}`;
    case "unsuspend":
      return `lifted the suspension of ${target}`;
    case "grant_admin":
      return `made ${target} an administrator`;
    case "revoke_admin":
      return `removed the administrator role from ${target}`;
    case "merge_names":
      return "merged two names of the shared maker lists";
    default:
      return `${entry.action.replace(/_/g, " ")} ${content}`;
  }
}

/** "4.3 out of 5" or "No ratings yet". */
export function ratingText(average: number | null): string {
  return average === null ? "No ratings yet" : `${average.toFixed(1)} out of 5`;
}

/** "3 reports", "1 report". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

export const ADMIN_TABS = ["queue", "users", "feedback", "events", "makers", "log"] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export function parseTab(value: string | null): AdminTab {
  return (ADMIN_TABS as readonly string[]).includes(value ?? "") ? (value as AdminTab) : "queue";
}

/** The Admin Area link for a tab with optional query values (empty ones left out). */
export function adminHref(tab: AdminTab, extra: Record<string, string | number | null | undefined> = {}): string {
  const params = new URLSearchParams({ tab });
  for (const [key, value] of Object.entries(extra)) {
    if (value !== null && value !== undefined && value !== "") params.set(key, String(value));
  }
  return `/admin?${params.toString()}`;
}
