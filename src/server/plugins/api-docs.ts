import { STATUS_CODES } from 'node:http';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER } from '../../shared';
// Bundled into the build by esbuild and read by tsx in development: no path is resolved at run time.
import packageJson from '../../../package.json' with { type: 'json' };

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';
const API_TITLE = 'ToolHouse store API';

/**
 * swagger-ui's page has no viewport meta tag (@fastify/swagger-ui 6 offers no option for one), so a
 * phone would lay it out 980 px wide and shrink it to an unreadable size. The tag is added to the
 * page as it is sent; api-docs.test.ts fails if an upgrade's page no longer takes it. (The ETag,
 * computed earlier from the plugin's page, still names this page exactly: the addition never varies.)
 */
const VIEWPORT = '<meta name="viewport" content="width=device-width, initial-scale=1">';
const withViewport = (page: string) => (page.includes('name="viewport"') ? page : page.replace('<head>', `<head>\n${VIEWPORT}`));

/** On a 390 px phone: no sideways scrolling, long paths wrap, tables scroll inside themselves. */
const PHONE_CSS = `@media (max-width: 640px) {
  .swagger-ui .wrapper { padding: 0 8px; }
  .swagger-ui .info { margin: 16px 0; }
  .swagger-ui .info .title { font-size: 24px; }
  .swagger-ui .scheme-container { padding: 12px 0; }
  .swagger-ui .opblock .opblock-summary { flex-wrap: wrap; }
  .swagger-ui .opblock .opblock-summary-path,
  .swagger-ui .opblock .opblock-summary-path__deprecated { max-width: 100%; word-break: break-all; }
  .swagger-ui .opblock .opblock-summary-description { flex-basis: 100%; padding-left: 4px; }
  .swagger-ui .opblock-tag { padding: 8px 4px; font-size: 18px; }
  .swagger-ui table { display: block; overflow-x: auto; }
  .swagger-ui .model-box, .swagger-ui .highlight-code, .swagger-ui pre { max-width: 100%; overflow-x: auto; }
  .swagger-ui .parameters-col_description { width: auto; }
}
`;

export const SECURITY_SCHEMES = {
  bearerToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'The access token answered by POST /api/login, sent as `Authorization: Bearer <token>`.',
  },
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'better-auth.session_token',
    description:
      'The session cookie set by signing in through /api/auth (named __Secure-better-auth.session_token over https). Accepted only where listed.',
  },
} as const;

type SecurityRequirement = Partial<Record<keyof typeof SECURITY_SCHEMES, string[]>>;

/** The features the operations are grouped by; every route names one or more in `schema.tags`. */
export const TAGS = [
  { name: 'catalogue', description: 'Tools, their search and paging, and their photos' },
  { name: 'cart', description: "A signed-in customer's cart, kept on the server across devices" },
  { name: 'orders', description: 'Placing orders, listing them, and their documents (invoice, packing slip)' },
  { name: 'payments', description: 'Paying for orders (Stripe or the test processor) and refunds' },
  { name: 'accounts', description: 'Sign-in with a bearer token, profiles, sessions' },
  { name: 'reviews', description: 'Product reviews: reading, writing, moderation' },
  { name: 'contact', description: 'Messages to the store and their handling' },
  { name: 'admin', description: "The owner's dashboard: statistics, audit log, settings, exports" },
  { name: 'identity', description: 'The identity service (better-auth): sign-up, sign-in, sign-out, email verification, password reset' },
  { name: 'operations', description: 'Probes for load balancers and orchestrators' },
] as const;

export type Tag = (typeof TAGS)[number]['name'];

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
const DOCUMENTED_PATHS: Record<string, { path: string; param: string; as: string; holds: string }> = {
  '/api/order/:email': { path: '/api/order/:emailOrId', param: 'email', as: 'emailOrId', holds: "The buyer's email address (one's own)" },
  '/api/order/:id': { path: '/api/order/:emailOrId', param: 'id', as: 'emailOrId', holds: "The order's id" },
};

/** Where the document lists a route: its URL in OpenAPI's template syntax. */
export function documentedPath(url: string): string {
  if (url === IDENTITY_SERVICE_ROUTE) return '/api/auth/{path}';
  return (DOCUMENTED_PATHS[url]?.path ?? url).replace(/:(\w+)/g, '{$1}');
}

/**
 * The better-auth catch-all has no schema of its own (the identity service validates its own
 * input), so it would appear as an undocumented `{*}`. It is documented briefly, as one path
 * parameter, with a pointer to better-auth's reference, rather than hidden: clients must know
 * sign-up, sign-in and sign-out live there. Re-describing better-auth's dozens of endpoints here
 * would drift from the pinned version.
 */
