import { sql } from 'drizzle-orm';
import type { AppDatabase, AppTransaction } from '../db/client';
import { mailOutbox } from '../db/schema';

/** One message for one recipient. Build `text` and `html` with renderMail (templates/layout.ts). */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The channel that wakes the senders of every app process when a mail is queued (delivered on commit). */
export const MAIL_QUEUED_CHANNEL = 'mail_queued';

/**
 * Queues `mail` for the background sender (mail/sender.ts). Given the caller's transaction, the row
 * is part of it: the mail exists if and only if the change that caused it commits. It never sends
 * here and never waits for a mail server; what goes wrong in delivery is retried and logged by the
 * sender. Only a database error (which fails the caller's transaction anyway) is thrown.
 */
export async function queueMail(db: AppDatabase | AppTransaction, mail: OutgoingMail): Promise<void> {
  await queueMails(db, [mail]);
}

/**
 * Mails a statement carries at most: four parameters each, far under PostgreSQL's 65,535 a
 * statement, and a statement of bounded size however many owners hear of however many sales.
 */
export const MAILS_PER_STATEMENT = 1_000;

/**
 * Queues several mails (a pass of follow-ups' receipts and owner notices) in one statement for up
 * to MAILS_PER_STATEMENT of them; see queueMail.
 */
export async function queueMails(db: AppDatabase | AppTransaction, mails: readonly OutgoingMail[]): Promise<void> {
  for (let from = 0; from < mails.length; from += MAILS_PER_STATEMENT) {
    await db
      .insert(mailOutbox)
      .values(mails.slice(from, from + MAILS_PER_STATEMENT).map((mail) => ({ toAddress: mail.to.trim(), subject: mail.subject, textBody: mail.text, htmlBody: mail.html })))
      // The wake-up rides on the insert (no extra round trip) and, like the rows, is seen only after commit.
      .returning({ woke: sql`pg_notify(${MAIL_QUEUED_CHANNEL}, '')` });
  }
}
