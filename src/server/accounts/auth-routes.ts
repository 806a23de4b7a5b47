import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { API_ERRORS, VALIDATION } from '../../shared';
import { InvalidInputError } from '../lib/domain-errors';
import { findJsonProblem } from '../lib/json-shape';
import type { SignInThrottle } from './sign-in-throttle';

interface AuthRoutesOptions {
  publicUrl: string;
  throttle: SignInThrottle;
  rateLimitPerMinute: number;
  /** Reads (the session check every page load makes) are limited separately and far more loosely. */
  readRateLimitPerMinute: number;
}

const SIGN_IN_PATH = '/api/auth/sign-in/email';

/**
 * Mounts the identity service (better-auth) at /api/auth, following its documented Fastify
 * integration, with two guards in front: a per-address request limit, and a throttle on failed
 * password sign-ins per account and per address. The strict limit is for writes (sign-up, sign-in,
 * sign-out, ...); reads such as the session check that every page load makes get their own, much
 * larger allowance, so browsing never uses up the sign-in budget or looks like being signed out.
 */
export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (app, opts) => {
  app.route({
    method: 'GET',
    url: '/auth/*',
    config: { rateLimit: { max: opts.readRateLimitPerMinute, timeWindow: '1 minute' } },
    handler: forwardToIdentityService,
  });
  app.route({
    method: 'POST',
    url: '/auth/*',
    config: { rateLimit: { max: opts.rateLimitPerMinute, timeWindow: '1 minute' } },
    handler: forwardToIdentityService,
  });

  async function forwardToIdentityService(request: FastifyRequest, reply: FastifyReply) {
    // The identity service would pass a NUL byte on to the database and answer 500.
    const problem = findJsonProblem(request.body, true);
    if (problem?.kind === 'control-characters') {
      throw new InvalidInputError(VALIDATION.controlCharacters, { field: problem.field });
    }
    const url = new URL(request.url, opts.publicUrl);
    const signInEmail =
      request.method === 'POST' && url.pathname === SIGN_IN_PATH ? emailOf(request.body) : null;
    const attempt = signInEmail ? await opts.throttle.begin(signInEmail, request.ip) : null;
    if (attempt && !attempt.allowed) {
      return reply.code(429).send({ statusCode: 429, code: 'TOO_MANY_ATTEMPTS', message: API_ERRORS.tooManySignIns });
    }

    const response = await app.auth.handler(
      new Request(url, {
        method: request.method,
        headers: fromNodeHeaders(request.headers),
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
      }),
    );

    if (attempt) {
      await attempt.settle(response.ok);
      if (Math.random() < 0.02) await opts.throttle.prune();
    }

    reply.code(response.status);
    response.headers.forEach((value, key) => {
      if (key !== 'set-cookie') reply.header(key, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    return reply.send(response.body ? await response.text() : null);
  }
};

function emailOf(body: unknown): string | null {
  const email = (body as { email?: unknown } | null)?.email;
  return typeof email === 'string' && email.length > 0 ? email.slice(0, 320) : null;
}
