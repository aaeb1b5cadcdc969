// /notifications: members only. Every notification, newest first, with 'Mark all as read'.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Bell } from "~/components/icons";
import { MarkAllReadButton, NotificationList, unreadAfter, usePendingReads } from "~/components/notifications";
import { PushToggle } from "~/components/notifications/PushToggle";
import { EmptyState, PageHeader } from "~/components/shell/EmptyState";
import { requireUserPage } from "~/models/auth.server";
import { getNotificationFeed } from "~/models/notification.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserPage(request);
  return getNotificationFeed(user.id);
}

export default function Notifications() {
  const { notifications, unread_count } = useLoaderData<typeof loader>();
  const unread = unreadAfter(unread_count, usePendingReads());
  return (
    <div className="page">
      <PageHeader title="Notifications" subtitle="Follows, reminders and news about your cars" icon={<Bell />} actions={unread > 0 ? <MarkAllReadButton /> : null} />
      {notifications.length === 0 ? (
        <EmptyState icon={<Bell />} title="No notifications yet">
          New followers of you and your cars, and insurance reminders, land here.
        </EmptyState>
      ) : (
        <NotificationList notifications={notifications} variant="page" />
      )}
      <PushToggle />
    </div>
  );
}
