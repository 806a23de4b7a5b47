import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthConfig } from '../config';
import type { AppDatabase } from '../db/client';
import type { Auth } from '../identity/auth';
import { isCommonPassword } from '../identity/common-passwords';
import { markEmailVerified } from '../identity/identity';
import { countAdmins, findProfileByEmail, promoteToAdmin } from './users-repository';

/** Reserved `.localhost` domain: valid for the spec's x@y.z email pattern, never a real mailbox. */
export const DEFAULT_ADMIN_EMAIL = 'admin@store.localhost';

/** The admin account this start created; `generatedPassword` is set when nobody chose one. */
export interface CreatedAdmin {
  email: string;
  generatedPassword: string | null;
}

export interface FirstAdminOptions {
  config: AuthConfig;
  /** Told of an admin account this start created (main.ts shows a generated password in its start banner). */
  onCreated?: (admin: CreatedAdmin) => void;
}

/**
 * The first admin, made when the app is ready (decision 031): a weak ADMIN_PASSWORD stops the
 * start as the app is built, before anything is written; the account is created or promoted in
 * `onReady`, after every plugin and route is in place and before the server listens.
 */
async function firstAdminPlugin(app: FastifyInstance, opts: FirstAdminOptions) {
  if (opts.config.admin) await refuseCommonAdminPassword(opts.config.admin.password);
  app.addHook('onReady', async () => {
    const created = await ensureFirstAdmin(app.auth, app.db, opts.config, app.log);
    if (created) opts.onCreated?.(created);
  });
}

export const firstAdmin = fp(firstAdminPlugin, { name: 'first-admin', dependencies: ['database', 'authentication'] });

/**
 * Sign-up refuses the most common passwords; so does the start, for the most powerful account
 * (its length is checked with the other settings, config.ts).
 */
async function refuseCommonAdminPassword(password: string): Promise<void> {
  if (await isCommonPassword(password)) {
    throw new Error(
      'Invalid environment configuration:\n  ADMIN_PASSWORD is one of the most common passwords, which sign-up refuses too: choose one that is harder to guess',
    );
  }
}

/**
 * Makes sure the store can be administered: ADMIN_EMAIL/ADMIN_PASSWORD are created or promoted at
 * every start; without them, an embedded store with no admin gets one with a random password,
 * which the caller shows once in the start banner on a terminal, or else writes to
 * DATA_DIR/first-admin-password.txt (main.ts); never in the log, where it would be kept and
 * shipped. There is never a fixed default password.
 */
async function ensureFirstAdmin(
  auth: Auth,
  db: AppDatabase,
  config: AuthConfig,
  log: FastifyBaseLogger,
): Promise<CreatedAdmin | null> {
  if (config.admin) {
    // Its password passed refuseCommonAdminPassword when the plugin loaded.
    const { email, password } = config.admin;
    const existing = await findProfileByEmail(db, email);
    if (!existing) {
      await createVerifiedAccount(auth, email, password);
      await promoteToAdmin(db, email);
      log.info({ email }, 'created the admin account from ADMIN_EMAIL');
      return { email, generatedPassword: null };
    } else if (existing.role !== 'admin') {
      // Someone else may have registered this address first (an unverified account). The
      // operator's ADMIN_PASSWORD becomes the only password and their sessions end.
      await takeOverAccount(auth, existing._id, password);
      await promoteToAdmin(db, email);
      log.warn({ email }, 'promoted the existing ADMIN_EMAIL account, set its password to ADMIN_PASSWORD and ended its sessions');
    }
    // The operator chose this address: it counts as verified (also for an admin made before
    // addresses were verified).
    await markEmailVerified(db, { email });
    return null;
  }
  if (!config.createDefaultAdmin || (await countAdmins(db)) > 0) return null;
  if (await findProfileByEmail(db, DEFAULT_ADMIN_EMAIL)) return null;
  const password = randomBytes(12).toString('base64url');
  await createVerifiedAccount(auth, DEFAULT_ADMIN_EMAIL, password);
  await promoteToAdmin(db, DEFAULT_ADMIN_EMAIL);
  // Whether the password goes to the terminal or to a file is known only to main.ts, which logs it
  // (start-banner.ts, firstAdminPasswordPlace): this line claims neither.
  log.warn({ email: DEFAULT_ADMIN_EMAIL }, 'created the first admin account with a random password; the start banner says where the password is');
  return { email: DEFAULT_ADMIN_EMAIL, generatedPassword: password };
}

/**
 * An email/password account whose address counts as verified, made directly rather than through
 * sign-up: sign-up would mail a verification link to the operator's (or the reserved, mailless)
 * address, and it no longer signs in or tells whether the address was taken.
 */
async function createVerifiedAccount(auth: Auth, email: string, password: string) {
  const ctx = await auth.$context;
  const user = await ctx.internalAdapter.createUser(
    { email: email.toLowerCase(), name: 'Administrator', emailVerified: true },
    { method: 'email-password' },
  );
  await ctx.internalAdapter.linkAccount({ userId: user.id, providerId: 'credential', accountId: user.id, password: await ctx.password.hash(password) });
}

async function takeOverAccount(auth: Auth, userId: string, password: string) {
  const ctx = await auth.$context;
  const hash = await ctx.password.hash(password);
  const accounts = await ctx.internalAdapter.findAccounts(userId);
  if (accounts.some((account) => account.providerId === 'credential')) {
    await ctx.internalAdapter.updatePassword(userId, hash);
  } else {
    await ctx.internalAdapter.linkAccount({ userId, providerId: 'credential', accountId: userId, password: hash });
  }
  await ctx.internalAdapter.deleteUserSessions(userId);
}
