import { STATUS_CODES } from 'node:http';
import { NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER } from '../../shared';

/*
 * How the OpenAPI document names, groups and describes operations (decision 035): the tags, the
 * response headers a route may declare, the operationIds, and the one URL documented under another
 * parameter name. plugins/api-docs.ts applies them.
 */

/** The features the operations are grouped by; every route names one or more in `schema.tags`. */
export const TAGS = [
  { name: 'catalogue', description: 'Tools, their search and paging, and their photos' },
  { name: 'cart', description: "A signed-in customer's cart, kept on the server across devices" },
  { name: 'orders', description: 'Placing orders, listing them, and their documents (invoice, packing slip)' },
  { name: 'payments', description: 'Paying for orders (Stripe or the test processor) and refunds' },
  { name: 'accounts', description: 'Sign-in with a bearer token, profiles, sessions' },
  { name: 'reviews', description: 'Reviews of the store: reading, writing, moderation' },
  { name: 'contact', description: 'Messages to the store and their handling' },
  { name: 'legal', description: "The store's legal pages: terms and conditions, privacy, returns, legal notice" },
  { name: 'admin', description: "The owner's dashboard: statistics, audit log, settings, exports" },
  { name: 'identity', description: 'The identity service (better-auth): sign-up, sign-in, sign-out, email verification, password reset' },
  { name: 'operations', description: 'Probes for load balancers and orchestrators' },
] as const;

/** A response header as @fastify/swagger reads it: its JSON schema, with a description. */
export interface DocumentedHeader {
  description: string;
  type: 'string' | 'integer';
  format?: string;
  minimum?: number;
}
type DocumentedHeaders = Record<string, DocumentedHeader>;

declare module 'fastify' {
  interface FastifySchema {
    /**
     * Response headers for the document, by status code (the serializer never sees them). For a
     * status listed here they replace the defaults: Location on a 201, Retry-After on a 429 or 503.
     */
    responseHeaders?: Record<number, DocumentedHeaders>;
  }
}

const LOCATION: DocumentedHeaders = {
  Location: { description: 'The URL of what was created', type: 'string', format: 'uri-reference' },
};
const RETRY_AFTER: DocumentedHeaders = {
  'Retry-After': { description: 'Seconds to wait before trying again', type: 'integer', minimum: 0 },
};
const DEFAULT_RESPONSE_HEADERS: Record<number, DocumentedHeaders> = { 201: LOCATION, 429: RETRY_AFTER, 503: RETRY_AFTER };

/** `x-total-count` as documents write it: `X-Total-Count`. */
const titleCase = (header: string) => header.replace(/(^|-)[a-z]/g, (start) => start.toUpperCase());

const TOTAL_COUNT: DocumentedHeaders = {
  [titleCase(TOTAL_COUNT_HEADER)]: { description: 'How many rows the whole list has, across all pages', type: 'integer', minimum: 0 },
};

/** `schema.responseHeaders` of a paged list: its 200 carries X-Total-Count. */
export const PAGED_LIST_HEADERS: Record<number, DocumentedHeaders> = { 200: TOTAL_COUNT };

/** `schema.responseHeaders` of the catalogue: X-Total-Count, and X-Next-Cursor until the last page. */
export const CURSOR_PAGED_LIST_HEADERS: Record<number, DocumentedHeaders> = {
  200: {
    ...TOTAL_COUNT,
    [titleCase(NEXT_CURSOR_HEADER)]: {
      description: 'Where the next page starts (send it back as `after`); absent on the last page. Opaque.',
      type: 'string',
    },
  },
};

/**
 * Two routes share a URL whose one segment means different things by method: the spec's
 * GET /api/order/:email (a buyer's orders) and PATCH, DELETE /api/order/:id (one order). A client
 * sees one URL template, so the document names the segment once, and each operation's parameter
 * says what it holds. The server's own parameter names stay as the handlers read them.
 */
export const DOCUMENTED_PATHS: Record<string, { path: string; param: string; as: string; holds: string }> = {
  '/api/order/:email': { path: '/api/order/:emailOrId', param: 'email', as: 'emailOrId', holds: "The buyer's email address (one's own)" },
  '/api/order/:id': { path: '/api/order/:emailOrId', param: 'id', as: 'emailOrId', holds: "The order's id" },
};

/** Where the document lists a route: its URL in OpenAPI's template syntax. */
export function documentedPath(url: string): string {
  // The identity service's catch-all is documented as one parameter named `path` (api-docs.ts).
  return (DOCUMENTED_PATHS[url]?.path ?? url).replace(/:(\w+)/g, '{$1}').replace(/\/\*$/, '/{path}');
}

/**
 * `GET /api/orders/:id/invoice.pdf` → `getOrdersByIdInvoicePdf`: method and the Fastify path, so
 * an id changes only when the URL does. Taken from the server's path, not the documented one, so
 * the two operations at /api/order/{emailOrId} keep names that say what they take.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .flatMap((segment) => (segment.startsWith(':') ? ['by', segment.slice(1)] : segment === '*' ? ['by', 'path'] : [segment]))
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return method.toLowerCase() + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
}

/** The route's response schemas with their headers, as @fastify/swagger reads them (`headers` beside the schema). */
export function withHeaders(responses: Record<string, object>, declared: Record<number, DocumentedHeaders> | undefined) {
  const answers: Record<string, object> = {};
  for (const [status, response] of Object.entries(responses)) {
    const headers = declared?.[Number(status)] ?? DEFAULT_RESPONSE_HEADERS[Number(status)];
    // Without one, @fastify/swagger describes every answer as "Default Response"; its
    // `x-response-description` describes the answer without touching the body's schema.
    const described =
      'description' in response || !STATUS_CODES[status] ? response : { ...response, 'x-response-description': STATUS_CODES[status] };
    answers[status] = headers && Object.keys(headers).length > 0 ? { ...described, headers } : described;
  }
  return answers;
}

/** A JSON schema of path parameters with one parameter under its documented name, saying what it holds. */
export function renameProperty(schema: unknown, { param, as, holds }: { param: string; as: string; holds: string }) {
  const object = schema as { properties: Record<string, object>; required?: string[] };
  const { [param]: property, ...others } = object.properties;
  return {
    ...object,
    properties: { ...others, [as]: { ...property, description: holds } },
    required: object.required?.map((name) => (name === param ? as : name)),
  };
}
