import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fromNodeHeaders } from 'better-auth/node';
import { API_ERRORS } from '../../shared';
import type { AccessTokens } from '../identity/access-tokens';
import type { Auth } from '../identity/auth';
import { findIdentity, type Identity } from '../identity/identity';
import { ConflictError, NotAllowedError, NotSignedInError } from '../lib/domain-errors';

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
    /** preHandler: a valid bearer access token of a user whose role is admin now. */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** The identity session behind the request's cookie, if any. */
    sessionIdentity: (request: FastifyRequest) => Promise<Identity | null>;
  }
  interface FastifyRequest {
    identity: Identity | null;
  }
}

/**
 * Who is calling. Every check reads the user's role and session from the database, so a
 * promotion takes effect at once and a signed-out session's tokens stop working.
 */
async function authenticationPlugin(
  app: FastifyInstance,
  opts: { auth: Auth; accessTokens: AccessTokens; trustedOrigins: string[]; emailVerification: 'required' | 'off' },
) {
  app.decorate('auth', opts.auth);
  app.decorate('accessTokens', opts.accessTokens);
  app.decorateRequest('identity', null);

  async function bearerIdentity(request: FastifyRequest): Promise<Identity | null> {
    const header = request.headers.authorization;
    if (!header) return null;
    const [scheme, token] = header.split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) return null;
    const claims = await opts.accessTokens.verify(token);
    return claims ? findIdentity(app.db, claims.userId, claims.sessionId) : null;
  }

  async function sessionIdentity(request: FastifyRequest): Promise<Identity | null> {
    if (!request.headers.cookie) return null;
    // A cookie travels with cross-site requests too: a write it authorises must come from our own
    // pages (the same rule better-auth applies to its own endpoints).
    const unsafe = request.method !== 'GET' && request.method !== 'HEAD';
    if (unsafe && !opts.trustedOrigins.includes(request.headers.origin ?? '')) {
      throw new NotAllowedError(API_ERRORS.crossSiteRefused);
    }
    const found = await opts.auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    return found ? findIdentity(app.db, found.user.id, found.session.id) : null;
  }
  app.decorate('sessionIdentity', sessionIdentity);

  app.decorate('requireUser', async (request: FastifyRequest) => {
    request.identity = await bearerIdentity(request);
    if (!request.identity) throw new NotSignedInError(API_ERRORS.signInRequired);
  });
  app.decorate('requireUserOrSession', async (request: FastifyRequest) => {
    request.identity = (await bearerIdentity(request)) ?? (await sessionIdentity(request));
    if (!request.identity) throw new NotSignedInError(API_ERRORS.signInRequired);
  });
  app.decorate('requireVerifiedEmail', async (request: FastifyRequest) => {
    if (!request.identity) throw new NotSignedInError(API_ERRORS.signInRequired);
    if (opts.emailVerification === 'required' && !request.identity.emailVerified) throw new ConflictError(API_ERRORS.emailNotVerified);
  });
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    request.identity = await bearerIdentity(request);
    if (!request.identity) throw new NotSignedInError(API_ERRORS.signInRequired);
    if (request.identity.role !== 'admin') throw new NotAllowedError(API_ERRORS.forbidden);
  });
}

export default fp(authenticationPlugin, { name: 'authentication', dependencies: ['database'] });
