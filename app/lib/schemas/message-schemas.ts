// What POST /api/messages takes: the recipient (with or without its "@") and the text. The
// text's own rules (empty, too long) are the model's, which words them for the thread.
import { z } from "zod";
import { textField } from "~/lib/schemas/text-schemas";

export const sendMessageSchema = z.object({
  to: textField.transform((value) => value.replace(/^@/, "")),
  content: z.unknown(),
});
