// /notifications: members only. The full list arrives with the notifications feature.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Bell } from "lucide-react";
import { EmptyState, PageHeader } from "~/components/shell/EmptyState";
import { requireUserPage } from "~/lib/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserPage(request);
  return null;
}

export default function Notifications() {
  return (
    <div className="page">
      <PageHeader title="Notifications" subtitle="Follows, reminders and news about your cars" icon={<Bell />} />
      <EmptyState icon={<Bell />} title="No notifications yet">
        New followers of you and your cars, and insurance reminders, land here.
      </EmptyState>
    </div>
  );
}
