import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, LEGAL_TEXT_MAX_LENGTH, legalPageParam, legalTextSchema, legalTextUpdateSchema } from '../../shared';
import { answerFromCache } from '../catalogue-cache/answer-from-cache';
import { REVALIDATE_CACHE_CONTROL, setNoStore } from '../lib/cache-headers';
import { CACHED_READ_ROUTE } from '../lib/cached-read-route';
import { DomainError } from '../lib/domain-errors';
import { readLegalText, readLegalTexts, updateLegalText } from './legal-texts-repository';

/**
 * The largest body a text of LEGAL_TEXT_MAX_LENGTH characters can take as JSON (a character escaped
 * as `\u001f` is six bytes), and a little for the rest. A text within it that is too long is
 * refused by the schema (400, naming `text`); a body past it is refused before it is read (413,
 * naming `text` too): a megabyte is never parsed.
 */
const LEGAL_TEXT_BODY_LIMIT = LEGAL_TEXT_MAX_LENGTH * 6 + 1024;

/** GET /api/legal/:page: a legal page's text, public, answered from memory like the catalogue (decision 047). */
export const legalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { legalTexts } = app.catalogueCache;
  app.get(
    '/legal/:page',
    {
      ...CACHED_READ_ROUTE,
      schema: {
        summary: "A legal page's text (terms, privacy, returns, imprint), as Markdown",
        tags: ['legal'],
        params: legalPageParam,
        response: { 200: legalTextSchema, 400: apiErrorSchema },
      },
    },
    (request, reply) => {
      const { page } = request.params;
      return answerFromCache(request, reply, legalTexts, `legal:${page}`, async () => ({
        json: reply.serialize(await readLegalText(app.db, page)),
        // A changed text must show at once (the terms an order accepts): browsers revalidate, by ETag.
        headers: { 'cache-control': REVALIDATE_CACHE_CONTROL },
      }));
    },
  );
};

const adminErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/** The owner writes the legal pages' texts in Settings: GET and PUT under /api/settings/legal, admins only. */
export const legalSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => setNoStore(reply));
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new DomainError('LEGAL_TEXT_TOO_LONG', {}, { field: 'text' });
    throw error;
  });

  app.get(
    '/settings/legal',
    {
      preHandler: app.requireAdmin,
      schema: { summary: "Every legal page's text and version: admins", tags: ['admin'], response: { 200: z.array(legalTextSchema), ...adminErrors } },
    },
    async () => readLegalTexts(app.db),
  );

  app.put(
    '/settings/legal/:page',
    {
      // Before the body is read: nobody but an admin gets a body of this size parsed.
      onRequest: app.requireAdmin,
      bodyLimit: LEGAL_TEXT_BODY_LIMIT,
      schema: {
        summary: "Save a legal page's text; a changed text is a new version: admins",
        tags: ['admin'],
        params: legalPageParam,
        body: legalTextUpdateSchema,
        response: { 200: legalTextSchema, ...adminErrors, 413: apiErrorSchema },
      },
    },
    async (request) => updateLegalText(app.db, request.identity!, request.params.page, request.body.text),
  );
};
