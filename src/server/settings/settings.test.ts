import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin, createCustomer, type TestUser } from '../../../tests/support/accounts';
import { auditEntriesFor } from '../../../tests/support/audit';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { API_ERRORS, VALIDATION } from '../../shared';

/** Issue 18: the owner's settings (the seller on invoices, where notices go, the low-stock mark). */
let t: TestApp;
let admin: TestUser;
let customer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  [admin, customer] = await Promise.all([createAdmin(t.app, t.database.db), createCustomer(t.app)]);
});
afterAll(() => t.close());

const VALID = { companyName: 'Acme Tools Ltd', companyAddress: '1 Anvil Way, Springfield', taxId: 'US-12-3456789', notifyEmail: 'Owner@Acme.Example', lowStockThreshold: 7 };
const put = (payload: unknown, user: TestUser | null = admin) =>
  t.app.inject({ method: 'PUT', url: '/api/settings', headers: user ? bearer(user) : {}, payload: payload as Record<string, unknown> });
const get = (user: TestUser | null = admin) => t.app.inject({ method: 'GET', url: '/api/settings', headers: user ? bearer(user) : {} });

describe('the store settings', () => {
  it('start as the store was built, and an admin changes them: saved, answered, audited with before and after', async () => {
    expect((await get()).json()).toEqual({
      companyName: 'ToolHouse Manufacturing',
      companyAddress: '1450 Foundry Road, Dayton, OH 45402, USA',
      taxId: null,
      notifyEmail: null,
      lowStockThreshold: 10,
      country: 'US',
      pricesIncludeTax: false,
      reviewReverseCharge: false,
    });
    const res = await put(VALID);
    expect(res.statusCode).toBe(200);
    // Without country, pricesIncludeTax and reviewReverseCharge (a client from before tax) they stay as they were.
    const saved = { ...VALID, notifyEmail: 'owner@acme.example', country: 'US', pricesIncludeTax: false, reviewReverseCharge: false };
    expect(res.json()).toEqual(saved);
    expect((await get()).json()).toEqual(saved);
    expect((await get()).headers['cache-control']).toBe('no-store');
    const [entry] = await auditEntriesFor(t.database.db, 'settings', 'settings.updated');
    expect(entry).toMatchObject({ actorEmail: admin.email, before: { companyName: 'ToolHouse Manufacturing' }, after: saved });
    // Saving the same again changes nothing and audits nothing.
    await put(VALID);
    expect(await auditEntriesFor(t.database.db, 'settings', 'settings.updated')).toHaveLength(1);
    // Empty tax id and notice address mean none.
    expect((await put({ ...VALID, taxId: '', notifyEmail: '' })).json()).toMatchObject({ taxId: null, notifyEmail: null });
  });

  it.each([
    ['no company name', { companyName: '' }, 'companyName', VALIDATION.companyNameRequired],
    ['a company name with a line break', { companyName: 'Acme\u0000Ltd' }, 'companyName', VALIDATION.controlCharacters],
    ['a short address', { companyAddress: 'x' }, 'companyAddress', VALIDATION.companyAddressRequired],
    ['a tax id of 41 characters', { taxId: 't'.repeat(41) }, 'taxId', VALIDATION.taxIdTooLong],
    ['a notice address that is not one', { notifyEmail: 'owner' }, 'notifyEmail', VALIDATION.emailInvalid],
    ['a negative low-stock mark', { lowStockThreshold: -1 }, 'lowStockThreshold', VALIDATION.lowStockThresholdWhole],
    ['a fractional low-stock mark', { lowStockThreshold: 2.5 }, 'lowStockThreshold', VALIDATION.lowStockThresholdWhole],
  ])('refuses %s with 400 naming the field, and changes nothing', async (_case, change, field, message) => {
    const before = (await get()).json();
    const res = await put({ ...VALID, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, errors: [{ field, detail: message }] });
    expect((await get()).json()).toEqual(before);
  });

  it('are for admins only', async () => {
    expect((await get(null)).statusCode).toBe(401);
    expect((await get(customer)).json()).toMatchObject({ status: 403, detail: API_ERRORS.forbidden });
    expect((await put(VALID, customer)).statusCode).toBe(403);
  });
});
