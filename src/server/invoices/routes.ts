import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, idParam } from '../../shared';
import { setNoStore } from '../lib/cache-headers';
import { TransportError } from '../lib/transport-error';
import { creditNotePdfOf, eInvoiceOf, invoicePdfOf, packingSlipPdfOf, type PdfFile, type XmlFile } from './order-documents';

/**
 * A download, not a page: saved under its own name. The names are made of numbers and letters
 * only (INV-000123.pdf, CN-000001.pdf, TH-100042-packing-slip.pdf), so they need no escaping. No cache may keep
 * a customer's invoice.
 */
function sendPdf(reply: FastifyReply, file: PdfFile) {
  setNoStore(reply);
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('x-content-type-options', 'nosniff')
    .send(file.bytes);
}

/** The e-invoice (EN 16931 UBL), saved under its own name (INV-000123.xml, CN-000001.xml). */
function sendXml(reply: FastifyReply, file: XmlFile) {
  setNoStore(reply);
  return reply
    .header('content-type', 'application/xml; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('x-content-type-options', 'nosniff')
    .send(file.text);
}

/** Documents one signed-in person may have drawn a minute, whichever orders they are of. */
export const DOCUMENTS_PER_MINUTE = 60;

/**
 * Drawing a PDF, with its e-invoice inside, holds the process for some 50–80 ms of CPU (an XML
 * e-invoice some 3 ms, decision 049), so one account fetching in a loop could
 * slow everyone's pages. Counted per person (after the auth check has named them), not per address.
 */
const documentRateLimit = {
  max: DOCUMENTS_PER_MINUTE,
  timeWindow: '1 minute',
  hook: 'preHandler' as const,
  keyGenerator: (request: FastifyRequest) => `pdf:${request.identity?.userId ?? request.ip}`,
  errorResponseBuilder: () => new TransportError('TOO_MANY_REQUESTS'),
};

/**
 * The documents of an order, drawn on request from what the database holds (the invoice row keeps
 * the seller and buyer as they were at payment, so a redraw says what the first one said):
 * - the invoice, for its buyer (a link in My Orders, the order page and the receipt mail, so the
 *   session cookie is accepted as well as the bearer token) and for admins;
 * - the credit note of a refunded order (decision 049), for the same people (the order page and the refund mail);
 * - each of those two as an EN 16931 e-invoice (UBL 2.1 XML), for the same people (decision 049);
 * - the packing slip, for admins.
 */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  /** What the buyer's documents share: the buyer or an admin, the same answers and the same rate limit. */
  const buyerDocument = (summary: string, contentType: string, description: string) => ({
    preHandler: app.requireUserOrSession,
    schema: {
      summary,
      tags: ['orders'],
      params: idParam,
      response: { 401: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema },
    },
    config: { rateLimit: documentRateLimit, binaryResponse: { contentType, description } },
  });

  app.get(
    '/orders/:id/invoice.pdf',
    buyerDocument("An order's invoice (PDF): its buyer or an admin; 409 while the order is unpaid", 'application/pdf', 'The invoice, a PDF to save as INV-000123.pdf'),
    async (request, reply) => sendPdf(reply, await invoicePdfOf(app.db, request.params.id, request.identity!)),
  );

  app.get(
    '/orders/:id/credit-note.pdf',
    buyerDocument(
      "A refunded order's credit note (PDF): its buyer or an admin; 409 unless the order was refunded",
      'application/pdf',
      'The credit note, a PDF to save as CN-000001.pdf',
    ),
    async (request, reply) => sendPdf(reply, await creditNotePdfOf(app.db, request.params.id, request.identity!)),
  );

  for (const kind of ['invoice', 'credit-note'] as const) {
    app.get(
      `/orders/:id/${kind}.xml`,
      buyerDocument(
        kind === 'invoice'
          ? "An order's invoice as an EN 16931 e-invoice (UBL 2.1 XML): its buyer or an admin; 409 while the order is unpaid"
          : "A refunded order's credit note as an EN 16931 e-invoice (UBL 2.1 XML): its buyer or an admin; 409 unless the order was refunded",
        'application/xml',
        kind === 'invoice' ? 'The e-invoice, to save as INV-000123.xml' : 'The credit note as an e-invoice, to save as CN-000001.xml',
      ),
      async (request, reply) => sendXml(reply, await eInvoiceOf(app.db, request.params.id, request.identity!, kind)),
    );
  }

  app.get(
    '/orders/:id/packing-slip.pdf',
    {
      preHandler: app.requireAdmin,
      schema: {
        summary: "An order's packing slip (PDF): admins; 409 while the order is unpaid",
        tags: ['orders'],
        params: idParam,
        response: { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema },
      },
      config: {
        rateLimit: documentRateLimit,
        binaryResponse: { contentType: 'application/pdf', description: 'The packing slip, a PDF to save as TH-100042-packing-slip.pdf' },
      },
    },
    async (request, reply) => sendPdf(reply, await packingSlipPdfOf(app.db, request.params.id)),
  );
};
