import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError } from '../../shared';
import { DomainError, type DomainErrorCode, type DomainErrorKind } from '../lib/domain-errors';
import { TransportError } from '../lib/transport-error';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../lib/database-unavailable';
import { describeTransportError } from './transport-errors';
import { etagOf } from '../lib/etag';
import { ignoreValidators } from '../lib/ignore-validators';

/** Fastify's body-parser refusals, as the store's codes. */
const BODY_PARSER_ERRORS: Record<string, () => TransportError> = {
  FST_ERR_CTP_INVALID_JSON_BODY: () => new TransportError('INVALID_JSON'),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => new TransportError('INVALID_JSON'),
  FST_ERR_CTP_BODY_TOO_LARGE: () => new TransportError('BODY_TOO_LARGE'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => new TransportError('UNSUPPORTED_MEDIA_TYPE'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => new TransportError('INVALID_JSON'),
};

/** The one place where a domain error's kind becomes an HTTP status (transport errors: transport-errors.ts). */
const STATUS_OF: Record<DomainErrorKind, number> = {
  rejected: 400,
  unauthenticated: 401,
  'payment-refused': 402,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-frequent': 429,
  unavailable: 503,
};

/**
 * Rejections for which HTTP has a more exact status than 400: an uploaded file too large (413) or
 * of a type the route does not take (415), and a catalogue CSV refused for its rows (422). The
 * domain only says "rejected"; how HTTP words it is decided here.
 */
const STATUS_OF_CODE: Partial<Record<DomainErrorCode, number>> = {
  IMAGE_TOO_LARGE: 413,
  DOCUMENT_TOO_LARGE: 413,
  IMPORT_TOO_LARGE: 413,
  LEGAL_TEXT_TOO_LONG: 413,
  IMAGE_TYPE_UNSUPPORTED: 415,
  DOCUMENT_TYPE_UNSUPPORTED: 415,
  IMPORT_NOT_CSV: 415,
  IMPORT_REFUSED: 422,
};

/** An error the plugin answers as it is: the store's refusal or the transport's. */
type AnsweredError = DomainError | TransportError;

/** The status and sentence of an error: a domain error's by its kind, a transport error's from its table. */
function describe(error: AnsweredError): { status: number; detail: string } {
  if (error instanceof TransportError) return describeTransportError(error.code, error.data);
  return { status: STATUS_OF_CODE[error.code] ?? STATUS_OF[error.kind], detail: error.detail };
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

/**
 * Every error leaves here, and only here (decisions 033 and 043). Store routes answer RFC 9457
 * problem details: `{ type: 'about:blank', title, status, detail, code, errors?, ...data }`. The identity
 * routes (/api/auth/*) answer better-auth's own `{ code, message }`, which the web app's identity
 * client reads. Validation errors name the field and use the shared schema's message; 5xx errors
 * are logged (SQL text and database codes, never the query's values: see
 * lib/error-log-serializer.ts) but the client sees only a plain sentence.
 */
async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AnsweredError, request, reply) => {
    if (error instanceof DomainError || error instanceof TransportError) return sendError(request, reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'body'),
        // A rule about the whole body (a list too long: PUT /api/tax-rates) keeps its own words; the body's wrong shape is said plainly.
        detail:
          (issue.instancePath === '/' || issue.instancePath === '') && !WHOLE_INPUT_RULES.has(issue.keyword)
            ? wholeInputMessage(error.validationContext)
            : (issue.message ?? 'Invalid value'),
      }));
      return sendError(request, reply, new TransportError('VALIDATION_FAILED', { firstProblem: errors[0]?.detail ?? 'Invalid request' }), errors);
    }
    const bodyParserError = error.code ? BODY_PARSER_ERRORS[error.code] : undefined;
    if (bodyParserError) return sendError(request, reply, bodyParserError());
    if (isDatabaseUnavailable(error)) {
      // Not the request's fault nor a bug: the database is away. Logged without the stack, once a request.
      request.log.warn({ req: request, reason: error.message }, 'request refused: the database is unavailable');
      return sendError(request, reply, new TransportError('DATABASE_UNAVAILABLE', {}, { retryAfterSeconds: RETRY_AFTER_SECONDS }));
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) {
      // The request itself (method and path, masked by the app's serializer): routes logged at warn
      // write no 'incoming request' line that an id could lead back to.
      request.log.error({ err: error, req: request }, 'request failed');
      return sendError(request, reply, new TransportError('INTERNAL_ERROR'), undefined, status);
    }
    if (status === 429) return sendError(request, reply, new TransportError('TOO_MANY_REQUESTS'));
    if (status === 404) return sendError(request, reply, new TransportError('NOT_FOUND'));
    return sendError(request, reply, new TransportError('REQUEST_REFUSED', { reason: error.message }), undefined, status);
  });
}

