import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { API_ERRORS, VALIDATION } from '../../shared';
import { CLIENT_ADDRESS_HEADER } from '../identity/auth';
import { InvalidInputError } from '../lib/domain-errors';
import { findJsonProblem } from '../lib/json-shape';
import { createKnownDevices } from './known-device';
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
 * Endpoints that make the store send an email to the address in their body: sign-up (a
 * verification link, or a notice to the owner of a taken address), 'Forgot Password?' and 'Send
 * the link again'. Together they may mail one address MAILS_PER_ADDRESS times per window, counted
 * by the address as typed whether or not it has an account (so the limit tells nothing about
 * accounts), and shared by all processes when Redis is configured. The per-client limit on
 * /api/auth still applies on top.
 */
const MAIL_SENDING_PATHS = new Set(['/api/auth/sign-up/email', '/api/auth/request-password-reset', '/api/auth/send-verification-email']);
const MAILS_PER_ADDRESS = 4;
const MAIL_WINDOW = '15 minutes';

/**
 * Headers through which a client could claim an address. The identity service must see only the
 * address Fastify resolved under TRUST_PROXY (request.ip), which we pass in CLIENT_ADDRESS_HEADER.
 */
const CLIENT_CLAIMED_ADDRESS_HEADERS = [
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
  'forwarded',
  'cf-connecting-ip',
  'true-client-ip',
  'x-client-ip',
  CLIENT_ADDRESS_HEADER,
];

/**
 * Mounts the identity service (better-auth) at /api/auth, following its documented Fastify
 * integration, with three guards in front: a per-address request limit, a limit on the emails one
 * address can be sent (MAIL_SENDING_PATHS), and a throttle on failed
 * password sign-ins (sign-in-throttle.ts) that lets a browser which signed in to the account before
 * (known-device.ts) through when strangers have used up the account's allowance. The identity
 * service sees the client address Fastify resolved, never one the client claims in a header.
 * The strict limit is for writes (sign-up, sign-in,
 * sign-out, ...); reads such as the session check that every page load makes get their own, much
 * larger allowance, so browsing never uses up the sign-in budget or looks like being signed out.
 */
export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (app, opts) => {
  const knownDevices = createKnownDevices((await app.auth.$context).secret, {
    secure: opts.publicUrl.startsWith('https:'),
  });
  const mailsToAddress = app.createRateLimit({
    max: MAILS_PER_ADDRESS,
    timeWindow: MAIL_WINDOW,
    keyGenerator: (request) => `mail-to:${emailOf(request.body) ?? ''}`,
  });

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
    const isPost = request.method === 'POST';
    if (isPost && MAIL_SENDING_PATHS.has(url.pathname) && emailOf(request.body)) {
      const limit = await mailsToAddress(request);
      if (!limit.isAllowed && limit.isExceeded) {
        return reply.code(429).send({ statusCode: 429, code: 'TOO_MANY_MAILS', message: API_ERRORS.tooManyMailsToAddress });
      }
    }
    const signInEmail = isPost && url.pathname === SIGN_IN_PATH ? emailOf(request.body) : null;
    const attempt = signInEmail
      ? await opts.throttle.begin(signInEmail, {
          ip: request.ip,
          knownDeviceId: knownDevices.recognise(request.headers.cookie, signInEmail),
        })
      : null;
    if (attempt && !attempt.allowed) {
      const message = attempt.reason === 'account' ? API_ERRORS.accountSignInsPaused : API_ERRORS.tooManySignIns;
      return reply.code(429).send({ statusCode: 429, code: 'TOO_MANY_ATTEMPTS', message });
    }

    const response = await app.auth.handler(
      new Request(url, {
        method: request.method,
        headers: identityServiceHeaders(request),
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
    // Only a password sign-in makes a browser known to an account: sign-up no longer signs in,
    // and a sign-up with someone else's address must not make the caller's browser "known" to it.
    if (signInEmail && response.ok) cookies.push(knownDevices.remember(request.headers.cookie, signInEmail));
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    return reply.send(response.body ? await response.text() : null);
  }
};

/** The request's headers, with the client address as Fastify resolved it and no client's claim. */
function identityServiceHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  for (const name of CLIENT_CLAIMED_ADDRESS_HEADERS) headers.delete(name);
  headers.set(CLIENT_ADDRESS_HEADER, request.ip);
  return headers;
}

/** The email as the identity service stores it (trimmed, lower case), so every spelling counts as one. */
function emailOf(body: unknown): string | null {
  const email = (body as { email?: unknown } | null)?.email;
  return typeof email === 'string' && email.trim().length > 0 ? email.trim().toLowerCase().slice(0, 320) : null;
}
