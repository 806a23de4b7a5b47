import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../tests/support/test-app';
import { createTestDatabase } from '../../tests/support/test-database';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { DatabaseHandle } from './db/client';

/**
 * Each 500 used to log the failed SQL with its parameters: the customer's email, name and message
 * (an address, a phone number). The error must still be logged — with the SQL text and the
 * database's code — but nothing the customer typed may reach the log.
 */
let app: FastifyInstance;
let database: DatabaseHandle;
let logged = '';
beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp(testConfig({ logLevel: 'info' }), { database, logStream: { write: (line) => (logged += line) } });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const contactQuery = {
  name: 'Priya Privatename',
  email: 'priya.private@example.com',
  number: '+44 7700 900123',
  message: 'Please deliver to 12 Secretive Lane, Hiddenham',
};
const personalData = ['priya.private', 'Privatename', '7700 900123', 'Secretive Lane', 'Hiddenham'];

/** A database that goes wrong in a way that quotes the row or the value, as real faults do. */
const faults: { name: string; code: string; breakIt: string; repairIt: string; sendsBeforeFailing: number }[] = [
  {
    name: 'a check constraint (PostgreSQL: "Failing row contains (…)")',
    code: '23514',
    breakIt: `alter table contact_queries add constraint log_probe_check check (email not like '%@%')`,
    repairIt: 'alter table contact_queries drop constraint log_probe_check',
    sendsBeforeFailing: 0,
  },
  {
    name: 'a unique index (PostgreSQL: "Key (email)=(…) already exists")',
    code: '23505',
    breakIt: 'create unique index log_probe_unique on contact_queries (email)',
    repairIt: 'drop index log_probe_unique',
    sendsBeforeFailing: 1,
  },
  {
    // A check that casts the value, not a column changed to another type: the app's statements are
    // prepared once per connection on PostgreSQL (decision 044), with the types of that moment.
    name: 'a value of the wrong type (PostgreSQL: invalid input syntax … "<value>")',
    code: '22P02',
    breakIt: 'alter table contact_queries add constraint log_probe_cast check (number::integer is not null)',
    repairIt: 'alter table contact_queries drop constraint log_probe_cast',
    sendsBeforeFailing: 0,
  },
];

describe('a failed query in the log', () => {
  it.each(faults)('$name: logged with SQL and code, without the customer’s data', async (fault) => {
    await database.db.execute(sql.raw('delete from contact_queries'));
    await database.db.execute(sql.raw(fault.breakIt));
    try {
      for (let i = 0; i < fault.sendsBeforeFailing; i++) {
        expect((await app.inject({ method: 'POST', url: '/api/queries', payload: contactQuery })).statusCode).toBe(201);
      }
      logged = '';
      const res = await app.inject({ method: 'POST', url: '/api/queries', payload: contactQuery });
      expect(res.statusCode).toBe(500);
    } finally {
      await database.db.execute(sql.raw(fault.repairIt));
    }

    const failure = logged
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg: string; err?: { message: string; query?: string; cause?: { code?: string } } })
      .find((line) => line.msg === 'request failed');
    for (const value of personalData) expect(logged).not.toContain(value);
    expect(failure?.err?.query).toMatch(/insert into "contact_queries"/);
    expect(failure?.err?.cause?.code).toBe(fault.code);
  });
});
