// Outgoing email through nodemailer. With SMTP_URL set, messages go to that server; without
// it they are written as .eml files to MAIL_OUTBOX_DIR (default data/outbox) and noted in the
// server log, so password reset works on a laptop with nothing else running.
// Only the app's own messages are sent from here: no endpoint passes arbitrary mail through.
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { randomBytes } from "node:crypto";
import nodemailer from "nodemailer";
import type { Transporter } from "nodemailer";
import { settings } from "~/lib/server/env.server";

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
};

export type SentMail = {
  messageId: string;
  /** The .eml file when the message went to the outbox folder. */
  file?: string;
};

export function outboxDir(): string {
  return path.resolve(settings().MAIL_OUTBOX_DIR);
}

function mailFrom(): string {
  return settings().MAIL_FROM;
}

let smtp: { url: string; transport: Transporter } | null = null;

function smtpTransport(url: string): Transporter {
  if (smtp?.url !== url) smtp = { url, transport: nodemailer.createTransport(url) };
  return smtp.transport;
}

// Builds the raw message without sending it anywhere.
const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });

/** Sends `mail` by SMTP, or writes it to the outbox folder when SMTP is not configured. */
export async function sendMail(mail: OutgoingMail): Promise<SentMail> {
  const message = { from: mailFrom(), ...mail };
  const smtpUrl = settings().SMTP_URL;
  if (smtpUrl) {
    const info = await smtpTransport(smtpUrl).sendMail(message);
    return { messageId: String(info.messageId ?? "") };
  }

  const info = await composer.sendMail(message);
  const dir = outboxDir();
  await mkdir(dir, { recursive: true });
  // Sortable by time, unique within the same millisecond.
  const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`;
  const file = path.join(dir, name);
  // Written aside and renamed, so that a reader of the outbox never sees a half-written file.
  await writeFile(`${file}.part`, info.message as Buffer, { mode: 0o600 });
  await rename(`${file}.part`, file);
  console.info(`[mail] "${mail.subject}" to ${mail.to} written to ${file} (SMTP_URL is not set)`);
  return { messageId: String(info.messageId ?? ""), file };
}
