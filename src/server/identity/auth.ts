import { betterAuth } from 'better-auth';
import type { FastifyBaseLogger } from 'fastify';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { API_ERRORS, LIMITS, LINK_LIFETIME_SECONDS } from '../../shared';
import type { AuthConfig } from '../config';
import type { AppDatabase } from '../db/client';
import { accounts, sessions, twoFactors, users, verifications } from '../db/schema';
import { serializeErrorForLog } from '../lib/error-log-serializer';
import { isCommonPassword } from './common-passwords';
import { checkIdentityInput } from './identity-input';
import { endResetLinks, markEmailVerified } from './identity';
import { passwordHasher } from './password-hashing';
import { adminSessionHooks, guardSecondFactorSettings, recordSessionProofs } from './session-proofs';

export const GOOGLE_PROVIDER_ID = 'google';

/**
 * The one header the identity service reads the client address from (it stores it on sessions).
 * auth-routes.ts sets it to the address Fastify resolved under TRUST_PROXY and drops every
 * forwarded-address header the client sent, so a client cannot choose the address recorded.
 */
export const CLIENT_ADDRESS_HEADER = 'x-toolhouse-client-ip';

export interface AuthOptions {
  db: AppDatabase;
  config: AuthConfig;
  secret: string;
  /** better-auth's own messages go to the app's log (pino), at the app's LOG_LEVEL. */
  log: FastifyBaseLogger;
  /** Queues the verification, reset and notice emails. */
  mailer: IdentityMailer;
}

/** The person an identity email goes to, as the identity service hands them over. */
export interface MailRecipient {
  email: string;
  name: string;
}

/** The emails the identity service sends (accounts/identity-mail.ts queues them in the outbox). */
export interface IdentityMailer {
  /** After an email/password sign-up, and on 'Send the link again'. */
  verifyEmail(to: MailRecipient, token: string): Promise<void>;
  /** 'Forgot Password?' for an address that has an account (other addresses get no mail). */
  resetPassword(to: MailRecipient, token: string): Promise<void>;
  /** A sign-up with an address that already has an account: its owner is told, nothing is created. */
  signUpWithExistingAddress(to: MailRecipient): Promise<void>;
  /** After a reset: tells the owner, so a reset they did not make does not go unnoticed. */
  passwordChanged(to: MailRecipient): Promise<void>;
}

/** Endpoints that take a new password: each refuses the common ones, as sign-up does. */
const NEW_PASSWORD_FIELDS: Record<string, string> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
};

