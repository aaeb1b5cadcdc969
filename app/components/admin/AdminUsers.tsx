// Members: search by username, nickname or email, newest first, a page at a time. Each row
// has the administrator role toggle and the suspension toggle. Accounts named in
// ADMIN_EMAILS are marked; removing their role sticks (the setting does not grant it again).
import { Link } from "~/components/shell/Link";
import { Ban, ChevronRight, ShieldCheck, ShieldOff, UserCheck, Users } from "~/components/icons";
import { smallAvatar } from "~/components/messages/ConversationList";
import { Avatar } from "~/components/shell/Avatar";
import { EmptyState } from "~/components/shell/EmptyState";
import { apiPaths, userPath } from "~/lib/paths";
import type { AdminUser } from "~/lib/wire";
import { ActionForm, ConfirmAction } from "./ActionForm";
import { adminHref, plural } from "./admin-text";
import { shortDate } from "~/lib/rules/formats";
import { SearchForm } from "~/components/shell/SearchForm";

export type AdminUserRow = AdminUser & { admin_by_env: boolean };

function UserRow({ user, me, here }: { user: AdminUserRow; me: number; here: string }) {
  const self = user.id === me;
  const roleAction = apiPaths.adminUserRole(user.id);
  const suspendAction = apiPaths.adminUserSuspend(user.id);
  return (
    <li className="admin-user card" data-testid="admin-user" data-username={user.username}>
      <Link to={userPath(user.username)} className="admin-user__who">
        <Avatar name={user.username} image={smallAvatar(user.profileImage)} size={44} />
        <span className="admin-user__names">
          <span className="admin-user__name">
            @{user.username}
            {user.nickname ? <span className="admin-user__nickname"> · {user.nickname}</span> : null}
          </span>
          <span className="admin-user__email">{user.email}</span>
        </span>
      </Link>
      <div className="admin-user__facts">
        {user.is_admin ? (
          <span className="chip admin-chip admin-chip--accent">
            <ShieldCheck aria-hidden size={14} /> {user.admin_by_env ? "Administrator (set by ADMIN_EMAILS)" : "Administrator"}
          </span>
        ) : (
          <span className="chip">Member</span>
        )}
        {user.suspended_at ? <span className="chip admin-chip admin-chip--danger">Suspended</span> : null}
        {user.open_reports ? <span className="chip admin-chip admin-chip--warning">{plural(user.open_reports, "open report")}</span> : null}
        <span className="admin-user__meta">
          {plural(user.post_count, "post")} · joined {shortDate(user.created_at)}
        </span>
      </div>
      <div className="admin-user__actions">
        {user.is_admin ? (
          <ActionForm
            action={roleAction}
            fields={{ role: "member" }}
            redirectTo={here}
            success={`${user.username} is now a member`}
            disabled={self}
            title={
              self
                ? "You can't remove your own administrator role"
                : user.admin_by_env
                  ? "Listed in ADMIN_EMAILS: a removal sticks; the setting does not give the role back."
                  : undefined
            }
          >
            <ShieldOff aria-hidden size={16} /> Remove administrator
          </ActionForm>
        ) : (
          <ActionForm
            action={roleAction}
            fields={{ role: "admin" }}
            redirectTo={here}
            success={`${user.username} is now an administrator`}
            disabled={Boolean(user.suspended_at)}
          >
            <ShieldCheck aria-hidden size={16} /> Make administrator
          </ActionForm>
        )}
        {user.suspended_at ? (
          <ActionForm action={suspendAction} fields={{ suspended: "false" }} redirectTo={here} success={`${user.username} can sign in again`}>
            <UserCheck aria-hidden size={16} /> Lift suspension
          </ActionForm>
        ) : user.is_admin || self ? null : (
          <ConfirmAction
            action={suspendAction}
            fields={{ suspended: "true" }}
            redirectTo={here}
            success={`${user.username} is suspended`}
            label={
              <>
                <Ban aria-hidden size={16} /> Suspend
              </>
            }
            question={`Suspend @${user.username}? They are signed out everywhere and can't sign in or post.`}
            confirmLabel="Suspend"
            withNote
          />
        )}
      </div>
    </li>
  );
}

export function AdminUsers({ users, q, cursor, nextCursor, me }: { users: AdminUserRow[]; q: string; cursor: number | null; nextCursor: number | null; me: number }) {
  const here = adminHref("users", { q, cursor });
  return (
    <div className="admin-users">
      <SearchForm
        action="/admin"
        block="admin-search"
        id="admin-user-q"
        label="Search members"
        q={q}
        iconSize={18}
        hidden={{ tab: "users" }}
        field={{ placeholder: "Username, nickname or email", maxLength: 100 }}
      >
        <button type="submit" className="btn btn--secondary">
          Search
        </button>
      </SearchForm>
      {users.length === 0 ? (
        <EmptyState icon={<Users />} title={q ? "No members found" : "No members yet"} headingLevel={2}>
          {q ? <>Nobody matches “{q}”.</> : "Accounts appear here as people sign up."}
        </EmptyState>
      ) : (
        <ul className="admin-list" aria-label="Members">
          {users.map((user) => (
            <UserRow key={user.id} user={user} me={me} here={here} />
          ))}
        </ul>
      )}
      <Pager tab="users" extra={{ q }} cursor={cursor} nextCursor={nextCursor} />
    </div>
  );
}

/** "Newest" and "Older" links for a cursor-paged list. */
export function Pager({
  tab,
  extra = {},
  cursor,
  nextCursor,
}: {
  tab: "users" | "feedback" | "log";
  extra?: Record<string, string>;
  cursor: number | null;
  nextCursor: number | null;
}) {
  if (!cursor && !nextCursor) return null;
  return (
    <nav className="admin-pager" aria-label="Pages">
      {cursor ? (
        <Link to={adminHref(tab, extra)} className="btn btn--ghost btn--sm">
          Back to newest
        </Link>
      ) : (
        <span />
      )}
      {nextCursor ? (
        <Link to={adminHref(tab, { ...extra, cursor: nextCursor })} className="btn btn--secondary btn--sm">
          Older <ChevronRight aria-hidden size={16} />
        </Link>
      ) : null}
    </nav>
  );
}
