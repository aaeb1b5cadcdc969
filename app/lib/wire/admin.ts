// The Admin Area: the rows its tabs list.
import type { FlagContentType } from "~/lib/rules/flag-reasons";

export type AdminFeedback = {
  id: number;
  build_number: number | null;
  feedback_text: string;
  rating: number | null;
  user: { id: number; username: string } | null;
  created_at: string;
};

export type ModerationLogEntry = {
  id: number;
  action: string;
  content_type: string | null;
  content_id: number | null;
  note: string | null;
  created_at: string;
  /** Null once the moderator deleted their account: the entry stays, naming nobody. */
  moderator: { id: number; username: string } | null;
  target_user: { id: number; username: string } | null;
};

export type AdminUser = {
  id: number;
  username: string;
  email: string;
  nickname: string | null;
  profileImage: string | null;
  role: string;
  is_admin: boolean;
  suspended_at: string | null;
  created_at: string;
  post_count: number;
  open_reports: number;
};

export type FlagQueueItem = {
  contentType: FlagContentType;
  contentId: number;
  /** Open reports on this content. */
  count: number;
  /** Open reports per reason, most frequent first. */
  reasons: { reason: string; count: number }[];
  /** The reporters' optional details, newest first (at most 5). */
  details: { reporter: string; text: string; createdAt: string }[];
  firstReportedAt: string;
  lastReportedAt: string;
  /** A short description of the content, or null when it is gone. */
  preview: { title: string; author: string | null; href: string | null } | null;
};

export type QueueItem = FlagQueueItem & {
  author: { id: number; username: string; suspended: boolean; is_admin: boolean } | null;
};
