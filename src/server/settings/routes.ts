import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, storeSettingsSchema, storeSettingsUpdateSchema } from '../../shared';
import { setNoStore } from '../lib/cache-headers';
import { readSettings, updateSettings } from './settings-repository';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/** The owner's settings: the seller on invoices, where the store's notices go, the low-stock mark. Admins only. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => setNoStore(reply));

  app.get(
    '/settings',
    {
      preHandler: app.requireAdmin,
      schema: { summary: "The store's settings: admins", tags: ['admin'], response: { 200: storeSettingsSchema, ...errors } },
    },
    async () => readSettings(app.db),
  );

  app.put(
    '/settings',
    {
      preHandler: app.requireAdmin,
      schema: {
        summary: "Change the store's settings: admins",
        tags: ['admin'],
        body: storeSettingsUpdateSchema,
        response: { 200: storeSettingsSchema, ...errors },
      },
    },
    async (request) => updateSettings(app.db, request.identity!, request.body),
  );
};
