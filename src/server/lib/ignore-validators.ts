import type { FastifyRequest } from 'fastify';

/**
 * An error is never "not modified": @fastify/etag answers 304 to an If-None-Match equal to the
 * answer's ETag whatever its status, and a client holding an earlier 404's tag would get an empty
 * 304 instead of the problem (RFC 9110 15.4.5: 304 stands for a 200). The validator is dropped
 * before the answer leaves, on error paths only, so successful answers pay nothing for it.
 */
export function ignoreValidators(request: FastifyRequest): void {
  if (request.headers['if-none-match'] !== undefined) delete request.headers['if-none-match'];
}
