import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
// Bundled into the build by esbuild and read by tsx in development: no path is resolved at run time.
import packageJson from '../../../package.json' with { type: 'json' };
import { DOCUMENTED_PATHS, operationIdOf, renameProperty, TAGS, withHeaders } from './api-docs-operations';
import { referencePage } from './api-docs-page';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';
const API_TITLE = 'ToolHouse store API';

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
        description: 'The JSON API behind the store. Errors answer `application/problem+json` (RFC 9457): `{ type, title, status, detail, code, errors?, ...data }`; `code` is stable (one of `ApiErrorCode`; src/shared/errors lists them), `detail` is for people. /api/auth/* keeps the identity service shape `{ code, message }`.',
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
    // Error answers are problem details (plugins/errors.ts), except the identity service's own.
    transformObject: (document) => problemDetailsMediaType(('openapiObject' in document ? document.openapiObject : document.swaggerObject) as OpenApiDocument),
  });

  await app.register(referencePage, { routePrefix: DOCS_PREFIX, title: API_TITLE });

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

export default fp(apiDocsPlugin, { name: 'api-docs' });

type JsonSchema = { properties?: Record<string, JsonSchema>; enum?: unknown[]; $ref?: string };
type OpenApiDocument = {
  paths?: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }> }>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

/** The error codes, as one component that every problem's `code` refers to (the list would otherwise be repeated in each answer). */
const ERROR_CODE_COMPONENT = 'ApiErrorCode';

/**
 * Documents the store's 4xx and 5xx answers under `application/problem+json`, the type they are
 * sent with, their `code` as a reference to the one list of codes.
 */
function problemDetailsMediaType<Document extends OpenApiDocument>(document: Document): Document {
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    if (path.startsWith('/api/auth/')) continue;
    for (const operation of Object.values(operations)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const json = response.content?.['application/json'];
        if (!/^[45]/.test(status) || !json) continue;
        const code = json.schema?.properties?.code;
        if (code?.enum) {
          document.components = { ...document.components, schemas: { ...document.components?.schemas, [ERROR_CODE_COMPONENT]: code } };
          json.schema!.properties!.code = { $ref: `#/components/schemas/${ERROR_CODE_COMPONENT}` };
        }
        response.content = { 'application/problem+json': json };
      }
    }
  }
  return document;
}
