// Notifications: the header bell's list and the notifications page.

/** What a notification is about. */
export type NotificationType = "user_follow" | "car_follow" | "insurance_expiration" | "data_export" | "mention" | "car_handover" | "car_new_owner";

/** One notification, as the API and the page send it (snake_case field names). */
export type NotificationView = {
  id: number;
  type: NotificationType;
  message: string;
  is_read: boolean;
  created_at: string;
  car_id: number | null;
  related_user_id: number | null;
  related_user_username: string | null;
  related_user_nickname: string | null;
  related_user_profile_image: string | null;
  /** Where the notification leads: the related user's page, or the car. */
  link: string;
};

/** GET /api/notifications: the newest notifications and how many are unread. */
export type NotificationFeed = { notifications: NotificationView[]; unread_count: number };
