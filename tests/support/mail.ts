// Reading the mail the app wrote to its outbox folder (MAIL_OUTBOX_DIR, no SMTP_URL).
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";

/** A raw message with quoted-printable soft line breaks and escapes undone. */
export function decodeMail(eml: string): string {
  return eml.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The raw messages in `dir`, oldest first, optionally only those to `to` and with `subject`. */
export function mailsIn(dir: string, filter: { to?: string; subject?: string } = {}): string[] {
  let names: string[];
  try {
    names = readdirSync(dir)
      .filter((name) => name.endsWith(".eml"))
      .sort();
  } catch {
    return [];
  }
  const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return names
    .map((name) => readFileSync(path.join(dir, name), "utf8"))
    .filter((text) => !filter.to || new RegExp(`^To: ${escape(filter.to)}$`, "mi").test(text))
    .filter((text) => !filter.subject || new RegExp(`^Subject: ${escape(filter.subject)}$`, "m").test(text));
}

/** Waits (up to about 2 s) for at least `count` matching messages: the app sends in the background. */
export async function waitForMails(dir: string, filter: { to?: string; subject?: string } = {}, count = 1): Promise<string[]> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const found = mailsIn(dir, filter);
    if (found.length >= count) return found;
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
  return mailsIn(dir, filter);
}

/** The first link to `pathname` (with its query) in a message. */
export function linkTo(eml: string, pathname: string): URL {
  const escaped = pathname.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = decodeMail(eml).match(new RegExp(`https?://[^\\s"<>]+${escaped}\\?token=[A-Za-z0-9_-]+`));
  if (!match) throw new Error(`no ${pathname} link in:\n${eml}`);
  return new URL(match[0]);
}
