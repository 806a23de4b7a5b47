import { and, count, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { AppDatabase } from '../db/client';
import { signInFailures } from '../db/schema';

const WINDOW_MINUTES = 15;
/** Many people can share one address (an office, a mobile carrier), so it gets more room. */
const ADDRESS_FACTOR = 6;

export interface SignInAttempt {
  /** False: too many recent failures; answer 429 without checking the password. */
  allowed: boolean;
  /** Call with the identity service's answer once the password was checked. */
  settle(succeeded: boolean): Promise<void>;
}

/**
 * Counts sign-in attempts per account and per client address in the database, so every app
 * process sees the same numbers. An attempt is counted as a failure *before* its password is
 * checked and forgiven only if it succeeds: attempts sent in parallel cannot slip past the limit,
 * because of any N of them, the last to be counted sees all N. Unknown and known emails are
 * counted alike, so the answer never tells whether an email is registered.
 */
export function createSignInThrottle(db: AppDatabase, maxFailuresPerAccount: number) {
  const accountKey = (email: string) => `email:${email.trim().toLowerCase()}`;
  const addressKey = (ip: string) => `ip:${ip}`;
  const recent = gt(signInFailures.createdAt, sql`now() - make_interval(mins => ${WINDOW_MINUTES})`);

  async function countRecent(key: string) {
    const [row] = await db.select({ n: count() }).from(signInFailures).where(and(eq(signInFailures.key, key), recent));
    return row?.n ?? 0;
  }

  const forget = (ids: string[]) => db.delete(signInFailures).where(inArray(signInFailures.id, ids));

  return {
    async begin(email: string, ip: string): Promise<SignInAttempt> {
      const rows = await db
        .insert(signInFailures)
        .values([{ key: accountKey(email) }, { key: addressKey(ip) }])
        .returning({ id: signInFailures.id });
      const ids = rows.map((row) => row.id);
      const [byAccount, byAddress] = await Promise.all([countRecent(accountKey(email)), countRecent(addressKey(ip))]);
      const allowed = byAccount <= maxFailuresPerAccount && byAddress <= maxFailuresPerAccount * ADDRESS_FACTOR;
      // A refused attempt does not extend the lock: "wait 15 minutes" stays true.
      if (!allowed) await forget(ids);
      return {
        allowed,
        async settle(succeeded) {
          if (!succeeded) return;
          // The right password clears the account's record, and this attempt's mark on the address.
          await db.delete(signInFailures).where(eq(signInFailures.key, accountKey(email)));
          await forget(ids);
        },
      };
    },
    /** Old rows only cost space; dropped now and then rather than on a schedule. */
    async prune() {
      await db.delete(signInFailures).where(lt(signInFailures.createdAt, sql`now() - interval '1 day'`));
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