/** The one NOT_FOUND sendNotFound answers with: it carries nothing of any request. */
const NOT_FOUND = new TransportError('NOT_FOUND');
/** Its problem as sent on a store route, serialised and tagged once: the same bytes every time. */
const NOT_FOUND_BODY = JSON.stringify(problemBody(NOT_FOUND, describe(NOT_FOUND)));
const NOT_FOUND_ETAG = etagOf(NOT_FOUND_BODY);

/**
 * Answers 404 NOT_FOUND, as a thrown TransportError('NOT_FOUND') would be answered, without an
 * error made and thrown per request, nor its body serialised and hashed for its ETag again: for
 * the API's catch-all route, which answers every address no route takes (making the error, with
 * its stack, was a tenth of such a 404's time and hashing its body a twentieth).
 */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply): void {
  if (isIdentityRoute(request)) {
    sendError(request, reply, NOT_FOUND);
    return;
  }
  ignoreValidators(request);
  reply.code(404).type(PROBLEM_CONTENT_TYPE).header('etag', NOT_FOUND_ETAG).send(NOT_FOUND_BODY);
}

/** better-auth's routes (identity/auth.ts basePath), forwarded by accounts/auth-routes.ts. */
const isIdentityRoute = (request: FastifyRequest) => request.url.startsWith('/api/auth/');

function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  error: AnsweredError,
  fieldErrors?: { field: string; detail: string }[],
  statusOverride?: number,
) {
  const described = describe(error);
  const { detail } = described;
  const status = statusOverride ?? described.status;
  ignoreValidators(request);
  reply.code(status);
  if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
  if (error instanceof TransportError && error.is('METHOD_NOT_ALLOWED')) reply.header('allow', (error.data.allow as string[]).join(', '));
  const errors = fieldErrors ?? (error.field ? [{ field: error.field, detail }] : undefined);
  if (isIdentityRoute(request)) {
    // better-auth's shape, which its client in the web app reads: `code` and `message` (and, for
    // our own checks of a field, which one, in the same words).
    const fields = errors?.map(({ field, detail }) => ({ field, message: detail }));
    return reply.type('application/json; charset=utf-8').send({ code: error.code, message: detail, ...(fields && { errors: fields }) });
  }
  return reply.type(PROBLEM_CONTENT_TYPE).send(problemBody(error, { status, detail }, errors));
}

/** An error's RFC 9457 problem, as store routes answer it. */
function problemBody(error: AnsweredError, { status, detail }: { status: number; detail: string }, errors?: { field: string; detail: string }[]): ApiError {
  return {
    // Data first: the problem's own members win over a data member of the same name. A validation
    // failure's data is only its first problem, already the detail (and in `errors`).
    ...(error.code === 'VALIDATION_FAILED' ? {} : error.data),
    // No page per code to point to: `code` names the problem, and `title` is then the status's phrase (RFC 9457 4.2.1).
    type: 'about:blank',
    title: STATUS_CODES[status] ?? 'Error',
    status,
    detail,
    code: error.code,
    ...(errors && { errors }),
  };
}

/** Zod issue codes about a whole body that is of the right type: its size, or a rule of the route's own. */
const WHOLE_INPUT_RULES = new Set(['too_big', 'too_small', 'custom']);

function wholeInputMessage(context: string | undefined): string {
  return context === 'body' || context === undefined ? 'The request body must be a JSON object' : `Invalid ${context}`;
}

export default fp(errorsPlugin, { name: 'errors' });
