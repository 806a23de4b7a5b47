import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for api.stripe.com that speaks enough of the PaymentIntents API for the
 * official SDK (`new Stripe(key, { host: '127.0.0.1', port, protocol: 'http' })`):
 *
 * - `POST /v1/payment_intents` (form-encoded, `metadata[orderId]`); the same `Idempotency-Key`
 *   gives the same intent, and a different body under a used key gives Stripe's idempotency error
 * - `GET /v1/payment_intents/:id`; an unknown id is 404 `resource_missing`
 * - `POST /v1/payment_intents/:id/confirm` with `payment_method=pm_card_visa` → succeeded,
 *   `pm_card_chargeDeclined` → 402 `card_error` / `card_declined`
 * - `POST /v1/payment_intents/:id/cancel`
 * - `POST /v1/refunds` with `payment_intent` (the whole amount; `reason`, `metadata[...]`): only a
 *   succeeded intent, once (`charge_already_refunded` after that), the same key replays the refund
 *
 * Every request must carry `Authorization: Bearer <secretKey>`. Errors use Stripe's shape
 * `{ error: { type, code, message } }`. Tests drive outcomes with `succeed(id)` or a confirm.
 */
export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'requires_capture' | 'canceled' | 'succeeded';
  client_secret: string;
  metadata: Record<string, string>;
  automatic_payment_methods: { enabled: boolean } | null;
  payment_method: string | null;
  last_payment_error: { type: string; code: string; message: string } | null;
  created: number;
  livemode: false;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

export interface FakeStripe {
  /** Base URL for `STRIPE_API_URL` / the provider's `apiUrl`. */
  url: string;
  secretKey: string;
  intents: Map<string, FakeIntent>;
  /** Refunds made, by id. */
  refunds: Map<string, FakeRefund>;
  /** While true, `POST /v1/refunds` answers 503 as an outage would. */
  refundsDown: boolean;
  /** Every request received, in order (method and path without the query). */
  requests: { method: string; path: string; idempotencyKey: string | null }[];
  /** Marks an intent succeeded, as a confirmed card payment would. */
  succeed(id: string): FakeIntent;
  /** The intent a client secret belongs to. */
  intentOfClientSecret(clientSecret: string): FakeIntent | undefined;
  close(): Promise<void>;
}

const alnum = (length: number) =>
  randomBytes(length * 2)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, length);

class StripeApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly type: string,
    readonly code: string | undefined,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** `metadata[key]=value` fields of a form body. */
function metadataOf(form: URLSearchParams): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of form) {
    const match = /^metadata\[(.+)\]$/.exec(key);
    if (match) metadata[match[1]!] = value;
  }
  return metadata;
}

