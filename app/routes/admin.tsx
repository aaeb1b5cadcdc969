// /admin: the Admin Area, administrators only (everyone else gets 403 from the root
// ErrorBoundary). Tabs by `?tab=`: the moderation queue, members (role and suspension),
// feedback, events management, makers (merging duplicate names) and the moderation log. Every action is a real form that
// works without JavaScript and is recorded with who took it and when.
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/shell/Link";
import { CalendarDays, Flag, MessageSquareText, ScrollText, ShieldCheck, Users, Wrench } from "~/components/icons";
import { AdminEvents } from "~/components/admin/AdminEvents";
import { AdminFeedback } from "~/components/admin/AdminFeedback";
import { AdminLog } from "~/components/admin/AdminLog";
import { AdminMakers } from "~/components/admin/AdminMakers";
import { AdminQueue } from "~/components/admin/AdminQueue";
import { AdminUsers } from "~/components/admin/AdminUsers";
import { adminHref, parseTab, type AdminTab } from "~/components/admin/admin-text";
import { splitEvents } from "~/components/events/event-view";
import { PageHeader } from "~/components/shell/EmptyState";
import { getUser } from "~/models/auth.server";
import { APP_TITLE } from "~/lib/constants";
import { adminEmails } from "~/lib/server/env.server";
import { parseId } from "~/lib/ids";
import { normaliseQuery } from "~/lib/rules/search";
import { isMakerKind } from "~/lib/rules/names";
import { listMakersForAdmin } from "~/models/maker.server";
import { getAdminOverview } from "~/models/admin-area.server";
import { listFeedback, listModerationLog } from "~/models/admin-feedback-log.server";
import { listModerationQueue } from "~/models/admin-reports.server";
import { listUsers } from "~/models/admin-users.server";
import { searchEvents } from "~/models/search.server";
import { isAdmin } from "~/models/user.server";
import adminStyles from "~/components/admin/admin.css?url";
import "~/components/events/events.css";
import { answerUserErrors } from "~/lib/server/form-reply.server";
import { UserError } from "~/lib/user-error";

// Only the Admin Area loads its stylesheet.
export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export const meta: MetaFunction = () => [{ title: `Admin Area · ${APP_TITLE}` }, { name: "robots", content: "noindex" }];

async function tabContent(tab: AdminTab, url: URL) {
  const cursor = parseId(url.searchParams.get("cursor"));
  switch (tab) {
    case "queue":
      return { tab, queue: await listModerationQueue() } as const;
    case "users": {
      const q = normaliseQuery(url.searchParams.get("q") ?? "");
      const page = await listUsers(q, cursor);
      const envAdmins = adminEmails();
      return {
        tab,
        q,
        cursor,
        next_cursor: page.next_cursor,
        users: page.users.map((user) => ({ ...user, admin_by_env: user.is_admin && envAdmins.has(user.email.toLowerCase()) })),
      } as const;
    }
    case "feedback":
      return { tab, cursor, ...(await listFeedback(cursor)) } as const;
    case "events":
      return { tab, ...splitEvents(await searchEvents("", { upcomingLimit: 100, pastLimit: 50 })) } as const;
    case "makers": {
      const asked = url.searchParams.get("kind");
      const kind = isMakerKind(asked) ? asked : "manufacturer";
      const q = normaliseQuery(url.searchParams.get("q") ?? "");
      return { tab, kind, q, makers: await listMakersForAdmin(kind, q) } as const;
    }
    case "log":
      return { tab, cursor, ...(await listModerationLog(cursor)) } as const;
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  return answerUserErrors(async () => {
    const user = await getUser(request);
    if (!user || !isAdmin(user)) throw new UserError(403, "Administrators only");
    const url = new URL(request.url);
    const tab = parseTab(url.searchParams.get("tab"));
    const [overview, content] = await Promise.all([getAdminOverview(), tabContent(tab, url)]);
    return { me: user.id, overview, content, now: Date.now() };
  });
}

const TABS: { tab: AdminTab; label: string; icon: typeof Flag }[] = [
  { tab: "queue", label: "Queue", icon: Flag },
  { tab: "users", label: "Members", icon: Users },
  { tab: "feedback", label: "Feedback", icon: MessageSquareText },
  { tab: "events", label: "Events", icon: CalendarDays },
  { tab: "makers", label: "Makers", icon: Wrench },
  { tab: "log", label: "Log", icon: ScrollText },
];

export default function Admin() {
  const { me, overview, content, now } = useLoaderData<typeof loader>();
  const counts: Partial<Record<AdminTab, number>> = { queue: overview.open_reports, users: overview.users, feedback: overview.feedback };

  return (
    <div className="page page--wide admin-page">
      <PageHeader
        title="Admin Area"
        subtitle={`${overview.open_reports === 1 ? "1 report waits" : `${overview.open_reports} reports wait`} · ${overview.users} members${
          overview.suspended ? ` (${overview.suspended} suspended)` : ""
        }`}
        icon={<ShieldCheck />}
      />
      <nav className="admin-tabs" aria-label="Admin Area sections">
        {TABS.map(({ tab, label, icon: Icon }) => {
          const count = counts[tab];
          const current = tab === content.tab;
          return (
            <Link key={tab} to={adminHref(tab)} className="admin-tab" aria-current={current ? "page" : undefined} preventScrollReset>
              <Icon aria-hidden size={18} />
              <span>{label}</span>
              {count !== undefined ? (
                <span className="admin-tab__count" data-alert={tab === "queue" && count > 0 ? "true" : undefined}>
                  {count}
                </span>
              ) : null}
            </Link>
          );
        })}
      </nav>

      <div className="admin-panel">
        {content.tab === "queue" ? <AdminQueue queue={content.queue} now={now} /> : null}
        {content.tab === "users" ? <AdminUsers users={content.users} q={content.q} cursor={content.cursor} nextCursor={content.next_cursor} me={me} /> : null}
        {content.tab === "feedback" ? (
          <AdminFeedback
            feedback={content.feedback}
            average={content.average_rating}
            total={content.total}
            cursor={content.cursor}
            nextCursor={content.next_cursor}
            now={now}
          />
        ) : null}
        {content.tab === "events" ? <AdminEvents upcoming={content.upcoming} past={content.past} /> : null}
        {content.tab === "makers" ? <AdminMakers kind={content.kind} q={content.q} makers={content.makers} /> : null}
        {content.tab === "log" ? <AdminLog actions={content.actions} cursor={content.cursor} nextCursor={content.next_cursor} now={now} /> : null}
      </div>
    </div>
  );
}
