import { betterAuth } from 'better-auth';
import type { FastifyBaseLogger } from 'fastify';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { API_ERRORS, LIMITS } from '../../shared';
import type { AuthConfig } from '../config';
import type { AppDatabase } from '../db/client';
import { accounts, sessions, users, verifications } from '../db/schema';
import { serializeErrorForLog } from '../lib/error-log-serializer';
import { isCommonPassword } from './common-passwords';
import { checkIdentityInput } from './identity-input';

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
        // Its errors carry the failed query's parameters (names, emails): logged through the same
        // serializer as the app's own errors, which drops them.
        log[level](
          { component: 'better-auth', details: details.length > 0 ? details.map((d) => (d instanceof Error ? serializeErrorForLog(d) : d)) : undefined },
          message,
        ),
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
    advanced: {
      // Never X-Forwarded-For (its default): any client can write that header. 128: keep an IPv6
      // address whole, as the logs and limits see it, rather than cut to its /64 network.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER], ipv6Subnet: 128 },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // Names and photo links follow the store's form rules (sign-up and update-user).
        const body = checkIdentityInput(ctx.path, ctx.body);
        if (ctx.path === '/sign-up/email') {
          const password = (ctx.body as { password?: unknown } | undefined)?.password;
          if (typeof password === 'string' && (await isCommonPassword(password))) {
            throw new APIError('BAD_REQUEST', { code: 'PASSWORD_TOO_COMMON', message: API_ERRORS.passwordTooCommon });
          }
        }
        return body ? { context: { body } } : undefined;
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
