import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fromNodeHeaders } from 'better-auth/node';
import { API_ERRORS } from '../../shared';
import type { AuthConfig } from '../config';
import { createAccessTokens, type AccessTokens } from '../identity/access-tokens';
import { createAuth, type Auth, type IdentityMailer } from '../identity/auth';
import { resolveAuthSecret } from '../identity/auth-secret';
import { findIdentity, type SessionIdentity } from '../identity/identity';
import { DomainError } from '../lib/domain-errors';
import { TransportError } from '../lib/transport-error';

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    accessTokens: AccessTokens;
    /** preHandler: a valid bearer access token is required. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: a bearer access token or the identity session cookie is required. */
    requireUserOrSession: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * preHandler, after requireUser: the caller's email address is verified, where the store
     * requires that (EMAIL_VERIFICATION; with it off this lets everyone through). Answers 409, not
     * 403: the person is signed in and may be (the web app signs out on 401/403, spec section 4);
     * the account just is not ready for this yet.
     */
    requireVerifiedEmail: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * preHandler: a valid bearer access token of a user whose role is admin now, and, where the
     * store requires it (ADMIN_TWO_FACTOR) or the admin has turned it on, two-step sign-in with a
     * session that has shown a code.
     */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * preHandler, after requireAdmin: the person proved who they are within the last few minutes
     * (signed in, or gave their password or a code again), before promoting, demoting or refunding.
     * Otherwise 401 with an RFC 9470 step-up challenge (decision 023).
     */
    requireFreshAuth: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** The identity session behind the request's cookie, if any. */
    sessionIdentity: (request: FastifyRequest) => Promise<SessionIdentity | null>;
  }
  interface FastifyRequest {
    identity: SessionIdentity | null;
  }
}

/** How recently the person must have proved who they are before a role change or a refund. */
export const FRESH_AUTH_SECONDS = 10 * 60;

export interface AuthenticationOptions {
  config: AuthConfig;
  /** Where a generated AUTH_SECRET is kept (DATA_DIR). */
  dataDir: string;
  /** Queues the identity service's emails (accounts/identity-mail.ts). */
  mailer: IdentityMailer;
}

/**
 * Who is calling. Every check reads the user's role and session from the database, so a
 * promotion takes effect at once and a signed-out session's tokens stop working. The identity
 * service (better-auth) and the access tokens are made here, with the secret that signs both.
 */
async function authenticationPlugin(app: FastifyInstance, opts: AuthenticationOptions) {
  const { config } = opts;
  const { secret, generated } = await resolveAuthSecret(config.secret, opts.dataDir);
  if (generated) app.log.info('generated a new AUTH_SECRET and stored it in the data folder');
  if (!config.secret && app.database.kind === 'postgres') {
    app.log.warn('AUTH_SECRET is not set: every app process on this database must be given the same AUTH_SECRET');
  }
  const auth = createAuth({ db: app.db, config, secret, log: app.log, mailer: opts.mailer });
  const accessTokens = createAccessTokens(secret, config.accessTokenTtlSeconds);
  app.decorate('auth', auth);
  app.decorate('accessTokens', accessTokens);
  app.decorateRequest('identity', null);

  /**
   * The person behind a session that is still live for them: an admin's session ends
   * ADMIN_SESSION_HOURS after it was made, also one made while they were a customer.
   */
  async function liveIdentity(userId: string, sessionId: string): Promise<SessionIdentity | null> {
    const identity = await findIdentity(app.db, userId, sessionId);
    if (identity?.role === 'admin' && Date.now() - identity.sessionCreatedAt.getTime() > config.adminSessionSeconds * 1000) return null;
    return identity;
  }

  async function bearerIdentity(request: FastifyRequest): Promise<SessionIdentity | null> {
    const header = request.headers.authorization;
    if (!header) return null;
    const [scheme, token] = header.split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) return null;
    const claims = await accessTokens.verify(token);
    return claims ? liveIdentity(claims.userId, claims.sessionId) : null;
  }

  async function sessionIdentity(request: FastifyRequest): Promise<SessionIdentity | null> {
    if (!request.headers.cookie) return null;
    // A cookie travels with cross-site requests too: a write it authorises must come from our own
    // pages (the same rule better-auth applies to its own endpoints).
    const unsafe = request.method !== 'GET' && request.method !== 'HEAD';
    if (unsafe && !config.trustedOrigins.includes(request.headers.origin ?? '')) {
      throw new TransportError('CROSS_SITE_REFUSED');
    }
    const found = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    return found ? liveIdentity(found.user.id, found.session.id) : null;
  }
  app.decorate('sessionIdentity', sessionIdentity);

  app.decorate('requireUser', async (request: FastifyRequest) => {
    request.identity = await bearerIdentity(request);
    if (!request.identity) throw new DomainError('SIGN_IN_REQUIRED');
  });
  app.decorate('requireUserOrSession', async (request: FastifyRequest) => {
    request.identity = (await bearerIdentity(request)) ?? (await sessionIdentity(request));
    if (!request.identity) throw new DomainError('SIGN_IN_REQUIRED');
  });
  app.decorate('requireVerifiedEmail', async (request: FastifyRequest) => {
    if (!request.identity) throw new DomainError('SIGN_IN_REQUIRED');
    if (config.emailVerification.mode === 'required' && !request.identity.emailVerified) throw new DomainError('EMAIL_NOT_VERIFIED');
  });
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    request.identity = await bearerIdentity(request);
    if (!request.identity) throw new DomainError('SIGN_IN_REQUIRED');
    if (request.identity.role !== 'admin') throw new DomainError('FORBIDDEN');
    // Refused with 403, not 401: the person is signed in and stays so; the web app's admin guard
    // sends them to the two-step sign-in page before any admin call (decision 023).
    if (config.adminTwoFactor === 'required' || request.identity.twoFactorEnabled) {
      if (!request.identity.twoFactorEnabled) throw new DomainError('ADMIN_TWO_FACTOR_REQUIRED');
      if (!request.identity.secondFactorAt) throw new DomainError('ADMIN_SECOND_FACTOR_REQUIRED');
    }
  });
  app.decorate('requireFreshAuth', async (request: FastifyRequest, reply: FastifyReply) => {
    const identity = request.identity;
    if (!identity) throw new DomainError('SIGN_IN_REQUIRED');
    if (Date.now() - identity.authenticatedAt.getTime() <= FRESH_AUTH_SECONDS * 1000) return;
    reply.header(
      'www-authenticate',
      `Bearer error="insufficient_user_authentication", error_description="${API_ERRORS.reauthenticationRequired}", max_age=${FRESH_AUTH_SECONDS}`,
    );
    throw new DomainError('REAUTHENTICATION_REQUIRED');
  });
}

export default fp(authenticationPlugin, { name: 'authentication', dependencies: ['database'] });
