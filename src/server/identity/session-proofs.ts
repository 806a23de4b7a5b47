import { eq } from 'drizzle-orm';
import { APIError, getSessionFromCtx } from 'better-auth/api';
import { API_ERRORS } from '../../shared';
import type { AppDatabase } from '../db/client';
import { sessions, users } from '../db/schema';

/**
 * What a session has proved, kept on its row (decision 023): `secondFactorAt`, when it last showed
 * a code from the authenticator app or a recovery code; `reauthenticatedAt`, when the person last
 * gave their password or a code again. better-auth knows both as the session's additional fields
 * (auth.ts), so it hands them out with the session and never sets them; these hooks do.
 */

/** The identity endpoints after which a session has proved something (or a new session inherits it). */
const CODE_PATHS = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code']);
const PASSWORD_PATH = '/verify-password';
const CHANGE_PASSWORD_PATH = '/change-password';

/**
 * Endpoints that take away, hand out or reveal the second factor with no more than the password:
 * turning it off, new recovery codes, the authenticator secret again. A session that signed in
 * without a code (through Google, which the two-factor plugin does not stop) must show one first,
 * or a stolen Google account and the password would be enough to replace the admin's factor.
 */
const SECOND_FACTOR_SETTINGS = new Set(['/two-factor/disable', '/two-factor/generate-backup-codes', '/two-factor/get-totp-uri']);

/** The part of better-auth's hook context these hooks read (its middleware context, loosely typed). */
interface HookContext {
  path: string;
  context: {
    returned?: unknown;
    session?: { session: { id: string; secondFactorAt?: Date | string | null }; user: { id: string } } | null;
    newSession?: { session: { id: string; token: string } } | null;
  };
}

/** before hook: the second factor's settings need a session that has shown a code. */
export async function guardSecondFactorSettings(ctx: Parameters<typeof getSessionFromCtx>[0] & { path: string }): Promise<void> {
  if (!SECOND_FACTOR_SETTINGS.has(ctx.path)) return;
  const found = await getSessionFromCtx(ctx);
  // No session: the endpoint answers 401 itself.
  if (!found) return;
  const user = found.user as { twoFactorEnabled?: boolean | null };
  const session = found.session as { secondFactorAt?: Date | string | null };
  if (user.twoFactorEnabled && !session.secondFactorAt) {
    throw new APIError('FORBIDDEN', { code: 'SECOND_FACTOR_REQUIRED', message: API_ERRORS.secondFactorFirst });
  }
}

/** after hook: records what the session just proved, once the endpoint has succeeded. */
export async function recordSessionProofs(db: AppDatabase, ctx: HookContext): Promise<void> {
  const { returned, session, newSession } = ctx.context;
  if (returned instanceof APIError || returned instanceof Response) return;
  const now = new Date();
  if (CODE_PATHS.has(ctx.path)) {
    // Signing in with a code, turning two-step sign-in on (both make a new session) or showing a
    // code in a session that has one.
    const token = newSession?.session.token ?? (returned as { token?: unknown } | null)?.token;
    if (typeof token !== 'string') return;
    await db.update(sessions).set({ secondFactorAt: now, reauthenticatedAt: now }).where(eq(sessions.token, token));
  } else if (ctx.path === PASSWORD_PATH && session) {
    await db.update(sessions).set({ reauthenticatedAt: now }).where(eq(sessions.id, session.session.id));
  } else if (ctx.path === CHANGE_PASSWORD_PATH && session?.session.secondFactorAt && newSession) {
    // The change ends every session and makes a new one: it keeps the code its predecessor showed,
    // or an admin would lose the admin pages by changing their password.
    await db
      .update(sessions)
      .set({ secondFactorAt: new Date(session.session.secondFactorAt) })
      .where(eq(sessions.id, newSession.session.id));
  }
}

/**
 * better-auth's database hooks that keep an admin's session short: made to end `adminSeconds`
 * after sign-in, and never pushed past that by the sliding renewal customers' sessions get. The
 * API checks the same limit on every call (plugins/authentication.ts), for sessions made before
 * a promotion too.
 */
export function adminSessionHooks(db: AppDatabase, adminSeconds: number) {
  const endOf = (createdAt: Date | string | undefined) => new Date(new Date(createdAt ?? Date.now()).getTime() + adminSeconds * 1000);
  return {
    create: {
      before: async (session: { userId: string; expiresAt: Date; createdAt?: Date }) => {
        const [user] = await db.select({ role: users.role }).from(users).where(eq(users.id, session.userId)).limit(1);
        if (user?.role !== 'admin') return;
        const end = endOf(session.createdAt);
        if (session.expiresAt > end) return { data: { ...session, expiresAt: end } };
      },
    },
    update: {
      before: async (update: Partial<{ expiresAt: Date }>, ctx: { context?: HookContext['context'] & { session?: { session: { createdAt?: Date }; user: { role?: unknown } } | null } } | null) => {
        const current = ctx?.context?.session;
        if (!update.expiresAt || !current || (current.user as { role?: unknown }).role !== 'admin') return;
        const end = endOf((current.session as { createdAt?: Date }).createdAt);
        if (update.expiresAt > end) return { data: { ...update, expiresAt: end } };
      },
    },
  };
}
