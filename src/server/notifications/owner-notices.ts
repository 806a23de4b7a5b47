import { eq } from 'drizzle-orm';
import type { AppTransaction } from '../db/client';
import { users } from '../db/schema';
import { queueMail } from '../mail/outbox';
import type { OutgoingMail } from '../mail/outbox';
import { readSettings } from '../settings/settings-repository';

/**
 * Who hears what matters to the shop: the address in the owner's settings, or else every admin.
 * Read in the caller's transaction, with the mail queued there too, so a notice exists exactly
 * when the change it tells of committed (a paid order, a message, a tool running low).
 */
export async function ownerRecipients(tx: AppTransaction): Promise<string[]> {
  const settings = await readSettings(tx);
  if (settings.notifyEmail) return [settings.notifyEmail];
  const admins = await tx.select({ email: users.email }).from(users).where(eq(users.role, 'admin'));
  return admins.map((admin) => admin.email);
}

/** Queues one mail per owner recipient, each made for its address. */
export async function notifyOwner(tx: AppTransaction, mailTo: (to: string) => OutgoingMail): Promise<void> {
  for (const to of await ownerRecipients(tx)) await queueMail(tx, mailTo(to));
}
