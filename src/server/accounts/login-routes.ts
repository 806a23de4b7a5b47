import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessTokenRequestSchema, accessTokenResponseSchema, apiErrorSchema, authOptionsSchema } from '../../shared';
import { DomainError } from '../lib/domain-errors';
import { setNoStore } from '../lib/cache-headers';

/**
 * POST /api/login {email} → {accessToken}: only for a caller who holds a live identity session
 * for that same email. The web app calls it after signing in, and again to renew the token.
 */
interface LoginRoutesOptions {
  googleEnabled: boolean;
  emailVerification: 'required' | 'off';
  adminTwoFactor: 'required' | 'optional';
}

export const loginRoutes: FastifyPluginAsyncZod<LoginRoutesOptions> = async (app, opts) => {
  /**
   * Which sign-in methods this store offers (so the login page can say when Google is not set up),
   * and whether a new account must confirm its address (so sign-up knows whether it signed in).
   */
  app.get(
    '/auth-options',
    { schema: { summary: 'Which sign-in methods the store offers', tags: ['accounts'], response: { 200: authOptionsSchema } } },
    async () => ({
      google: opts.googleEnabled,
      emailVerification: opts.emailVerification,
      adminTwoFactor: opts.adminTwoFactor,
    }),
  );

  app.post(
    '/login',
    {
      schema: {
        summary: 'Exchange a signed-in session for a bearer access token',
        tags: ['accounts'],
        // The session is checked in the handler (it may be the only credential a browser has yet).
        security: [{ sessionCookie: [] }],
        body: accessTokenRequestSchema,
        response: { 200: accessTokenResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const identity = await app.sessionIdentity(request);
      if (!identity) throw new DomainError('SIGN_IN_REQUIRED');
      if (identity.email !== request.body.email) throw new DomainError('WRONG_ACCOUNT_FOR_TOKEN');
      const accessToken = await app.accessTokens.issue(identity);
      setNoStore(reply);
      return { accessToken };
    },
  );
};