/** The identity service (better-auth), mounted at /api/auth. */
export function createAuth({ db, config, secret, log, mailer }: AuthOptions) {
  const verifying = config.emailVerification.mode === 'required';
  return betterAuth({
    appName: 'ToolHouse',
    secret,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    trustedOrigins: config.trustedOrigins,
    telemetry: { enabled: false },
    logger: {
      log: (level, message, ...details) =>
        // Its errors carry the failed query's parameters (names, emails): logged through the same
        // serializer as the app's own errors, which drops them.
        log[level](
          { component: 'better-auth', details: details.length > 0 ? details.map((d) => (d instanceof Error ? serializeErrorForLog(d) : d)) : undefined },
          message,
        ),
    },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications, twoFactor: twoFactors },
    }),
    emailAndPassword: {
      enabled: true,
      // Where addresses must be confirmed (EMAIL_VERIFICATION, decision 019), sign-up answers a
      // taken address exactly as a new one (no account enumeration), so it cannot sign anyone in:
      // the new account's first session comes from a sign-in once the link confirmed the address.
      // With autoSignIn off, better-auth answers a
      // taken address with a stand-in user and calls onExistingUserSignUp instead of failing.
      // Where they cannot be confirmed (no mail server), sign-up signs the customer in, as the
      // spec's registration does, and a taken address is refused (422) like any identity provider.
      autoSignIn: !verifying,
      // An unverified account may sign in and browse; what needs a verified address (placing an
      // order, being joined by a Google sign-in) checks it there.
      requireEmailVerification: false,
      onExistingUserSignUp: ({ user }) => mailer.signUpWithExistingAddress(user),
      password: passwordHasher(config.passwordHashing),
      minPasswordLength: LIMITS.passwordMin,
      maxPasswordLength: LIMITS.passwordMax,
      // The link opens our reset page (the token in its fragment), not better-auth's redirect.
      sendResetPassword: ({ user, token }) => mailer.resetPassword(user, token),
      // Single use (the row is consumed with the password change) and one hour.
      resetPasswordTokenExpiresIn: LINK_LIFETIME_SECONDS.resetPassword,
      // A reset ends every session of the account, in the same transaction as the new password;
      // access tokens name their session (access-tokens.ts), so they stop working with it.
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: async ({ user }) => {
        await markEmailVerified(db, { userId: user.id });
        // Any other reset link still in a mailbox dies with this one (an older link used after a
        // newer one would otherwise still set a password).
        await endResetLinks(db, user.id);
        await mailer.passwordChanged(user);
      },
    },
    emailVerification: {
      sendOnSignUp: verifying,
      sendVerificationEmail: ({ user, token }) => mailer.verifyEmail(user, token),
      expiresIn: LINK_LIFETIME_SECONDS.verifyEmail,
      // Following the link confirms the address and no more: it does not sign the clicker in.
      // Whoever signed up chose the password, and it may not be the address's owner (an attacker
      // signing up with a victim's address before they do, a "pre-hijack"): the owner clicking the
      // genuine link must not land in an account someone else can sign in to. They sign in with
      // their own password (the honest case) or choose one with 'Forgot Password?', which ends
      // every other session (issue 19).
      autoSignInAfterVerification: false,
    },
    user: {
      additionalFields: {
        // input: false — nobody sets these through the identity endpoints (sign-up, update-user).
        role: { type: 'string', required: false, defaultValue: 'customer', input: false },
        address: { type: 'string', required: false, input: false },
        phone: { type: 'string', required: false, input: false },
      },
    },
    session: {
      // Read the session from the database every time, so signing out ends it everywhere at once.
      cookieCache: { enabled: false },
      // What the session has proved (session-proofs.ts sets them; nobody else can).
      additionalFields: {
        secondFactorAt: { type: 'date', required: false, input: false },
        reauthenticatedAt: { type: 'date', required: false, input: false },
      },
    },
    // An admin's session ends ADMIN_SESSION_HOURS after sign-in (decision 023).
    databaseHooks: { session: adminSessionHooks(db, config.adminSessionSeconds) },
    account: {
      accountLinking: {
        enabled: true,
        // Not "trusted": Google joins an existing account only when it says the email is verified,
        trustedProviders: [],
        // ... and only when the account's own address is verified too: otherwise whoever
        // registered the address first with a password would share the Google user's account.
        requireLocalEmailVerified: true,
      },
    },
    // Sign-in throttling and per-address limits are done in front of these routes (auth-routes.ts),
    // where they are shared by every app process through the database.
    rateLimit: { enabled: false },
    advanced: {
      // Always check a write's Origin (CSRF). better-auth's default turns the check off whenever
      // NODE_ENV=test or TEST is set, so an environment variable would have disarmed it in a store
      // (and did in every Vitest run, which sets both).
      disableOriginCheck: false,
      // Never X-Forwarded-For (its default): any client can write that header. 128: keep an IPv6
      // address whole, as the logs and limits see it, rather than cut to its /64 network.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER], ipv6Subnet: 128 },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        await guardSecondFactorSettings(ctx);
        // Names and photo links follow the store's form rules (sign-up and update-user).
        const body = checkIdentityInput(ctx.path, ctx.body);
        const passwordField = NEW_PASSWORD_FIELDS[ctx.path];
        if (passwordField) {
          const password = (ctx.body as Record<string, unknown> | undefined)?.[passwordField];
          if (typeof password === 'string' && (await isCommonPassword(password))) {
            throw new APIError('BAD_REQUEST', { code: 'PASSWORD_TOO_COMMON', message: API_ERRORS.passwordTooCommon });
          }
        }
        // A password change ends every other session (and so the access tokens named by them):
        // whoever knew the old password is out, whatever the client asked.
        if (ctx.path === '/change-password') return { context: { body: { ...(body ?? (ctx.body as object)), revokeOtherSessions: true } } };
        return body ? { context: { body } } : undefined;
      }),
      after: createAuthMiddleware(async (ctx) => {
        await recordSessionProofs(db, ctx);
        // Each session's token is its key: a list of them handed to a page is a list of sessions
        // to steal. The list goes out without them (the dashboard's list is /api/account/sessions).
        if (ctx.path === '/list-sessions' && Array.isArray(ctx.context.returned)) {
          return ctx.json(ctx.context.returned.map(({ token: _token, ...session }: Record<string, unknown>) => session));
        }
        // A changed password ends the reset links still in the mailbox, as a reset does.
        if (ctx.path !== '/change-password' || ctx.context.returned instanceof APIError) return;
        const userId = ctx.context.session?.user.id;
        if (userId) await endResetLinks(db, userId);
      }),
    },
    plugins: [
      // Two-step sign-in: a code from an authenticator app (TOTP) or a one-time recovery code after
      // the password; an account turns it on from the dashboard, and ADMIN_TWO_FACTOR may require
      // it of admins (plugins/authentication.ts). Enabling needs the password.
      twoFactor({ issuer: 'ToolHouse' }),
      ...(config.google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: GOOGLE_PROVIDER_ID,
                  name: 'Google',
                  discoveryUrl: `${config.google.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`,
                  clientId: config.google.clientId,
                  clientSecret: config.google.clientSecret,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                  requireIdTokenVerification: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
