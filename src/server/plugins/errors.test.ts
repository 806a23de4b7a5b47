import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_ERROR_CODES, API_ERRORS, apiErrorSchema, DOMAIN_ERRORS, TRANSPORT_ERROR_CODES } from '../../shared';
import { DomainError } from '../lib/domain-errors';
import { TransportError } from '../lib/transport-error';
import { RETRY_AFTER_SECONDS } from '../lib/database-unavailable';
import { etagOf } from '../lib/etag';
import { expectProblem } from '../../../tests/support/problem';
import errorsPlugin, { sendNotFound } from './errors';

/**
 * The errors plugin alone, on a bare Fastify with the app's zod compilers: each way an error can
 * arise, and the one shape it leaves in (decision 033). The routes' own errors are tested with them.
 */
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify({ logger: false, bodyLimit: 100 });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorsPlugin);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get('/api/stock', { schema: { response: { 409: apiErrorSchema } } }, async () => {
    throw new DomainError('NOT_ENOUGH_STOCK', { toolId: 't-1', available: 3 }, { field: 'quantity' });
  });
  typed.post('/api/orders', { schema: { body: z.object({ quantity: z.number({ error: 'quantity must be a number' }) }) } }, async () => ({ ok: true }));
  app.get('/api/busy', async () => {
    throw new DomainError('CATALOGUE_BUSY', {}, { retryAfterSeconds: 7 });
  });
  app.get('/api/too-many', async () => {
    throw new TransportError('TOO_MANY_REQUESTS', {}, { retryAfterSeconds: 30 });
  });
  app.get('/api/database-away', async () => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  });
  app.get('/api/bug', async () => {
    throw new Error('a bug, with secrets in its message');
  });
  app.get('/api/moved', async () => {
    throw new TransportError('METHOD_NOT_ALLOWED', { allow: ['GET', 'HEAD'] });
  });
  app.get('/api/gone-thrown', async () => {
    throw new TransportError('NOT_FOUND');
  });
  app.get('/api/gone-sent', (request, reply) => sendNotFound(request, reply));
  app.post('/api/auth/sign-up/email', async () => {
    throw new DomainError('TOO_MANY_SIGN_UPS');
  });
  app.post('/api/auth/sign-in/email', async () => {
    throw new DomainError('CONTROL_CHARACTERS', {}, { field: 'email' });
  });
  await app.ready();
});
afterAll(() => app.close());

const PROBLEM = /^application\/problem\+json/;

