import { betterAuth } from 'better-auth';
import type { FastifyBaseLogger } from 'fastify';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { API_ERRORS, LIMITS } from '../../shared';
import type { AuthConfig } from '../config';
import type { AppDatabase } from '../db/client';
import { accounts, sessions, users, verifications } from '../db/schema';
import { isCommonPassword } from './common-passwords';

export const GOOGLE_PROVIDER_ID = 'google';

export interface AuthOptions {
  db: AppDatabase;
  config: AuthConfig;
  secret: string;
  /** better-auth's own messages go to the app's log (pino), at the app's LOG_LEVEL. */
  log: FastifyBaseLogger;
}

/** The identity service (better-auth), mounted at /api/auth. */
export function createAuth({ db, config, secret, log }: AuthOptions) {
  return betterAuth({
    appName: 'ToolHouse',
    secret,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    trustedOrigins: config.trustedOrigins,
    telemetry: { enabled: false },
    logger: {
      log: (level, message, ...details) =>
        log[level]({ component: 'better-auth', details: details.length > 0 ? details : undefined }, message),
    },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: LIMITS.passwordMin,
      maxPasswordLength: LIMITS.passwordMax,
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
    },
    account: {
      accountLinking: {
        enabled: true,
        // Not "trusted": Google joins an existing account only when it says the email is verified.
        trustedProviders: [],
        requireLocalEmailVerified: false,
      },
    },
    // Sign-in throttling and per-address limits are done in front of these routes (auth-routes.ts),
    // where they are shared by every app process through the database.
    rateLimit: { enabled: false },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/sign-up/email') return;
        const password = (ctx.body as { password?: unknown } | undefined)?.password;
        if (typeof password === 'string' && (await isCommonPassword(password))) {
          throw new APIError('BAD_REQUEST', { code: 'PASSWORD_TOO_COMMON', message: API_ERRORS.passwordTooCommon });
        }
      }),
    },
    plugins: config.google
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
      : [],
  });
}

export type Auth = ReturnType<typeof createAuth>;
