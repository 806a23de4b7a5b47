import type { FastifyError, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, CATALOGUE_CSV_COLUMNS, CATALOGUE_LIMITS, importProblemSchema, importQuerySchema, importReportSchema } from '../../shared';
import { csvFileName } from '../lib/csv';
import { sendCsv } from '../lib/csv-stream';
import { setNoStore } from '../lib/cache-headers';
import { DomainError } from '../lib/domain-errors';
import { catalogueCsvChunks } from './catalogue-export';
import { importCatalogue } from './catalogue-import';

/** IMPORT_REFUSED's body: the problem details and every problem of the file. */
const importRefusedSchema = apiErrorSchema.extend({ problems: z.array(importProblemSchema) });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/** After requireUserOrSession: the caller is an admin now (as the other CSV downloads check, exports/routes.ts). */
async function requireAdminRole(request: FastifyRequest) {
  if (!request.identity) throw new DomainError('SIGN_IN_REQUIRED');
  if (request.identity.role !== 'admin') throw new DomainError('FORBIDDEN');
}

/**
 * The catalogue's CSV import and export (issue 24). Encapsulated: its body parser (CSV only, up to
 * CATALOGUE_LIMITS.importBytesMax) and error wording apply to these routes alone. Registered
 * inside the catalogue's routes, where `/items/import` and `/items/export`, static paths, win
 * over `/items/:id`.
 */
export const catalogueTransferRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('text/csv', { parseAs: 'buffer', bodyLimit: CATALOGUE_LIMITS.importBytesMax }, (_request, body, done) => done(null, body));

  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new DomainError('IMPORT_TOO_LARGE');
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') throw new DomainError('IMPORT_NOT_CSV');
    throw error;
  });

  app.post(
    '/items/import',
    {
      // Before the body is read: a stranger's 20 MB is not even received, let alone parsed.
      onRequest: app.requireAdmin,
      bodyLimit: CATALOGUE_LIMITS.importBytesMax,
      schema: {
        summary: 'Import tools from a CSV file, upserted by SKU, all or nothing: admins',
        description:
          `The body is the file itself (\`text/csv\`, UTF-8 with or without a byte order mark, comma- or semicolon-separated, at most ${CATALOGUE_LIMITS.importBytesMax / (1024 * 1024)} MB ` +
          `and ${CATALOGUE_LIMITS.importRowsMax.toLocaleString('en-US')} rows). Columns (any case, any order): ${CATALOGUE_CSV_COLUMNS.join(', ')}; ` +
          'image may be left out for tools that exist, specifications and taxClass always. A row whose SKU (any case) a tool has updates that tool; any other row adds one. ' +
          'category is "Top" or "Top > Sub" by name; categories that do not exist are made. specifications reads `Torque: 180 [Nm]; Weight: 1.2 [kg]` ' +
          '(a backslash keeps the next character as written). taxClass is standard, reduced or exempt (any case); an empty cell or no column: a new tool is ' +
          'standard and a tool that exists keeps its class. A cell that would run as a spreadsheet formula is refused; one the export neutralised ' +
          "(a leading apostrophe) is read back as written. `dryRun=true` answers the report and writes nothing. Otherwise any problem refuses the whole " +
          'file (422, every problem with its spreadsheet row and column), and without one everything is written in one transaction. GET /api/items/export writes the same columns.',
        tags: ['catalogue'],
        querystring: importQuerySchema,
        consumes: ['text/csv'],
        body: z.unknown().meta({ description: 'The CSV file itself', type: 'string', format: 'binary' }),
        response: { 200: importReportSchema, ...errors, 413: apiErrorSchema, 415: apiErrorSchema, 422: importRefusedSchema },
      },
    },
    async (request, reply) => {
      setNoStore(reply);
      const file = request.body;
      if (!Buffer.isBuffer(file)) throw new DomainError('IMPORT_NOT_CSV');
      const report = await importCatalogue(app.db, request.identity!, file, request.query.dryRun);
      if (!report.dryRun) {
        const { rows, created, updated, unchanged } = report;
        request.log.info({ by: request.identity!.userId, bytes: file.length, rows, created, updated, unchanged }, 'catalogue imported');
      }
      return report;
    },
  );

  app.get(
    '/items/export',
    {
      // A link in Manage Tools: the session cookie is accepted as well as the bearer token (GET only, it changes nothing).
      preHandler: [app.requireUserOrSession, requireAdminRole],
      schema: {
        summary: 'The whole catalogue as CSV, in the columns POST /api/items/import reads: admins',
        tags: ['catalogue'],
        response: errors,
      },
      config: { binaryResponse: { contentType: 'text/csv', description: 'One row per tool, in catalogue order, to save as catalogue-2026-11-25.csv' } },
    },
    async (_request, reply) => sendCsv(reply, csvFileName('catalogue'), CATALOGUE_CSV_COLUMNS, catalogueCsvChunks(app.db)),
  );
};
