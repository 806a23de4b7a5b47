import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, type TestUser } from '../../../tests/support/accounts';
import { countAuditEntries } from '../../../tests/support/audit';
import { buildProductInput, createTools } from '../../../tests/support/factories';
import { placeOrderByApi } from '../../../tests/support/orders';
import { expectProblem } from '../../../tests/support/problem';
import { appWithCastForFile } from '../../../tests/support/app-with-cast';
import type { TestApp } from '../../../tests/support/test-app';
import { CATALOGUE_LIMITS, CATALOGUE_TEXTS, VALIDATION, type Tool, type ToolDetail } from '../../shared';

/**
 * Issue 24 §5 and §9: every tool has a unique part number (`sku`, whatever the case), numbered by
 * the store when the admin gives none, found first by a search for it exactly; and an ordered
 * specifications table, refused with a 400 naming the field when it is too long.
 */
let t: TestApp;
let admin: TestUser;
let customer: TestUser;
appWithCastForFile((cast) => ({ t, admin, A: customer } = cast));

const create = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/items', headers: bearer(admin), payload: { ...buildProductInput(), ...payload } });
const patch = (id: string, payload: Record<string, unknown>) => t.app.inject({ method: 'PATCH', url: `/api/items/${id}`, headers: bearer(admin), payload });
const detail = async (id: string): Promise<ToolDetail> => (await t.app.inject({ method: 'GET', url: `/api/items/${id}` })).json();
async function newTool(payload: Record<string, unknown> = {}): Promise<ToolDetail> {
  const res = await create(payload);
  expect(res.statusCode, res.body).toBe(201);
  return detail(res.json().insertedId);
}
async function search(q: string, extra = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/items?q=${encodeURIComponent(q)}${extra}` });
  expect(res.statusCode, res.body).toBe(200);
  return { tools: res.json() as Tool[], total: Number(res.headers['x-total-count']) };
}
const toolCount = async () => Number((await t.app.inject({ method: 'GET', url: '/api/items?limit=1' })).headers['x-total-count']);

/** Sends a refused request and checks nothing changed: the tools and the audit log. */
async function expectRefused(send: () => Promise<Awaited<ReturnType<typeof create>>>, status: number, field: string, detail: string, members: Record<string, unknown> = {}) {
  const [countBefore, auditBefore] = [await toolCount(), await countAuditEntries(t.database.db)];
  const res = await send();
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ detail, ...members });
  expect(res.json().errors).toContainEqual({ field, detail });
  expect(await toolCount()).toBe(countBefore);
  expect(await countAuditEntries(t.database.db)).toBe(auditBefore);
}

describe('SKUs', () => {
  it('are numbered by the store when the admin gives none: TH-01001, TH-01002 …, skipping one an admin typed', async () => {
    const first = await newTool();
    expect(first.sku).toMatch(/^TH-\d{5}$/);
    const n = Number(first.sku.slice(3));
    // An admin typed the next number by hand (in lower case): the store does not hand it out again.
    const typed = await newTool({ sku: `th-${String(n + 1).padStart(5, '0')}` });
    expect(typed.sku).toBe(`th-${String(n + 1).padStart(5, '0')}`);
    const next = await newTool();
    expect(next.sku).toBe(`TH-${String(n + 2).padStart(5, '0')}`);
    const [bulk] = await createTools(t.database.db, 1);
    expect(bulk!.sku).toBe(`TH-${String(n + 3).padStart(5, '0')}`);
  });

  it('chosen by the admin are kept as typed (trimmed), on create and on PATCH, and a search finds the new one', async () => {
    const tool = await newTool({ sku: '  HX-200/B.1  ' });
    expect(tool.sku).toBe('HX-200/B.1');
    expect((await patch(tool._id, { sku: 'HX-300_B' })).json()).toEqual({ modifiedCount: 1 });
    expect((await detail(tool._id)).sku).toBe('HX-300_B');
    expect((await search('hx-300_b')).tools[0]!._id).toBe(tool._id);
    expect((await patch(tool._id, { sku: 'HX-300_B' })).json()).toEqual({ modifiedCount: 0 });
  });

  it('clash whatever their case: 409 SKU_TAKEN naming sku, on create and on PATCH, and nothing changes', async () => {
    const holder = await newTool({ sku: 'ab-1' });
    const other = await newTool();
    for (const sku of ['AB-1', 'ab-1', 'Ab-1']) {
      const detailText = CATALOGUE_TEXTS.skuTaken(sku);
      await expectRefused(() => create({ sku }), 409, 'sku', detailText, { code: 'SKU_TAKEN', sku });
      await expectRefused(() => patch(other._id, { sku, name: 'Renamed with a taken SKU' }), 409, 'sku', detailText, { code: 'SKU_TAKEN', sku });
    }
    expect(await detail(other._id)).toEqual(other);
    expect((await detail(holder._id)).sku).toBe('ab-1');
  });

  it('clash with an automatic one typed by hand', async () => {
    const numbered = await newTool();
    const res = await create({ sku: numbered.sku.toLowerCase() });
    expectProblem(res, {
      status: 409,
      code: 'SKU_TAKEN',
      detail: CATALOGUE_TEXTS.skuTaken(numbered.sku.toLowerCase()),
      sku: numbered.sku.toLowerCase(),
      errors: [{ field: 'sku', detail: CATALOGUE_TEXTS.skuTaken(numbered.sku.toLowerCase()) }],
    });
  });

  it.each([
    ['blank', '   ', CATALOGUE_TEXTS.skuRequired],
    ['with a space inside', 'AB 12', CATALOGUE_TEXTS.skuInvalid],
    ['starting with a hyphen', '-AB12', CATALOGUE_TEXTS.skuInvalid],
    ['with a #', 'AB#12', CATALOGUE_TEXTS.skuInvalid],
    ['with a letter beyond ASCII', 'ÄB-12', CATALOGUE_TEXTS.skuInvalid],
    ['of 41 characters', 'A'.repeat(41), CATALOGUE_TEXTS.skuInvalid],
    ['a formula', '=HYPERLINK("x")', CATALOGUE_TEXTS.skuInvalid],
  ])('refuses an SKU %s with 400 naming sku, on create and on PATCH', async (_case, sku, message) => {
    const tool = await newTool();
    await expectRefused(() => create({ sku }), 400, 'sku', message);
    await expectRefused(() => patch(tool._id, { sku }), 400, 'sku', message);
    expect(await detail(tool._id)).toEqual(tool);
  });

  it('refuses an SKU that is not text', async () => {
    await expectRefused(() => create({ sku: 12345 }), 400, 'sku', CATALOGUE_TEXTS.skuRequired);
  });
});

describe('a search for an SKU', () => {
  let wanted: ToolDetail;
  beforeAll(async () => {
    wanted = await newTool({ name: 'Cordless Impact Driver', sku: 'DR-18V-2000', price: 900 });
    // Tools whose names hold every word of the SKU: a search by words would rank them alike, and
    // each sorts before the SKU's tool by name and by price.
    for (const name of ['A DR 18V 2000 bit holder', 'Bits for the DR 18V 2000 driver', 'DR 18V 2000 belt clip']) {
      await newTool({ name, price: 5 });
    }
  });

  it.each([
    ['as written', 'DR-18V-2000', ''],
    ['in lower case', 'dr-18v-2000', ''],
    ['with spaces around', '  DR-18V-2000 ', ''],
    ['sorted by name', 'DR-18V-2000', '&sort=name'],
    ['sorted by price', 'dr-18V-2000', '&sort=price_asc'],
    ['newest first', 'DR-18V-2000', '&sort=newest'],
  ])('lists that tool first, %s, and the other matches after it, each once', async (_case, q, extra) => {
    const found = await search(q, extra);
    expect(found.tools[0]!._id).toBe(wanted._id);
    expect(found.tools.map((tool) => tool._id).filter((id) => id === wanted._id)).toHaveLength(1);
    expect(found.tools).toHaveLength(4);
    expect(found.total).toBe(4);
  });

  it('leads the first page only, and the next pages leave it out', async () => {
    const first = await search('DR-18V-2000', '&sort=name&limit=2');
    expect(first.tools.map((tool) => tool._id)[0]).toBe(wanted._id);
    const second = await search('DR-18V-2000', '&sort=name&limit=2&offset=2');
    const third = await search('DR-18V-2000', '&sort=name&limit=2&offset=4');
    const all = [...first.tools, ...second.tools, ...third.tools].map((tool) => tool._id);
    expect(new Set(all).size).toBe(4);
    expect(all).toHaveLength(4);
  });

  it('finds a tool by part of its SKU, as by a word', async () => {
    const partial = await newTool({ name: 'Oscilloscope Probe', sku: 'QZP-77215' });
    expect((await search('77215')).tools.map((tool) => tool._id)).toEqual([partial._id]);
    expect((await search('7721')).tools.map((tool) => tool._id)).toEqual([partial._id]);
    expect((await search('qzp')).tools.map((tool) => tool._id)).toEqual([partial._id]);
  });
});

describe('specifications', () => {
  it('are kept in the order given and answered as given; a blank unit is no unit', async () => {
    const specs = [
      { name: 'Torque', value: '180', unit: 'Nm' },
      { name: 'Voltage', value: '18', unit: '  V ' },
      { name: 'Chuck', value: '13 mm keyless', unit: '' },
      { name: 'Weight', value: '1.6', unit: 'kg' },
    ];
    const tool = await newTool({ specs });
    expect(tool.specs).toEqual([
      { name: 'Torque', value: '180', unit: 'Nm' },
      { name: 'Voltage', value: '18', unit: 'V' },
      { name: 'Chuck', value: '13 mm keyless' },
      { name: 'Weight', value: '1.6', unit: 'kg' },
    ]);
    // A PATCH replaces the table: reordered, one removed.
    expect((await patch(tool._id, { specs: [specs[3], specs[0]] })).json()).toEqual({ modifiedCount: 1 });
    expect((await detail(tool._id)).specs).toEqual([specs[3], specs[0]]);
    expect((await patch(tool._id, { specs: [] })).json()).toEqual({ modifiedCount: 1 });
    expect((await detail(tool._id)).specs).toEqual([]);
  });

  it('hold markup as text: stored and answered exactly as typed', async () => {
    const specs = [{ name: '<b>Torque</b>', value: '<img src=x onerror=alert(1)>', unit: '"Nm"&' }];
    const tool = await newTool({ specs });
    expect(tool.specs).toEqual(specs);
  });

  it('may be 50 lines, of 5,000 characters in all', async () => {
    const specs = Array.from({ length: 50 }, (_, i) => ({ name: `Spec ${String(i).padStart(2, '0')}`, value: 'v'.repeat(93) }));
    expect(specs.reduce((sum, spec) => sum + spec.name.length + spec.value.length, 0)).toBe(CATALOGUE_LIMITS.specsCharactersMax);
    expect((await newTool({ specs })).specs).toEqual(specs);
  });

  const line = (i: number) => ({ name: `Line ${i}`, value: String(i) });
  it.each([
    ['51 lines', Array.from({ length: 51 }, (_, i) => line(i)), 'specs', CATALOGUE_TEXTS.specsTooMany(50)],
    ['500 lines', Array.from({ length: 500 }, (_, i) => line(i)), 'specs', CATALOGUE_TEXTS.specsTooMany(50)],
    ['10,000 characters', Array.from({ length: 50 }, (_, i) => ({ name: `${i}`.padEnd(60, 'n'), value: 'v'.repeat(120), unit: 'u'.repeat(20) })), 'specs', CATALOGUE_TEXTS.specsTooLong(5000)],
    ['5,001 characters', [...Array.from({ length: 49 }, (_, i) => ({ name: `Spec ${String(i).padStart(2, '0')}`, value: 'v'.repeat(93) })), { name: 'Spec 49', value: 'v'.repeat(94) }], 'specs', CATALOGUE_TEXTS.specsTooLong(5000)],
    ['a value of 121 characters', [line(0), line(1), { name: 'Long', value: 'v'.repeat(121) }], 'specs.2.value', CATALOGUE_TEXTS.specValueTooLong(120)],
    ['a name of 61 characters', [{ name: 'n'.repeat(61), value: '1' }], 'specs.0.name', CATALOGUE_TEXTS.specNameTooLong(60)],
    ['a unit of 21 characters', [{ name: 'Range', value: '1', unit: 'u'.repeat(21) }], 'specs.0.unit', CATALOGUE_TEXTS.specUnitTooLong(20)],
    ['a blank name', [line(0), { name: '  ', value: '1' }], 'specs.1.name', CATALOGUE_TEXTS.specNameRequired],
    ['no value', [{ name: 'Range' }], 'specs.0.value', CATALOGUE_TEXTS.specValueRequired],
    ['a value on two lines', [{ name: 'Range', value: 'one\ntwo' }], 'specs.0.value', VALIDATION.oneLine],
  ])('refuse %s with 400 naming the field, on create and on PATCH', async (_case, specs, field, message) => {
    const tool = await newTool({ specs: [line(7)] });
    await expectRefused(() => create({ specs }), 400, field, message);
    await expectRefused(() => patch(tool._id, { specs }), 400, field, message);
    expect(await detail(tool._id)).toEqual(tool);
  });

  it('refuse a table that is not a list', async () => {
    for (const specs of ['Torque: 180 Nm', { Torque: '180' }, [['Torque', '180']]]) {
      const res = await create({ specs });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[0].field).toMatch(/^specs/);
    }
  });
});

describe('an order', () => {
  it('keeps the SKU its tool had when it was placed', async () => {
    const tool = await newTool({ sku: 'ORD-SKU-1', minQty: 1, availableQty: 10 });
    const placed = await placeOrderByApi(t.app, customer, tool._id, 2);
    expect(placed.statusCode, placed.body).toBe(201);
    const read = async () => (await t.app.inject({ method: 'GET', url: `/api/orders/${placed.json().insertedId}`, headers: bearer(customer) })).json();
    expect((await read()).lines).toEqual([expect.objectContaining({ toolId: tool._id, sku: 'ORD-SKU-1', quantity: 2 })]);
    await patch(tool._id, { sku: 'ORD-SKU-2' });
    expect((await read()).lines[0].sku).toBe('ORD-SKU-1');
  });
});
