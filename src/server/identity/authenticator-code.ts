import { createHmac, timingSafeEqual } from 'node:crypto';
import { symmetricDecrypt } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import type { AppDatabase, AppTransaction } from '../db/client';
import { twoFactors } from '../db/schema';

/** As the two-factor plugin is set up (auth.ts: its defaults): 6 digits, 30-second steps, one step either side. */
const DIGITS = 6;
const PERIOD_SECONDS = 30;
const WINDOW_STEPS = 1;

function hotp(key: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', key).update(message).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 10 ** DIGITS).padStart(DIGITS, '0');
}

/**
 * Whether `code` is the account's authenticator code now (RFC 6238), checked outside the identity
 * service: its own endpoint needs the session cookie, and DELETE /api/me may come with a bearer
 * token (decision 046). The secret is read as the two-factor plugin stores it, encrypted with the
 * auth secret through better-auth's public `symmetricDecrypt`, and used as its UTF-8 bytes, as the
 * plugin does; the API test enrols through the real endpoints and signs with a code computed from
 * the `otpauth://` link, so a change in how the plugin keeps secrets fails that test. A `verified`
 * factor only: one still being set up proves nothing.
 */
export async function isAuthenticatorCode(
  db: AppDatabase | AppTransaction,
  userId: string,
  code: string,
  authSecret: Parameters<typeof symmetricDecrypt>[0]['key'],
  now = Date.now(),
): Promise<boolean> {
  const [factor] = await db.select({ secret: twoFactors.secret, verified: twoFactors.verified }).from(twoFactors).where(eq(twoFactors.userId, userId)).limit(1);
  if (!factor?.verified || !/^\d{6}$/.test(code)) return false;
  const secret = await symmetricDecrypt({ key: authSecret, data: factor.secret });
  // Imported secrets are stored as `base32:<secret>`; the store never imports any.
  if (secret.startsWith('base32:')) return false;
  const key = Buffer.from(secret, 'utf8');
  const step = Math.floor(now / 1000 / PERIOD_SECONDS);
  let matched = false;
  for (let i = -WINDOW_STEPS; i <= WINDOW_STEPS; i++) {
    matched = timingSafeEqual(Buffer.from(hotp(key, step + i)), Buffer.from(code)) || matched;
  }
  return matched;
}
