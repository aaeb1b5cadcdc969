// The push choices a member sends: each kind on or off (a checkbox's "on", or a JSON boolean);
// a kind left out is off, like an unticked checkbox.
import { z } from "zod";

const onOrOff = z
  .union([z.boolean(), z.enum(["on", "true", "1", "off", "false", "0"])], { message: "Each push choice must be on or off" })
  .optional()
  .transform((value) => value === true || value === "on" || value === "true" || value === "1");

export const pushPreferencesSchema = z.object({
  messages: onOrOff,
  replies: onOrOff,
  comments: onOrOff,
  followers: onOrOff,
  events: onOrOff,
  insurance: onOrOff,
  mentions: onOrOff,
  likes: onOrOff,
});

/** The kinds, with the words the settings page shows. */
export const PUSH_KIND_LABELS = [
  ["messages", "Messages"],
  ["replies", "Replies to my comments"],
  ["comments", "Comments on my posts"],
  ["followers", "New followers of me or my cars"],
  ["events", "Events I'm going to, a day before"],
  ["insurance", "Insurance reminders"],
  ["mentions", "Mentions"],
  ["likes", "Likes of my posts"],
] as const;
