import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { API_ERRORS, type ApiError } from '../../shared';
import { DomainError, type DomainErrorKind } from '../lib/domain-errors';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../lib/database-unavailable';

const BODY_PARSER_ERRORS: Record<string, { statusCode: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { statusCode: 400, message: API_ERRORS.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { statusCode: 400, message: API_ERRORS.invalidJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { statusCode: 413, message: API_ERRORS.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { statusCode: 415, message: API_ERRORS.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { statusCode: 400, message: API_ERRORS.invalidJson },
};

/** The one place where a domain error becomes an HTTP status. */
const STATUS_OF: Record<DomainErrorKind, number> = {
  'invalid-input': 400,
  'not-signed-in': 401,
  'payment-incomplete': 402,
  'not-allowed': 403,
  'not-found': 404,
  conflict: 409,
  unprocessable: 422,
  'too-frequent': 429,
};

/**
 * Every error leaves as `{ statusCode, message }`. Validation errors name the field and use the
 * shared schema's message; 5xx errors are logged (SQL text and database codes, never the query's
 * values: see lib/error-log-serializer.ts) but the client sees only a plain sentence.
 */
async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'body'),
        message: issue.instancePath === '/' || issue.instancePath === '' ? wholeInputMessage(error.validationContext) : (issue.message ?? 'Invalid value'),
      }));
      return reply.code(400).send({ statusCode: 400, message: errors[0]?.message ?? 'Invalid request', errors } satisfies ApiError);
    }
    if (error instanceof DomainError) {
      const statusCode = STATUS_OF[error.kind];
      const errors = error.field ? [{ field: error.field, message: error.message }] : undefined;
      return reply.code(statusCode).send({ statusCode, message: error.message, ...(errors && { errors }) } satisfies ApiError);
    }
    if (error.code && BODY_PARSER_ERRORS[error.code]) {
      const { statusCode, message } = BODY_PARSER_ERRORS[error.code]!;
      return reply.code(statusCode).send({ statusCode, message } satisfies ApiError);
    }
    if (isDatabaseUnavailable(error)) {
      // Not the request's fault nor a bug: the database is away. Logged without the stack, once a request.
      request.log.warn({ req: request, reason: error.message }, 'request refused: the database is unavailable');
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ statusCode: 503, message: API_ERRORS.databaseUnavailable } satisfies ApiError);
    }
    const statusCode = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (statusCode >= 500) {
      // The request itself (method and path, masked by the app's serializer): routes logged at warn
      // write no 'incoming request' line that an id could lead back to.
      request.log.error({ err: error, req: request }, 'request failed');
      return reply.code(statusCode).send({ statusCode, message: API_ERRORS.internal } satisfies ApiError);
    }
    if (statusCode === 429) {
      return reply.code(429).send({ statusCode, message: API_ERRORS.tooManyRequests } satisfies ApiError);
    }
    return reply.code(statusCode).send({ statusCode, message: error.message } satisfies ApiError);
  });
}

function wholeInputMessage(context: string | undefined): string {
  return context === 'body' || context === undefined ? 'The request body must be a JSON object' : `Invalid ${context}`;
}

export default fp(errorsPlugin, { name: 'errors' });
