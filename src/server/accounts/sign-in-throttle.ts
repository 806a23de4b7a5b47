import { and, count, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { AppDatabase } from '../db/client';
import { signInFailures } from '../db/schema';

const WINDOW_MINUTES = 15;
/** Many people can share one address (an office, a mobile carrier), so it gets more room. */
const ADDRESS_FACTOR = 6;

/**
 * Counts failed sign-ins per account and per client address in the database, so every app
 * process sees the same numbers. Unknown and known emails are counted alike: the answer never
 * tells whether an email is registered.
 */
export function createSignInThrottle(db: AppDatabase, maxFailuresPerAccount: number) {
  const accountKey = (email: string) => `email:${email.trim().toLowerCase()}`;
  const addressKey = (ip: string) => `ip:${ip}`;
  const recent = gt(signInFailures.createdAt, sql`now() - make_interval(mins => ${WINDOW_MINUTES})`);

  async function failures(key: string) {
    const [row] = await db.select({ n: count() }).from(signInFailures).where(and(eq(signInFailures.key, key), recent));
    return row?.n ?? 0;
  }

  return {
    async isBlocked(email: string, ip: string): Promise<boolean> {
      const [byAccount, byAddress] = await Promise.all([failures(accountKey(email)), failures(addressKey(ip))]);
      return byAccount >= maxFailuresPerAccount || byAddress >= maxFailuresPerAccount * ADDRESS_FACTOR;
    },
    async recordFailure(email: string, ip: string) {
      await db.insert(signInFailures).values([{ key: accountKey(email) }, { key: addressKey(ip) }]);
      // Old rows only cost space; drop them now and then rather than on a schedule.
      if (Math.random() < 0.05) {
        await db.delete(signInFailures).where(lt(signInFailures.createdAt, sql`now() - interval '1 day'`));
      }
    },
    async recordSuccess(email: string) {
      await db.delete(signInFailures).where(inArray(signInFailures.key, [accountKey(email)]));
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
