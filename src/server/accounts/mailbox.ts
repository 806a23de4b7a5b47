import { createHash } from 'node:crypto';

/** Providers known to ignore dots in the local part: j.doe@gmail.com is jdoe@gmail.com's mailbox. */
const DOTS_IGNORED = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an address delivers to, as far as the store can tell: case does not matter, and a
 * `+tag` after the local part (every large provider delivers `a+x@d` to `a@d`) is dropped; so are
 * dots at the providers that ignore them. Limits on mail count per mailbox, so 45 sign-ups to
 * `victim+1@…` … `victim+45@…` are one victim, not 45.
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  const domain = address.slice(at + 1);
  let local = address.slice(0, at).split('+')[0]!;
  if (DOTS_IGNORED.has(domain)) local = local.replaceAll('.', '');
  return `${local || address.slice(0, at)}@${domain}`;
}

/**
 * A key for counting things about a mailbox in a shared store (Redis) without writing the address
 * there: a salted hash, the same in every process of this store (the salt is its secret).
 */
export function mailboxKey(email: string, salt: string): string {
  return createHash('sha256').update(`${salt}\n${mailboxOf(email)}`).digest('base64url').slice(0, 32);
}
