import { and, count, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { AppDatabase } from '../db/client';
import { signInFailures } from '../db/schema';

const WINDOW_MINUTES = 15;
/** Many people can share one address (an office, a mobile carrier), so it gets more room. */
const ADDRESS_FACTOR = 6;
/** Guesses at one account per day from browsers that never signed in to it, from all addresses together. */
const UNKNOWN_CLIENTS_DAILY_FACTOR = 20;
const DAY_MINUTES = 24 * 60;

/** Who is trying: a browser that has signed in to this account before, or anyone else, by address. */
export interface SignInClient {
  ip: string;
  /** From a valid known-device cookie for this account (known-device.ts); null for anyone else. */
  knownDeviceId: string | null;
}

export type SignInAttempt =
  | {
      allowed: true;
      /**
       * Call with the identity service's answer: true when the password (or code) was right, false
       * when it was wrong, 'unchecked' when the request failed before it was checked (a new
       * password too short, say): then this attempt is not counted, and nothing is forgiven.
       */
      settle(succeeded: boolean | 'unchecked'): Promise<void>;
    }
  /**
   * Refused without checking the password. `client`: this address or browser has failed too often
   * (wait 15 minutes). `account`: unknown clients have used up the account's daily allowance.
   */
  | { allowed: false; reason: 'client' | 'account' };

interface Limit {
  key: string;
  max: number;
  minutes: number;
  scope: 'client' | 'account';
}

/**
 * Counts failed password sign-ins in the database, so every app process sees the same numbers.
 * The limits (with `maxFailures` = SIGN_IN_MAX_FAILURES, 5 by default):
 *
 * - a browser that has signed in to the account before (a known device) has `maxFailures` per 15
 *   minutes on it, and nothing else: no stranger's failures can keep the owner out of it;
 * - anyone else has `maxFailures` per 15 minutes per (account, address) pair, 6 × `maxFailures`
 *   per 15 minutes per address over all accounts, and all of them together 20 × `maxFailures`
 *   guesses per account per 24 hours. So one address is only slowed down, many addresses
 *   together still get a bounded number of guesses, and the owner's usual browser still gets in.
 *
 * An attempt is counted as a failure *before* its password is checked and forgiven only if it
 * succeeds: attempts sent in parallel cannot slip past a limit, because of any N of them, the last
 * to be counted sees all N. Unknown and known emails are counted alike, so the answer never tells
 * whether an email is registered. Emails arrive normalised (trimmed, lower case).
 */
export function createSignInThrottle(db: AppDatabase, maxFailures: number) {
  /** The first limit is always the client's own record for this account (browser, or address). */
  function limitsFor(email: string, client: SignInClient): [Limit, ...Limit[]] {
    if (client.knownDeviceId) {
      return [{ key: `device:${email}|${client.knownDeviceId}`, max: maxFailures, minutes: WINDOW_MINUTES, scope: 'client' }];
    }
    return [
      { key: `pair:${email}|${client.ip}`, max: maxFailures, minutes: WINDOW_MINUTES, scope: 'client' },
      { key: `ip:${client.ip}`, max: maxFailures * ADDRESS_FACTOR, minutes: WINDOW_MINUTES, scope: 'client' },
      {
        key: `unknown-clients:${email}`,
        max: maxFailures * UNKNOWN_CLIENTS_DAILY_FACTOR,
        minutes: DAY_MINUTES,
        scope: 'account',
      },
    ];
  }

  async function countRecent({ key, minutes }: Limit) {
    const [row] = await db
      .select({ n: count() })
      .from(signInFailures)
      .where(and(eq(signInFailures.key, key), gt(signInFailures.createdAt, sql`now() - make_interval(mins => ${minutes})`)));
    return row?.n ?? 0;
  }

  const forget = (ids: string[]) => db.delete(signInFailures).where(inArray(signInFailures.id, ids));

  return {
    async begin(email: string, client: SignInClient): Promise<SignInAttempt> {
      const limits = limitsFor(email, client);
      const rows = await db
        .insert(signInFailures)
        .values(limits.map(({ key }) => ({ key })))
        .returning({ id: signInFailures.id });
      const ids = rows.map((row) => row.id);
      const counts = await Promise.all(limits.map(countRecent));
      const exceeded = limits.filter((limit, i) => counts[i]! > limit.max);
      if (exceeded.length > 0) {
        // A refused attempt does not extend a lock: "wait 15 minutes" stays true.
        await forget(ids);
        return { allowed: false, reason: exceeded.some((l) => l.scope === 'account') ? 'account' : 'client' };
      }
      return {
        allowed: true,
        async settle(succeeded) {
          if (succeeded === 'unchecked') return void (await forget(ids));
          if (!succeeded) return;
          // The right password clears this client's own record for the account (its typos are
          // forgiven) and this attempt's marks. Strangers' failures on the account and on the
          // address stay counted: the owner signing in must not give an attacker a fresh allowance.
          await db.delete(signInFailures).where(eq(signInFailures.key, limits[0].key));
          await forget(ids);
        },
      };
    },
    /** Old rows only cost space; dropped now and then rather than on a schedule. */
    async prune() {
      await db.delete(signInFailures).where(lt(signInFailures.createdAt, sql`now() - make_interval(mins => ${DAY_MINUTES})`));
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