const IDENTITY_SERVICE_ROUTE = '/api/auth/*';
const identityServiceSchema = {
  summary: 'Identity service (better-auth): sign-up, sign-in, session, sign-out, Google sign-in, email verification, password reset',
  description:
    'Forwarded to better-auth; see https://www.better-auth.com/docs/concepts/api for each endpoint ' +
    '(e.g. POST sign-up/email, POST sign-in/email, GET get-session, POST sign-out, GET verify-email, ' +
    'POST send-verification-email, POST request-password-reset, POST reset-password). POSTs need an Origin header. ' +
    'Sign-up does not sign in and answers a registered address as a new one. ' +
    'Writes are limited per client address; failed password sign-ins are throttled per account; ' +
    'one address may be mailed 4 times per 15 minutes.',
  tags: ['identity'],
  params: z.object({ path: z.string().describe('The better-auth endpoint, e.g. sign-in/email') }),
  response: {
    default: z.unknown().describe('As better-auth answers: JSON, and cookies on sign-in'),
    '4XX': z.unknown().describe("Refused: as better-auth answers, or by the store's limits on sign-ups, mail and sign-in attempts (429)"),
  },
};

/**
 * OpenAPI 3 document at /api/openapi.json built from the routes' own zod schemas, and a
 * swagger-ui reference at /api/docs. Must be registered before the routes: it collects them as
 * they are added.
 */
async function apiDocsPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: API_TITLE,
        version: packageJson.version,
        description: 'The JSON API behind the store. Errors answer `{ statusCode, message, errors? }`.',
      },
      // Relative: the document is right wherever the store is served (behind a proxy too).
      servers: [{ url: '/' }],
      components: { securitySchemes: SECURITY_SCHEMES },
      tags: TAGS.map((tag) => ({ ...tag })),
    },
    transform: (document) => {
      const { schema, url, route } = document;
      // The document describes the API; the web app's pages and files are not part of it.
      if (!url.startsWith('/api/')) return { schema: { ...schema, hide: true }, url };
      if (url === IDENTITY_SERVICE_ROUTE) {
        const transformed = jsonSchemaTransform({ ...document, schema: identityServiceSchema, url: '/api/auth/:path' });
        return { ...transformed, schema: { ...conventions(app, route, url), ...transformed.schema } };
      }
      const transformed = jsonSchemaTransform(document);
      const binary = route.config?.binaryResponse;
      const responses = {
        ...(transformed.schema.response as Record<string, object> | undefined),
        ...(binary ? { 200: binaryResponseSchema(binary) } : {}),
      };
      const { responseHeaders, ...own } = transformed.schema as typeof transformed.schema & Pick<FastifySchema, 'responseHeaders'>;
      const renamed = DOCUMENTED_PATHS[url];
      return {
        url: renamed?.path ?? url,
        schema: {
          // The route's own values win over the derived ones.
          ...conventions(app, route, url),
          ...own,
          ...(renamed ? { params: renameProperty(own.params, renamed) } : {}),
          response: withHeaders(responses, responseHeaders),
        },
      };
    },
  });

  // In a context of its own: the page's hook touches the reference's answers only.
  await app.register(async (docs) => {
    docs.addHook('onSend', async (_request, reply, payload) =>
      typeof payload === 'string' && String(reply.getHeader('content-type')).startsWith('text/html') ? withViewport(payload) : payload,
    );
    await docs.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      // No call to validator.swagger.io: the page talks to this store only.
      validatorUrl: false,
      uiConfig: { deepLinking: true },
      // A stylesheet file, not inline style: the page keeps the store's CSP.
      theme: { title: API_TITLE, css: [{ filename: 'phone.css', content: PHONE_CSS }] },
    });
  });

  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return app.swagger();
  });
}

/** A route that answers bytes (a photo) says so in `config.binaryResponse`; the serializer never sees it. */
export interface BinaryResponse {
  contentType: string;
  description: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    binaryResponse?: BinaryResponse;
  }
}

const binaryResponseSchema = ({ contentType, description }: BinaryResponse) => ({
  description,
  content: { [contentType]: { schema: { type: 'string', format: 'binary' } } },
});

/** What the route's auth hook accepts, read from the hook itself so the document cannot disagree. */
function securityOf(app: FastifyInstance, route: RouteOptions): SecurityRequirement[] {
  const hooks = [route.onRequest, route.preHandler].flat().filter(Boolean);
  if (hooks.includes(app.requireUserOrSession)) return [{ bearerToken: [] }, { sessionCookie: [] }];
  if (hooks.includes(app.requireUser) || hooks.includes(app.requireAdmin)) return [{ bearerToken: [] }];
  // Public: said explicitly, so no reader wonders whether it was forgotten.
  return [];
}

/** What every operation has unless its route says otherwise: an operationId and its security. */
function conventions(app: FastifyInstance, route: RouteOptions, url: string) {
  const method = [route.method].flat()[0]!;
  return { operationId: operationIdOf(method, url), security: securityOf(app, route) };
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
function withHeaders(responses: Record<string, object>, declared: Record<number, DocumentedHeaders> | undefined) {
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
function renameProperty(schema: unknown, { param, as, holds }: { param: string; as: string; holds: string }) {
  const object = schema as { properties: Record<string, object>; required?: string[] };
  const { [param]: property, ...others } = object.properties;
  return {
    ...object,
    properties: { ...others, [as]: { ...property, description: holds } },
    required: object.required?.map((name) => (name === param ? as : name)),
  };
}

export default fp(apiDocsPlugin, { name: 'api-docs' });
