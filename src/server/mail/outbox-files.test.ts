import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, createCustomer } from '../../../tests/support/accounts';
import { createTools } from '../../../tests/support/factories';
import { testConfig } from '../../../tests/support/test-app';
import { createTestDatabase } from '../../../tests/support/test-database';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { DatabaseHandle } from '../db/client';

/**
 * Without SMTP_URL the store still starts and still "sends": each message becomes an .eml file in
 * DATA_DIR/outbox, and the log says so and where. (The mail settings come from loadConfig, as at a
 * real start with DATA_DIR set and SMTP_URL unset.)
 */
let dataDir: string;
let database: DatabaseHandle;
let app: FastifyInstance;
let logged = '';
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'store-outbox-'));
  database = await createTestDatabase();
  const { mail } = loadConfig({ DATA_DIR: dataDir });
  app = await buildApp(testConfig({ logLevel: 'info', mail }), { database, logStream: { write: (line) => (logged += line) } });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await rm(dataDir, { recursive: true, force: true });
});

it('writes an order confirmation to DATA_DIR/outbox as an .eml file and logs where', async () => {
  const outbox = path.join(dataDir, 'outbox');
  expect(logged).toContain(`SMTP_URL is not set: no mail is delivered; each message is written to ${outbox}`);

  const buyer = await createCustomer(app, 'Fiona Files');
  const [tool] = await createTools(database.db, 1, { name: 'Torque Wrench', priceCents: 4999, minQty: 1, availableQty: 10 });
  const placed = await app.inject({
    method: 'POST',
    url: '/api/order',
    headers: bearer(buyer),
    payload: { toolId: tool!.id, quantity: 2, address: '1 File Road', phone: '555-0144' },
  });
  expect(placed.statusCode).toBe(201);

  // Two mails: the buyer's sign-up verification link (decision 018), then the order confirmation.
  const emlFiles = async () => (await readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'));
  await expect.poll(emlFiles, { timeout: 10_000 }).toHaveLength(2);
  const files = await emlFiles();
  const mails = await Promise.all(files.map(async (f) => simpleParser(await readFile(path.join(outbox, f)))));
  const mail = mails.find((m) => /^Order TH-\d+ placed/.test(m.subject ?? ''))!;
  expect(mail).toBeDefined();
  expect(mail.to && !Array.isArray(mail.to) ? mail.to.value[0]?.address : null).toBe(buyer.email);
  expect(mail.from?.value[0]?.address).toBe('no-reply@localhost');
  expect(mail.subject).toMatch(/^Order TH-\d+ placed: please pay by /);
  expect(mail.text).toContain(`2 × Torque Wrench · SKU ${tool!.sku}: $99.98 ($49.99 each)`);
  expect(mail.text).toContain('Total: $99.98');
  expect(mail.html).toContain('$99.98');
  // Nothing half-written is left beside them.
  expect((await readdir(outbox)).sort()).toEqual(files.sort());
});
