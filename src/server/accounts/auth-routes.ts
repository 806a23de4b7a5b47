import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import  {} from '../../shared';
import { CLIENT_ADDRESS_HEADER } from '../identity/auth';
import { RETRY_AFTER_SECONDS } from '../lib/database-unavailable';
import { DomainError } from '../lib/domain-errors';
import { TransportError } from '../lib/transport-error';
import { findJsonProblem } from '../lib/json-shape';
import { createKnownDevices } from './known-device';
import { mailboxKey } from './mailbox';
import type { SignInThrottle } from './sign-in-throttle';

interface AuthRoutesOptions {
  publicUrl: string;
  throttle: SignInThrottle;
  rateLimitPerMinute: number;
  /** Reads (the session check every page load makes) are limited separately and far more loosely. */
  readRateLimitPerMinute: number;
  /** Sign-ups one client address may make an hour (SIGN_UP_RATE_LIMIT). */
  signUpsPerHour: number;
}

const SIGN_IN_PATH = '/api/auth/sign-in/email';
const SIGN_UP_PATH = '/api/auth/sign-up/email';

/**
 * Endpoints that check the signed-in person's password or a code from their authenticator app.
 * With a session each would otherwise take unlimited guesses (issue 19: verify-password did), so
 * they count against the sign-in throttle of the session's account, as failed sign-ins do. (The
 * code asked for during a sign-in, without a session yet, is limited by the two-factor plugin
 * itself: five tries per sign-in and ten in a row per account.)
 */
const SECRET_CHECKING_PATHS = new Set([
  '/api/auth/verify-password',
  '/api/auth/change-password',
  '/api/auth/two-factor/enable',
  '/api/auth/two-factor/disable',
  '/api/auth/two-factor/get-totp-uri',
  '/api/auth/two-factor/generate-backup-codes',
  '/api/auth/two-factor/verify-totp',
  '/api/auth/two-factor/verify-backup-code',
]);
/** better-auth's codes for a wrong password or code: only these count as a failed guess. */
const WRONG_SECRET_CODES = new Set(['INVALID_PASSWORD', 'INVALID_CODE', 'INVALID_BACKUP_CODE']);

/**
 * Endpoints that make the store send an email to the address in their body: sign-up (a
 * verification link, or a notice to the owner of a taken address), 'Forgot Password?' and 'Send
 * the link again'. Together they may mail one mailbox MAILS_PER_ADDRESS times per window, counted
 * by mailbox (mailbox.ts: `a+x@d` and `A+y@D` are one) whether or not it has an account (so the
 * limit tells nothing about accounts), under a hashed key (Redis never holds the address), and
 * shared by all processes when Redis is configured. The per-client limit on /api/auth still
 * applies on top, and sign-ups have a per-client hourly limit of their own.
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
  const { secret } = await app.auth.$context;
  const knownDevices = createKnownDevices(secret, {
    secure: opts.publicUrl.startsWith('https:'),
  });
  const mailsToAddress = app.createRateLimit({
    max: MAILS_PER_ADDRESS,
    timeWindow: MAIL_WINDOW,
    keyGenerator: (request) => `mail-to:${mailboxKey(emailOf(request.body) ?? '', secret)}`,
  });
  // Accounts cost nothing but a sign-up: one client address gets a few an hour (a family or an
  // office behind one address still fits), so a script cannot make them by the hundred.
  const signUpsFromClient = app.createRateLimit({
    max: opts.signUpsPerHour,
    timeWindow: '1 hour',
    keyGenerator: (request) => `sign-ups:${request.ip}`,
  });

  // Identity answers carry sessions, tokens and personal data: never kept by a browser or proxy cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
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
      throw new DomainError('CONTROL_CHARACTERS', {}, { field: problem.field });
    }
    const url = new URL(request.url, opts.publicUrl);
    const isPost = request.method === 'POST';
    if (isPost && url.pathname === SIGN_UP_PATH) {
      const limit = await signUpsFromClient(request);
      if (!limit.isAllowed && limit.isExceeded) {
        throw new DomainError('TOO_MANY_SIGN_UPS');
      }
    }
    if (isPost && MAIL_SENDING_PATHS.has(url.pathname) && emailOf(request.body)) {
      const limit = await mailsToAddress(request);
      if (!limit.isAllowed && limit.isExceeded) {
        throw new DomainError('TOO_MANY_MAILS');
      }
    }
    const signInEmail = isPost && url.pathname === SIGN_IN_PATH ? emailOf(request.body) : null;
    const checksSecret = isPost && SECRET_CHECKING_PATHS.has(url.pathname);
    const guessedEmail = signInEmail ?? (checksSecret ? await sessionEmailOf(request) : null);
    const attempt = guessedEmail
      ? await opts.throttle.begin(guessedEmail, {
          ip: request.ip,
          knownDeviceId: knownDevices.recognise(request.headers.cookie, guessedEmail),
        })
      : null;
    if (attempt && !attempt.allowed) {
      throw new DomainError('TOO_MANY_ATTEMPTS', { pausedFor: attempt.reason });
    }

    const response = await app.auth.handler(
      new Request(url, {
        method: request.method,
        headers: identityServiceHeaders(request),
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
      }),
    );

    // The identity service answers its own 500 when the database fails it: when the database is
    // indeed away, say so as the rest of the API does (503, try again shortly).
    if (response.status >= 500 && !(await databaseAnswers(app.db))) {
      throw new TransportError('DATABASE_UNAVAILABLE', {}, { retryAfterSeconds: RETRY_AFTER_SECONDS });
    }

    if (attempt) {
      await attempt.settle(signInEmail ? response.ok : await secretOutcome(response));
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

  /** The email of the session the request's cookie names, if any (a throttled check counts against its account). */
  async function sessionEmailOf(request: FastifyRequest): Promise<string | null> {
    if (!request.headers.cookie) return null;
    const found = await app.auth.api.getSession({ headers: fromNodeHeaders(request.headers), query: { disableRefresh: true } }).catch(() => null);
    return found ? found.user.email.toLowerCase() : null;
  }
};

/** How a password or code check went: right, wrong, or refused before the secret was looked at. */
async function secretOutcome(response: Response): Promise<boolean | 'unchecked'> {
  if (response.ok) return true;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: unknown } | null;
  return typeof body?.code === 'string' && WRONG_SECRET_CODES.has(body.code) ? false : 'unchecked';
}

/** Whether the database answers a trivial query within two seconds. */
async function databaseAnswers(db: FastifyInstance['db']): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), 2000)));
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => true, () => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

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