const missing = (id: string) =>
  new StripeApiError(404, 'invalid_request_error', 'resource_missing', `No such payment_intent: '${id}'`, { param: 'intent' });

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeStripe(secretKey = `sk_test_fake_${alnum(16)}`): Promise<FakeStripe> {
  const intents = new Map<string, FakeIntent>();
  const byIdempotencyKey = new Map<string, { body: string; intentId: string }>();
  const refunds = new Map<string, FakeRefund>();
  const refundByIdempotencyKey = new Map<string, { body: string; refundId: string }>();
  const requests: FakeStripe['requests'] = [];
  const state = { refundsDown: false };

  function intentOrThrow(id: string): FakeIntent {
    const intent = intents.get(id);
    if (!intent) throw missing(id);
    return intent;
  }

  function create(form: URLSearchParams): FakeIntent {
    const amount = Number(form.get('amount'));
    if (!Number.isInteger(amount) || amount < 1) {
      throw new StripeApiError(400, 'invalid_request_error', 'parameter_invalid_integer', 'Invalid integer: amount', { param: 'amount' });
    }
    const currency = form.get('currency');
    if (!currency) throw new StripeApiError(400, 'invalid_request_error', 'parameter_missing', 'Missing required param: currency.');
    const metadata = metadataOf(form);
    const id = `pi_${alnum(24)}`;
    const intent: FakeIntent = {
      id,
      object: 'payment_intent',
      amount,
      currency: currency.toLowerCase(),
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${alnum(24)}`,
      metadata,
      automatic_payment_methods: form.get('automatic_payment_methods[enabled]') === 'true' ? { enabled: true } : null,
      payment_method: null,
      last_payment_error: null,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    intents.set(id, intent);
    return intent;
  }

  function confirm(intent: FakeIntent, form: URLSearchParams): FakeIntent {
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'payment_intent_unexpected_state',
        `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
      );
    }
    const paymentMethod = form.get('payment_method');
    if (paymentMethod === 'pm_card_visa') {
      Object.assign(intent, { status: 'succeeded', payment_method: 'pm_fake_visa', last_payment_error: null });
      return intent;
    }
    if (paymentMethod === 'pm_card_chargeDeclined') {
      const error = { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' };
      Object.assign(intent, { status: 'requires_payment_method', payment_method: null, last_payment_error: error });
      throw new StripeApiError(402, 'card_error', 'card_declined', error.message, { decline_code: 'generic_decline', payment_intent: intent });
    }
    throw new StripeApiError(400, 'invalid_request_error', 'resource_missing', `No such PaymentMethod: '${paymentMethod ?? ''}'`, {
      param: 'payment_method',
    });
  }

  function refund(form: URLSearchParams): FakeRefund {
    const intentId = form.get('payment_intent');
    if (!intentId) throw new StripeApiError(400, 'invalid_request_error', 'parameter_missing', 'Missing required param: payment_intent.');
    const intent = intentOrThrow(intentId);
    if (intent.status !== 'succeeded') {
      throw new StripeApiError(400, 'invalid_request_error', 'charge_not_refundable', `PaymentIntent ${intent.id} has no successful charge to refund.`);
    }
    if ([...refunds.values()].some((r) => r.payment_intent === intent.id)) {
      throw new StripeApiError(400, 'invalid_request_error', 'charge_already_refunded', `Charge for ${intent.id} has already been refunded.`);
    }
    const created: FakeRefund = {
      id: `re_${alnum(24)}`,
      object: 'refund',
      amount: intent.amount,
      currency: intent.currency,
      payment_intent: intent.id,
      status: 'succeeded',
      reason: form.get('reason'),
      metadata: metadataOf(form),
      created: Math.floor(Date.now() / 1000),
    };
    refunds.set(created.id, created);
    return created;
  }

  async function route(request: IncomingMessage, response: ServerResponse): Promise<{ status: number; body: unknown }> {
    const method = request.method ?? 'GET';
    const path = (request.url ?? '/').split('?')[0]!;
    const idempotencyKey = (request.headers['idempotency-key'] as string | undefined) ?? null;
    requests.push({ method, path, idempotencyKey });
    const raw = await readBody(request);

    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      throw new StripeApiError(401, 'invalid_request_error', undefined, 'Invalid API Key provided');
    }
    const form = new URLSearchParams(raw);

    if (method === 'POST' && path === '/v1/payment_intents') {
      if (idempotencyKey) {
        const previous = byIdempotencyKey.get(idempotencyKey);
        if (previous) {
          if (previous.body !== raw) {
            throw new StripeApiError(
              400,
              'idempotency_error',
              undefined,
              'Keys for idempotent requests can only be used with the same parameters they were first used with.',
            );
          }
          response.setHeader('idempotent-replayed', 'true');
          return { status: 200, body: intentOrThrow(previous.intentId) };
        }
      }
      const intent = create(form);
      if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, { body: raw, intentId: intent.id });
      return { status: 200, body: intent };
    }

    if (method === 'POST' && path === '/v1/refunds') {
      if (state.refundsDown) throw new StripeApiError(503, 'api_error', undefined, 'Stripe is unavailable (fake outage).');
      const previous = idempotencyKey ? refundByIdempotencyKey.get(idempotencyKey) : undefined;
      if (previous && previous.body === raw) {
        response.setHeader('idempotent-replayed', 'true');
        return { status: 200, body: refunds.get(previous.refundId) };
      }
      if (previous) {
        throw new StripeApiError(400, 'idempotency_error', undefined, 'Keys for idempotent requests can only be used with the same parameters they were first used with.');
      }
      const made = refund(form);
      if (idempotencyKey) refundByIdempotencyKey.set(idempotencyKey, { body: raw, refundId: made.id });
      return { status: 200, body: made };
    }

    const match = /^\/v1\/payment_intents\/([^/]+)(?:\/(confirm|cancel))?$/.exec(path);
    if (match) {
      const id = decodeURIComponent(match[1]!);
      const action = match[2];
      if (method === 'GET' && !action) return { status: 200, body: intentOrThrow(id) };
      if (method === 'POST' && action === 'confirm') return { status: 200, body: confirm(intentOrThrow(id), form) };
      if (method === 'POST' && action === 'cancel') {
        const intent = intentOrThrow(id);
        if (intent.status === 'succeeded') {
          throw new StripeApiError(
            400,
            'invalid_request_error',
            'payment_intent_unexpected_state',
            'You cannot cancel this PaymentIntent because it has a status of succeeded.',
          );
        }
        intent.status = 'canceled';
        return { status: 200, body: intent };
      }
    }
    throw new StripeApiError(404, 'invalid_request_error', undefined, `Unrecognized request URL (${method}: ${path}).`);
  }

  const server = createServer((request, response) => {
    route(request, response)
      .catch((error: unknown) => {
        if (error instanceof StripeApiError) {
          const body = { error: { type: error.type, ...(error.code ? { code: error.code } : {}), message: error.message, ...error.extra } };
          return { status: error.statusCode, body };
        }
        return { status: 500, body: { error: { type: 'api_error', message: String(error) } } };
      })
      .then(({ status, body }) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${alnum(14)}` });
        response.end(JSON.stringify(body));
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    intents,
    refunds,
    get refundsDown() {
      return state.refundsDown;
    },
    set refundsDown(down: boolean) {
      state.refundsDown = down;
    },
    requests,
    succeed(id) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`fake Stripe has no payment intent ${id}`);
      Object.assign(intent, { status: 'succeeded', payment_method: 'pm_fake_visa', last_payment_error: null });
      return intent;
    },
    intentOfClientSecret(clientSecret) {
      return [...intents.values()].find((intent) => intent.client_secret === clientSecret);
    },
    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // The SDK keeps connections alive; close them so the server stops at once.
        server.closeAllConnections();
      });
    },
  };
}