describe('store routes answer RFC 9457 problem details', () => {
  it('a domain error: its code, the sentence as detail, its data as members, the field it is about', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/stock' });
    // Through a route's response schema: the serializer keeps the code's data (`available`, `toolId`).
    const detail = API_ERRORS.notEnoughStock(3);
    expectProblem(res, { status: 409, code: 'NOT_ENOUGH_STOCK', detail, toolId: 't-1', available: 3, errors: [{ field: 'quantity', detail }] });
  });

  it('a validation failure: VALIDATION_FAILED naming the field, in the schema’s words', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/orders', payload: { quantity: 'many' } });
    const detail = 'quantity must be a number';
    expectProblem(res, { status: 400, code: 'VALIDATION_FAILED', detail, errors: [{ field: 'quantity', detail }] });
  });

  it.each([
    ['not JSON', '{"quantity": ', 'application/json', 400, 'INVALID_JSON', API_ERRORS.invalidJson],
    ['too large', JSON.stringify({ quantity: 1, pad: 'x'.repeat(200) }), 'application/json', 413, 'BODY_TOO_LARGE', API_ERRORS.bodyTooLarge],
    ['not JSON at all', 'quantity=1', 'text/csv', 415, 'UNSUPPORTED_MEDIA_TYPE', API_ERRORS.unsupportedMediaType],
  ])('a body %s: %i %s', async (_case, payload, contentType, status, code, detail) => {
    const res = await app.inject({ method: 'POST', url: '/api/orders', payload, headers: { 'content-type': contentType } });
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(PROBLEM);
    expect(res.json()).toMatchObject({ type: 'about:blank', status, code, detail });
  });

  it('a method the address does not take: 405 with Allow', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/moved' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect(res.json()).toMatchObject({ status: 405, code: 'METHOD_NOT_ALLOWED', detail: API_ERRORS.methodNotAllowed, allow: ['GET', 'HEAD'] });
  });

  it('an address no route takes: sendNotFound answers as a thrown NOT_FOUND does', async () => {
    const thrown = await app.inject({ method: 'GET', url: '/api/gone-thrown' });
    const sent = await app.inject({ method: 'GET', url: '/api/gone-sent' });
    expectProblem(sent, { status: 404, code: 'NOT_FOUND', detail: API_ERRORS.notFound });
    expect(sent.body).toBe(thrown.body);
    // With the ETag the app's etag plugin would give the thrown one's body (this app has no such plugin).
    const { date: _sentDate, etag, ...sentHeaders } = sent.headers;
    const { date: _thrownDate, ...thrownHeaders } = thrown.headers;
    expect(sentHeaders).toEqual(thrownHeaders);
    expect(etag).toBe(etagOf(thrown.body));
  });

  it('too many requests: 429 with Retry-After', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/too-many' });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('30');
    expect(res.headers['content-type']).toMatch(PROBLEM);
    expect(res.json()).toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS', detail: API_ERRORS.tooManyRequests });
  });

  it('a busy catalogue and an unreachable database: 503 with Retry-After', async () => {
    const busy = await app.inject({ method: 'GET', url: '/api/busy' });
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('7');
    expect(busy.json()).toMatchObject({ status: 503, code: 'CATALOGUE_BUSY', detail: API_ERRORS.catalogueBusy });
    const away = await app.inject({ method: 'GET', url: '/api/database-away' });
    expect(away.statusCode).toBe(503);
    expect(away.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
    expect(away.headers['content-type']).toMatch(PROBLEM);
    expect(away.json()).toMatchObject({ status: 503, code: 'DATABASE_UNAVAILABLE', detail: API_ERRORS.databaseUnavailable });
  });

  it('a bug: 500 INTERNAL_ERROR, saying nothing of it', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/bug' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ type: 'about:blank', title: 'Internal Server Error', status: 500, code: 'INTERNAL_ERROR', detail: API_ERRORS.internal });
  });
});

describe("the identity routes (/api/auth/*) keep better-auth's { code, message }", () => {
  it('a pre-check of ours', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: {} });
    expect(res.statusCode).toBe(429);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ code: 'TOO_MANY_SIGN_UPS', message: API_ERRORS.tooManySignUps });
  });

  it('a field of ours, named in the same words', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'CONTROL_CHARACTERS', errors: [{ field: 'email' }] });
    expect(res.json()).not.toHaveProperty('status');
  });
});

describe('the catalogue of codes', () => {
  it('is SCREAMING_SNAKE, and no data member hides a problem member', () => {
    for (const code of API_ERROR_CODES) expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
    const error = new DomainError('ORDER_NOT_PAYABLE', { state: 'expired' });
    expect(error).toMatchObject({ code: 'ORDER_NOT_PAYABLE', kind: 'conflict', detail: API_ERRORS.orderExpired, data: { state: 'expired' } });
  });

  it('keeps transport codes apart from the domain catalogue, and lists each code once', () => {
    for (const code of TRANSPORT_ERROR_CODES) expect(Object.keys(DOMAIN_ERRORS)).not.toContain(code);
    expect(new Set(API_ERROR_CODES).size).toBe(API_ERROR_CODES.length);
    // @ts-expect-error a transport error is not a domain error: only the HTTP edge raises it
    expect(() => new DomainError('TOO_MANY_REQUESTS')).toThrow(TypeError);
  });

  it("requires a code's data, typed (checked by tsc, which type-checks the tests)", () => {
    // @ts-expect-error NOT_ENOUGH_STOCK cannot be worded without how many are left
    expect(() => new DomainError('NOT_ENOUGH_STOCK')).toThrow(TypeError);
    // @ts-expect-error an order's state is one of OrderState
    expect(new DomainError('ORDER_NOT_PAYABLE', { state: 'lost' }).detail).toBe(API_ERRORS.orderNotPayable);
    // @ts-expect-error a code without data takes none
    expect(new DomainError('ORDER_NOT_FOUND', { orderId: 'x' }).detail).toBe(API_ERRORS.orderNotFound);
  });
});
