// What the handover forms send, checked.
import { z } from "zod";

/** What the owner sends to start a handover: who it is for (optional), and which costs show. */
export const startHandoverSchema = z.object({
  intent: z.literal("start"),
  // "@name" or "name"; blank: anyone with the link.
  username: z.preprocess(
    (value) => (typeof value === "string" ? value.trim().replace(/^@/, "").toLowerCase() || undefined : value),
    z
      .string({ invalid_type_error: "Enter a username" })
      .max(30, "A username has at most 30 characters")
      .regex(/^[a-z0-9_.-]+$/, "A username has letters, digits, dots, dashes and underscores only")
      .optional(),
  ),
});

export const handoverIntentSchema = z.object({ intent: z.enum(["accept", "decline"], { message: "Choose to accept or decline" }) });
