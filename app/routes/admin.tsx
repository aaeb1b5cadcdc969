// /admin: the Admin Area, administrators only. Everyone else gets 403 (shown by the root
// ErrorBoundary). The moderation tools arrive with the admin feature.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { ShieldCheck, Inbox } from "lucide-react";
import { EmptyState, PageHeader } from "~/components/shell/EmptyState";
import { getUser } from "~/lib/auth.server";
import { isAdmin } from "~/models/user.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  if (!isAdmin(user)) throw data({ error: "Administrators only" }, { status: 403 });
  return null;
}

export default function Admin() {
  return (
    <div className="page">
      <PageHeader title="Admin Area" subtitle="Reports, members and events" icon={<ShieldCheck />} />
      <EmptyState icon={<Inbox />} title="Nothing to review">
        Reported posts, comments and members will wait here for a decision.
      </EmptyState>
    </div>
  );
}
