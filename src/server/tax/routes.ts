import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, taxConfigSchema, taxRateSchema, taxRatesUpdateSchema } from '../../shared';
import { answerFromCache } from '../catalogue-cache/answer-from-cache';
import { REVALIDATE_CACHE_CONTROL, setNoStore } from '../lib/cache-headers';
import { CACHED_READ_ROUTE } from '../lib/cached-read-route';
import { readSettings } from '../settings/settings-repository';
import { allCountries, regionName } from './iso-codes';
import { readTaxRates, replaceTaxRates, toRateView } from './tax-rates-repository';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/** Tax rates by destination (decision 048): the owner's list, admins only. */
export const taxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => setNoStore(reply));

  app.get(
    '/tax-rates',
    {
      preHandler: app.requireAdmin,
      schema: { summary: 'The tax rates by destination: admins', tags: ['admin'], response: { 200: z.array(taxRateSchema), ...errors } },
    },
    async () => (await readTaxRates(app.db)).map(toRateView),
  );

  app.put(
    '/tax-rates',
    {
      preHandler: app.requireAdmin,
      schema: {
        summary: 'Replace the whole list of tax rates: admins',
        tags: ['admin'],
        body: taxRatesUpdateSchema,
        response: { 200: z.array(taxRateSchema), ...errors },
      },
    },
    async (request) => (await replaceTaxRates(app.db, request.identity!, request.body)).map(toRateView),
  );
};

/**
 * GET /api/tax-config, public: what buyers' forms and price labels need. Every tool page asks for
 * it, so it is answered from memory like the catalogue (two reads and some 250 countries' names
 * otherwise), dropped in every process when the rates or the settings change, and revalidated by
 * browsers (by ETag) so a changed rate shows at once.
 */
export const taxConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const { taxConfigs } = app.catalogueCache;
  app.get(
    '/tax-config',
    {
      ...CACHED_READ_ROUTE,
      schema: {
        summary: "The seller's country, whether prices include tax, the countries to choose from and the rates",
        tags: ['orders'],
        response: { 200: taxConfigSchema },
      },
    },
    (request, reply) =>
      answerFromCache(request, reply, taxConfigs, 'tax-config', async () => {
        const [settings, rates] = await Promise.all([readSettings(app.db), readTaxRates(app.db)]);
        const regions = [...new Set(rates.flatMap((rate) => (rate.region ? [rate.region] : [])))].map((code) => ({ code, name: regionName(code) }));
        const config = { country: settings.country, pricesIncludeTax: settings.pricesIncludeTax, countries: allCountries(), regions, rates: rates.map(toRateView) };
        return { json: reply.serialize(config), headers: { 'cache-control': REVALIDATE_CACHE_CONTROL } };
      }),
  );
};
