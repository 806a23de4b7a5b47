import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import type { MailConfig } from '../config';

/** A message ready to hand to the mail server; `id` is its outbox row. */
export interface MailMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  queuedAt: Date;
}

/** Where mail goes: a real SMTP server, or .eml files nobody delivers. */
export interface MailDelivery {
  /** For the start log and banner, without any password. */
  description: string;
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * How long one SMTP conversation may stall. The sender's lease on a row is longer than all of
 * these together, so no other process takes a row over while this one is still sending it.
 */
export const SMTP_TIMEOUTS_MS = { connection: 15_000, greeting: 15_000, socket: 60_000 };

/** The SMTP server named by SMTP_URL, else files under the outbox folder, else nowhere (null). */
export function createMailDelivery(config: MailConfig): MailDelivery | null {
  if (config.smtpUrl) return smtpDelivery(config.smtpUrl, config.from);
  if (config.outboxDir) return fileDelivery(config.outboxDir, config.from);
  return null;
}

/** Where mail goes, in words, for the start banner: never SMTP_URL's user or password. */
export function describeMailDestination(config: MailConfig): string {
  if (config.smtpUrl) {
    const from = `sent through ${describeSmtpServer(config.smtpUrl)} as ${config.from}`;
    // Reached by an address, not a name, the store has no domain of its own to send from: a mail
    // server refuses or a spam filter sinks mail from no-reply@localhost. Say so where it is read.
    return /@localhost>?$/.test(config.from) ? `${from} (set MAIL_FROM to an address your mail server may send as)` : from;
  }
  if (config.outboxDir) return `not delivered (SMTP_URL is not set); each message is written to ${config.outboxDir}`;
  return 'not sent (no SMTP_URL and no outbox folder); kept in the mail_outbox table';
}

/** SMTP_URL's host and port, never its user or password. */
export function describeSmtpServer(smtpUrl: string): string {
  try {
    const url = new URL(smtpUrl);
    return `${url.protocol === 'smtps:' ? 'SMTPS' : 'SMTP'} ${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`;
  } catch {
    return 'SMTP (SMTP_URL)';
  }
}

function smtpDelivery(smtpUrl: string, from: string): MailDelivery {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: SMTP_TIMEOUTS_MS.connection,
    greetingTimeout: SMTP_TIMEOUTS_MS.greeting,
    socketTimeout: SMTP_TIMEOUTS_MS.socket,
  });
  return {
    description: describeSmtpServer(smtpUrl),
    async send(message) {
      await transport.sendMail(toNodemailer(message, from));
    },
    close: () => transport.close(),
  };
}

/**
 * Without SMTP_URL each message becomes `<outboxDir>/<queued time>-<row id>.eml`, a file any mail
 * program opens. A row sent twice (after a crash) overwrites its own file instead of adding one.
 */
function fileDelivery(outboxDir: string, from: string): MailDelivery {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: `files in ${outboxDir} (not delivered: SMTP_URL is not set)`,
    async send(message) {
      const info = await transport.sendMail(toNodemailer(message, from));
      await mkdir(outboxDir, { recursive: true, mode: 0o700 });
      const file = path.join(outboxDir, `${message.queuedAt.toISOString().replace(/[:.]/g, '-')}-${message.id}.eml`);
      // Written aside, then renamed: whoever watches the folder never reads half a message.
      await writeFile(`${file}.part`, info.message as Buffer, { mode: 0o600 });
      await rename(`${file}.part`, file);
    },
    close: () => transport.close(),
  };
}

function toNodemailer(message: MailMessage, from: string): Mail.Options {
  return {
    from,
    to: message.to,
    // A header: a line break in a tool's name must not start a header of its own.
    subject: message.subject.replace(/[\r\n]+/g, ' '),
    text: message.text,
    html: message.html,
    // Identifies the row in the receiving server's logs without showing who it was for.
    messageId: `<${message.id}@toolhouse.mail>`,
  };
}
