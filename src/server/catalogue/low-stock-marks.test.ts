import { describe, expect, it } from 'vitest';
import { bearer, type TestUser } from '../../../tests/support/accounts';
import { appWithCastForFile } from '../../../tests/support/app-with-cast';
import { createTools } from '../../../tests/support/factories';
import type { TestApp } from '../../../tests/support/test-app';
import type { LowStockMarks } from '../../shared';
import { readSettings } from '../settings/settings-repository';

/** Issue 28: Manage Tools marks the tools at or below their low-stock mark, so it asks for the marks of a page's tools. */
let t: TestApp;
let customer: TestUser;
let admin: TestUser;
appWithCastForFile((cast) => ({ t, A: customer, admin } = cast));

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const marks = (ids: string, user: TestUser | null = admin) =>
  t.app.inject({ method: 'GET', url: `/api/items/low-stock-marks?ids=${ids}`, headers: user ? bearer(user) : {} });

describe('GET /api/items/low-stock-marks', () => {
  it("answers each tool's mark in force: its own, else the store's, and leaves unknown tools out", async () => {
    const [own] = await createTools(t.database.db, 1, { lowStockThreshold: 3 });
    const [plain] = await createTools(t.database.db, 1, { lowStockThreshold: null });
    const { lowStockThreshold: storeThreshold } = await readSettings(t.database.db);
    const res = await marks([own!.id, plain!.id, UNKNOWN_ID].join(','));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<LowStockMarks>();
    expect(body).toHaveLength(2);
    expect(body).toEqual(expect.arrayContaining([{ _id: own!.id, threshold: 3 }, { _id: plain!.id, threshold: storeThreshold }]));
  });

  it('is for admins only', async () => {
    const [tool] = await createTools(t.database.db, 1);
    expect((await marks(tool!.id, null)).statusCode).toBe(401);
    expect((await marks(tool!.id, customer)).statusCode).toBe(403);
  });

  it('refuses ids that are not tool ids, none, or too many at once', async () => {
    expect((await marks('not-a-uuid')).statusCode).toBe(400);
    expect((await marks('')).statusCode).toBe(400);
    expect((await marks(Array.from({ length: 101 }, () => UNKNOWN_ID).join(','))).statusCode).toBe(400);
  });
});
