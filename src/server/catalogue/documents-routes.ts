import { create as contentDisposition } from 'content-disposition';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  CATALOGUE_LIMITS,
  deletedCountSchema,
  documentParams,
  documentPatchSchema,
  documentUploadQuerySchema,
  idParam,
  isUuid,
  modifiedCountSchema,
  toolDocumentSchema,
} from '../../shared';
import { setNoStore } from '../lib/cache-headers';
import { DomainError } from '../lib/domain-errors';
import { addDocument, deleteDocument, readDocument, renameDocument } from './documents-repository';
import { isPdf } from './pdf-bytes';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/**
 * What a downloaded document may do in a browser that opens it from the store's address: nothing.
 * `sandbox` takes its origin away (no script of a crafted "PDF" could read the store's cookies or
 * pages), and nothing may load or frame it.
 */
const DOCUMENT_CSP = "default-src 'none'; sandbox; frame-ancestors 'none'";

/**
 * A tool's PDF documents (datasheet, manual, safety sheet): admins upload the file itself as the
 * request body (`application/pdf`, at most 10 MB), name, rename and delete them; anyone downloads
 * them. Encapsulated: its body parser and error handler apply to these routes only.
 */
export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The 200 answer is the file, not JSON: the API document describes it from `config.binaryResponse`. */
  const download = async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    const id = request.params.id.toLowerCase();
    if (!isUuid(id)) throw new DomainError('DOCUMENT_NOT_FOUND');
    const document = await readDocument(app.db, id);
    if (!document) throw new DomainError('DOCUMENT_NOT_FOUND');
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', contentDisposition(`${document.name}.pdf`, { type: 'attachment' }))
      .header('content-security-policy', DOCUMENT_CSP)
      .header('x-content-type-options', 'nosniff')
      // Its bytes never change, but its name may: a short while, then ask again.
      .header('cache-control', 'public, max-age=300')
      .send(document.bytes);
  };

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/pdf', { parseAs: 'buffer', bodyLimit: CATALOGUE_LIMITS.documentBytesMax }, (_request, body, done) =>
    done(null, body),
  );
  // PATCH's JSON body (the new name) comes through the usual parser.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));

  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new DomainError('DOCUMENT_TOO_LARGE');
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') throw new DomainError('DOCUMENT_TYPE_UNSUPPORTED');
    throw error;
  });

  app.post(
    '/items/:id/documents',
    {
      // Before the body is read: a stranger's 10 MB is not even parsed.
      onRequest: app.requireAdmin,
      bodyLimit: CATALOGUE_LIMITS.documentBytesMax,
      schema: {
        summary: "Add a PDF document to a tool: admins (the body is the file, application/pdf, at most 10 MB)",
        tags: ['catalogue'],
        params: idParam,
        querystring: documentUploadQuerySchema,
        response: { 201: toolDocumentSchema, ...errors, 413: apiErrorSchema, 415: apiErrorSchema },
      },
    },
    async (request, reply) => {
      setNoStore(reply);
      if (!isUuid(request.params.id)) throw new DomainError('TOOL_NOT_FOUND');
      const file = request.body;
      // Its bytes say whether it is a PDF, not its name or the type the client claimed.
      if (!Buffer.isBuffer(file) || !isPdf(file)) throw new DomainError('DOCUMENT_NOT_A_PDF', {}, { field: 'file' });
      const document = await addDocument(app.db, request.identity!, request.params.id.toLowerCase(), request.query.name, file);
      request.log.info({ documentId: document._id, toolId: request.params.id, by: request.identity!.userId, bytes: file.length }, 'document uploaded');
      return reply.code(201).header('location', document.url).send(document);
    },
  );

  app.patch(
    '/items/:id/documents/:documentId',
    {
      onRequest: app.requireAdmin,
      schema: { summary: 'Rename a document: admins', tags: ['catalogue'], params: documentParams, body: documentPatchSchema, response: { 200: modifiedCountSchema, ...errors } },
    },
    async (request, reply) => {
      setNoStore(reply);
      const { id, documentId } = request.params;
      if (!isUuid(id) || !isUuid(documentId)) throw new DomainError('DOCUMENT_NOT_FOUND');
      return { modifiedCount: await renameDocument(app.db, request.identity!, id.toLowerCase(), documentId.toLowerCase(), request.body.name) };
    },
  );

  app.delete(
    '/items/:id/documents/:documentId',
    {
      onRequest: app.requireAdmin,
      schema: { summary: 'Delete a document: admins', tags: ['catalogue'], params: documentParams, response: { 200: deletedCountSchema, ...errors } },
    },
    async (request, reply) => {
      setNoStore(reply);
      const { id, documentId } = request.params;
      if (!isUuid(id) || !isUuid(documentId)) throw new DomainError('DOCUMENT_NOT_FOUND');
      return { deletedCount: await deleteDocument(app.db, request.identity!, id.toLowerCase(), documentId.toLowerCase()) };
    },
  );

  app.get(
    '/documents/:id',
    {
      schema: { summary: "Download a tool's document (PDF)", tags: ['catalogue'], params: idParam, response: { 404: apiErrorSchema } },
      config: { binaryResponse: { contentType: 'application/pdf', description: 'The document, as an attachment named after it' } },
    },
    download,
  );
};
