import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { bearer, type TestUser } from './accounts';

/**
 * The Settings form's payload: the settings as read, with `changes` over them, and the optional
 * texts the API answers as null sent as the form sends them, empty.
 */
export const settingsPayload = (current: Record<string, unknown>, changes: object) => ({
  ...current,
  taxId: current.taxId ?? '',
  notifyEmail: current.notifyEmail ?? '',
  ...changes,
});

/** The store's settings, as an admin reads them (GET /api/settings). */
export const readStoreSettings = async (app: FastifyInstance, admin: TestUser): Promise<Record<string, unknown>> =>
  (await app.inject({ method: 'GET', url: '/api/settings', headers: bearer(admin) })).json();

/** Changes some settings as an admin does in Settings (the whole form, with `changes`): expects 200 and answers what was saved. */
export async function changeStoreSettings(app: FastifyInstance, admin: TestUser, changes: object) {
  const res = await app.inject({ method: 'PUT', url: '/api/settings', headers: bearer(admin), payload: settingsPayload(await readStoreSettings(app, admin), changes) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
