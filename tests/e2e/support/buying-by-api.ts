import { expect, type APIRequestContext } from '@playwright/test';
import type { Tool } from '../../../src/shared';

const origin = () => new URL(process.env.E2E_BASE_URL as string).origin;

/** The bearer token of whoever the request context is signed in as (POST /api/login with the session cookie). */
export async function accessToken(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/api/login', { headers: { origin: origin() }, data: { email } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/**
 * The signed-in customer of `request` buys the minimum of a tool with stock to spare through the
 * API (order, payment intent, the test processor's confirm): reviews come from buyers, and a spec
 * about reviews need not walk through the checkout. It buys from the end of the first page, which
 * the specs that count stock leave alone.
 */
export async function becomeBuyer(request: APIRequestContext, email: string): Promise<void> {
  const authorization = `Bearer ${await accessToken(request, email)}`;
  const tools = (await (await request.get('/api/items?limit=100')).json()) as Tool[];
  const tool = tools.filter((t) => t.availableQty >= t.minQty * 20).at(-1);
  if (!tool) throw new Error('no seeded tool with stock to spare');
  const placed = await request.post('/api/order', {
    headers: { authorization },
    data: { toolId: tool._id, quantity: tool.minQty, address: '9 Reviewer Road, Dayton, OH', phone: '+1 555 0199' },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { insertedId } = (await placed.json()) as { insertedId: string };
  const intent = await request.post('/api/create-payment-intent', { headers: { authorization }, data: { orderId: insertedId } });
  expect(intent.status(), await intent.text()).toBe(200);
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const card = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
  const confirmed = await request.post('/api/test-payments/confirm', { headers: { origin: origin() }, data: { clientSecret, card } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}
