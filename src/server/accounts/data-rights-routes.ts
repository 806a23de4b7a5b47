import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountDeletedSchema, accountExportFileName, accountExportSchema, apiErrorSchema, deleteAccountSchema } from '../../shared';
import { setNoStore } from '../lib/cache-headers';
import { DomainError } from '../lib/domain-errors';
import { TransportError } from '../lib/transport-error';
import { deleteAccount, proveAccountHolder } from './account-deletion';
import { exportAccount } from './account-export';
import type { SignInThrottle } from './sign-in-throttle';

interface DataRightsOptions {
  /** The sign-in throttle the identity routes use (app.ts makes one for both). */
  throttle: SignInThrottle;
}

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

/** Exports one signed-in person may ask for a minute: each reads all their rows. Counted per person. */
const EXPORTS_PER_MINUTE = 5;
const exportRateLimit = {
  max: EXPORTS_PER_MINUTE,
  timeWindow: '1 minute',
  hook: 'preHandler' as const,
  keyGenerator: (request: FastifyRequest) => `my-data:${request.identity?.userId ?? request.ip}`,
  errorResponseBuilder: () => new TransportError('TOO_MANY_REQUESTS'),
};

/**
 * A customer's rights over their own data (GDPR art. 15, 17, 20; decision 046): a copy of it, and
 * deleting the account. Both act on the caller only (no id in the path or body, so nobody can name
 * another account), with the bearer token or the session cookie, and never cached.
 */
export const dataRightsRoutes: FastifyPluginAsyncZod<DataRightsOptions> = async (app, opts) => {
  app.addHook('onSend', async (_request, reply) => setNoStore(reply));
  const authContext = await app.auth.$context;

  app.get(
    '/me/export',
    {
      preHandler: app.requireUserOrSession,
      config: { rateLimit: exportRateLimit },
      schema: {
        summary: 'A copy of everything the store holds about the caller, as a JSON download (no secrets)',
        tags: ['accounts'],
        response: { 200: accountExportSchema, ...errors },
      },
    },
    async (request, reply) => {
      const identity = request.identity!;
      const data = await exportAccount(app.db, identity.userId, identity.sessionId, app.store.payMinutes);
      if (!data) throw new DomainError('SIGN_IN_REQUIRED');
      reply.header('content-disposition', `attachment; filename="${accountExportFileName(new Date(data.exportedAt))}"`);
      request.log.info({ userId: identity.userId }, 'account data exported');
      return data;
    },
  );

  app.delete(
    '/me',
    {
      preHandler: app.requireUserOrSession,
      schema: {
        summary: "Delete the caller's account, with its password or an authenticator code (paid orders are kept, detached, for their invoices)",
        tags: ['accounts'],
        body: deleteAccountSchema,
        response: { 200: accountDeletedSchema, ...errors },
      },
    },
    async (request) => {
      const identity = request.identity!;
      await proveAccountHolder(
        {
          db: app.db,
          throttle: opts.throttle,
          verifyPassword: (hash, password) => authContext.password.verify({ hash, password }),
          authSecret: authContext.secretConfig,
        },
        identity,
        request.body,
        request.ip,
      );
      const deleted = await deleteAccount(app.db, identity.userId);
      request.log.info({ reference: deleted.reference, keptOrders: deleted.keptOrders }, 'account deleted by its holder');
      return { deleted: true as const, ...deleted };
    },
  );
};
