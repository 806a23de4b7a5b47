import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, taxConfigSchema, taxRateSchema, taxRatesUpdateSchema } from '../../shared';
import { setNoStore } from '../lib/cache-headers';
import { readSettings } from '../settings/settings-repository';
import { allCountries, regionName } from './iso-codes';
import { readTaxRates, replaceTaxRates, toRateView } from './tax-rates-repository';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/** Tax rates by destination (decision 048): the owner's list, and what buyers' forms need. */
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

  app.get(
    '/tax-config',
    {
      schema: {
        summary: "The seller's country, whether prices include tax, the countries to choose from and the rates",
        tags: ['orders'],
        response: { 200: taxConfigSchema },
      },
    },
    async () => {
      const [settings, rates] = await Promise.all([readSettings(app.db), readTaxRates(app.db)]);
      const regions = [...new Set(rates.flatMap((rate) => (rate.region ? [rate.region] : [])))].map((code) => ({ code, name: regionName(code) }));
      return { country: settings.country, pricesIncludeTax: settings.pricesIncludeTax, countries: allCountries(), regions, rates: rates.map(toRateView) };
    },
  );
};
