import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// The real eslint.config.js, plus `import-x/no-unresolved` on src/: no-restricted-paths skips an
// import it cannot resolve, so without this an "is not reported" case could pass only because the
// resolver lost track of the file (or the file was renamed). The snippets below sit at paths that
// do not exist, which the type-aware rules' project service cannot place in the server's project:
// those two rules are off here, and type-aware-lint.test.ts tests them on the real configuration.
const eslint = new ESLint({
  cwd: repoRoot,
  overrideConfig: [
    { files: ['src/**/*.{ts,tsx}'], rules: { 'import-x/no-unresolved': 'error' } },
    {
      files: ['src/server/**/*.ts'],
      languageOptions: { parserOptions: { projectService: false } },
      rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
    },
  ],
});

/**
 * Lints `code` as if it were the file at `filePath` (relative to the repo root). The file does not
 * exist: lintText resolves its imports from the real folder it would sit in, so nothing is written.
 */
async function ruleIds(filePath: string, code: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
  if (!result) throw new Error(`no lint result for ${filePath}`);
  // A parse error or an ignored file shows up here as a null rule id (or a warning), failing the test.
  return result.messages.map((message) => message.ruleId).sort();
}

describe('drizzle: delete and update need .where()', () => {
  it('reports db.delete(table) without where', async () => {
    const code = `
      import type { AppDatabase } from '../db/client';
      import { orders } from '../db/schema';
      export async function wipe(db: AppDatabase) {
        await db.delete(orders);
      }
    `;
    expect(await ruleIds('src/server/orders/fake.ts', code)).toEqual(['drizzle/enforce-delete-with-where']);
  });

  it('accepts db.delete(table).where(...)', async () => {
    const code = `
      import { eq } from 'drizzle-orm';
      import type { AppDatabase } from '../db/client';
      import { orders } from '../db/schema';
      export async function remove(db: AppDatabase, id: number) {
        await db.delete(orders).where(eq(orders.id, id));
      }
    `;
    expect(await ruleIds('src/server/orders/fake.ts', code)).toEqual([]);
  });

  it('reports tx.update(table).set(...) without where, and accepts it with where', async () => {
    const code = `
      import { eq } from 'drizzle-orm';
      import type { AppDatabase } from '../db/client';
      import { tools } from '../db/schema';
      export async function restock(db: AppDatabase, id: number) {
        await db.transaction(async (tx) => {
          await tx.update(tools).set({ stock: 0 });
          await tx.update(tools).set({ stock: 1 }).where(eq(tools.id, id));
        });
      }
    `;
    expect(await ruleIds('src/server/catalogue/fake.ts', code)).toEqual(['drizzle/enforce-update-with-where']);
  });

  it('also guards tests/, and leaves other objects with a delete method alone', async () => {
    const code = `
      export async function reset(db: { delete: (t: unknown) => Promise<void> }, table: unknown) {
        const cache = new Map<string, number>();
        cache.delete('key');
        await db.delete(table);
      }
    `;
    expect(await ruleIds('tests/support/fake.ts', code)).toEqual(['drizzle/enforce-delete-with-where']);
  });
});

describe('web import zones', () => {
  it('reports shared components and lib importing a feature or the app shell', async () => {
    const component = `
      import * as getItems from '../features/catalogue/api/get-items';
      export const api = getItems;
    `;
    expect(await ruleIds('src/web/components/fake.tsx', component)).toEqual(['import-x/no-restricted-paths']);
    const lib = `
      import * as router from '../app/router';
      export const app = router;
    `;
    expect(await ruleIds('src/web/lib/fake.ts', lib)).toEqual(['import-x/no-restricted-paths']);
  });

  it("reports a feature importing another feature's page", async () => {
    const code = `
      import * as page from '../catalogue/our-tools-page';
      export const all = [page];
    `;
    expect(await ruleIds('src/web/features/home/fake.tsx', code)).toEqual(['import-x/no-restricted-paths']);
  });

  it("accepts a feature importing another feature's api/ files, and a feature importing itself", async () => {
    const fromHome = `
      import * as getItems from '../../catalogue/api/get-items';
      import * as getItem from '../../catalogue/api/get-item';
      import * as ownSection from './reviews-section';
      export const all = [getItems, getItem, ownSection];
    `;
    expect(await ruleIds('src/web/features/home/components/fake.tsx', fromHome)).toEqual([]);
    const withinCatalogue = `
      import * as getItems from './api/get-items';
      import * as page from './our-tools-page';
      export const all = [getItems, page];
    `;
    expect(await ruleIds('src/web/features/catalogue/fake.tsx', withinCatalogue)).toEqual([]);
  });

  it("reports customer code importing the back office: a feature's admin/ folder or features/admin, api/ files included", async () => {
    const ownAdmin = `
      import * as manageOrders from './admin/manage-orders-page';
      import * as getOrders from './admin/api/get-orders';
      export const all = [manageOrders, getOrders];
    `;
    expect(await ruleIds('src/web/features/orders/fake.tsx', ownAdmin)).toEqual(Array(2).fill('import-x/no-restricted-paths'));
    const adminApi = `
      import * as stats from '../admin/api/get-stats';
      export const all = [stats];
    `;
    expect(await ruleIds('src/web/features/home/fake.tsx', adminApi)).toEqual(['import-x/no-restricted-paths']);
  });

  it("accepts back-office code importing its feature, shared code and features/admin's api/, and the app lazy-loading it", async () => {
    const adminPage = `
      import * as header from '../components/order-header';
      import * as getOrder from '../api/get-order';
      import * as refresh from '../../admin/api/refresh-admin-views';
      import * as labels from '../../../lib/order-state-labels';
      export const all = [header, getOrder, refresh, labels];
    `;
    expect(await ruleIds('src/web/features/orders/admin/fake.tsx', adminPage)).toEqual([]);
    const route = `
      export const load = () => import('../features/orders/admin/manage-orders-page');
    `;
    expect(await ruleIds('src/web/app/fake.tsx', route)).toEqual([]);
  });

  it("still reports one feature's back office reaching into another's", async () => {
    const code = `
      import * as filters from '../../orders/admin/components/order-filters';
      export const all = [filters];
    `;
    expect(await ruleIds('src/web/features/catalogue/admin/fake.tsx', code)).toEqual(['import-x/no-restricted-paths']);
  });

  it('keeps the existing one-way rules: web never imports server, shared imports nothing of ours', async () => {
    const web = `
      import type { AppDatabase } from '../../server/db/client';
      export type Db = AppDatabase;
    `;
    expect(await ruleIds('src/web/lib/fake.ts', web)).toEqual(['no-restricted-imports']);
    const shared = `
      import { readFile } from 'node:fs/promises';
      export const read = readFile;
    `;
    expect(await ruleIds('src/shared/fake.ts', shared)).toEqual(['no-restricted-imports']);
  });
});

describe('server import zones', () => {
  it('reports a plugin importing a server feature', async () => {
    const code = `
      import * as ordersRepository from '../orders/orders-repository';
      export const repo = ordersRepository;
    `;
    expect(await ruleIds('src/server/plugins/fake.ts', code)).toEqual(['import-x/no-restricted-paths']);
  });

  it('reports db/ and identity/ importing a server feature', async () => {
    const code = `
      import * as accounts from '../accounts/users-repository';
      export const repo = accounts;
    `;
    expect(await ruleIds('src/server/db/fake.ts', code)).toEqual(['import-x/no-restricted-paths']);
    expect(await ruleIds('src/server/identity/fake.ts', code)).toEqual(['import-x/no-restricted-paths']);
  });

  it('accepts a plugin importing db/, identity/ and lib/', async () => {
    const code = `
      import type { AppDatabase } from '../db/client';
      import * as identity from '../identity/identity';
      import * as errors from '../lib/domain-errors';
      export type Db = AppDatabase;
      export const all = [identity, errors];
    `;
    expect(await ruleIds('src/server/plugins/fake.ts', code)).toEqual([]);
  });
});

describe('zones are generated from the folder list', () => {
  it('covers every web feature folder and every server feature folder', async () => {
    const config = (await eslint.calculateConfigForFile(path.join(repoRoot, 'src/web/features/home/fake.tsx'))) as {
      rules: Record<string, [unknown, { zones: { target: string | string[]; from: string | string[] }[] }]>;
    };
    const [, { zones }] = config.rules['import-x/no-restricted-paths']!;
    const targets = zones.flatMap((zone) => [zone.target].flat());
    const froms = zones.flatMap((zone) => [zone.from].flat());
    for (const feature of ['accounts', 'catalogue', 'home', 'orders']) {
      expect(targets).toContain(`src/web/features/${feature}`);
    }
    expect(froms).toEqual(expect.arrayContaining(['src/server/orders', 'src/server/accounts']));
    expect(froms).not.toContain('src/server/identity');
    expect(targets).toEqual(expect.arrayContaining(['src/server/plugins', 'src/server/identity']));
  });
});

describe('buildApp composes and starts nothing (decision 031)', () => {
  it('reports app.ts importing what locks, opens, migrates or seeds a database, or resolves the auth secret', async () => {
    const startSteps = `
      import { migrateDatabase } from './db/migrate';
      import { seedIfEmpty } from './seed/seed';
      import { lockDataDir } from './db/data-dir-lock';
      import { resolveAuthSecret } from './identity/auth-secret';
      export const all = [migrateDatabase, seedIfEmpty, lockDataDir, resolveAuthSecret];
    `;
    expect(await ruleIds('src/server/app.ts', startSteps)).toEqual(Array(4).fill('import-x/no-restricted-paths'));
    const opening = `
      import { openDatabase } from './db/client';
      export const open = openDatabase;
    `;
    expect(await ruleIds('src/server/app.ts', opening)).toEqual(['no-restricted-imports']);
  });

  it('accepts app.ts registering the plugins that do those, and still refuses web code there', async () => {
    const composing = `
      import type { DatabaseHandle } from './db/client';
      import databasePlugin from './plugins/database';
      import { firstAdmin } from './accounts/first-admin';
      import { orderExpirySweep } from './orders/expiry-sweep';
      export type Handle = DatabaseHandle;
      export const all = [databasePlugin, firstAdmin, orderExpirySweep];
    `;
    expect(await ruleIds('src/server/app.ts', composing)).toEqual([]);
    const web = `
      import * as paths from '../web/config/paths';
      export const all = [paths];
    `;
    expect(await ruleIds('src/server/app.ts', web)).toEqual(['no-restricted-imports']);
  });

  it('lets other server code (the database plugin, the command-line tools) use them', async () => {
    const code = `
      import { migrateDatabase } from '../db/migrate';
      import { openDatabase } from '../db/client';
      export const all = [migrateDatabase, openDatabase];
    `;
    expect(await ruleIds('src/server/plugins/fake.ts', code)).toEqual([]);
  });
});

describe('the configuration is described once, by its zod schema (decision 031)', () => {
  it('reports an interface or an object type in config.ts', async () => {
    const code = `
      export interface MailConfig { smtpUrl: string | null }
      export type TimeoutsConfig = { requestMs: number };
      export type PaymentsConfig = { provider: 'test' } | { provider: 'stripe'; secretKey: string };
    `;
    expect(await ruleIds('src/server/config.ts', code)).toEqual(Array(4).fill('no-restricted-syntax'));
  });

  it('accepts types taken from the schema', async () => {
    const code = `
      import { z } from 'zod';
      export const configSchema = z.object({ PORT: z.coerce.number() }).transform((e) => ({ port: e.PORT }));
      export type AppConfig = z.output<typeof configSchema>;
      export type PortConfig = AppConfig['port'];
    `;
    expect(await ruleIds('src/server/config.ts', code)).toEqual([]);
  });
});

describe("a tool's minimum order against its stock is decided in src/shared only", () => {
  it('reports the comparison in web and server code, however it is written', async () => {
    const web = `
      export const soldOut = (item: { minQty: number; availableQty: number }) => item.availableQty < item.minQty;
    `;
    expect(await ruleIds('src/web/features/purchase/fake.tsx', web)).toEqual(['no-restricted-syntax']);
    const server = `
      export function sellable({ minQty, availableQty }: { minQty: number; availableQty: number }) {
        return minQty <= availableQty;
      }
    `;
    expect(await ruleIds('src/server/catalogue/fake.ts', server)).toEqual(['no-restricted-syntax']);
    expect(await ruleIds('src/server/config.ts', server)).toEqual(['no-restricted-syntax']);
  });

  it('accepts it where the rule lives, and a quantity against the minimum or the stock anywhere', async () => {
    const rule = `
      export const canBeBought = (tool: { minQty: number; availableQty: number }) => tool.availableQty >= tool.minQty && tool.availableQty > 0;
    `;
    expect(await ruleIds('src/shared/buying.ts', rule)).toEqual([]);
    expect(await ruleIds('src/shared/schemas/products.ts', rule)).toEqual([]);
    const quantity = `
      export const tooFew = (line: { quantity: number }, tool: { minQty: number; availableQty: number }) =>
        line.quantity < tool.minQty || line.quantity > tool.availableQty;
    `;
    expect(await ruleIds('src/server/orders/fake.ts', quantity)).toEqual([]);
  });
});

describe('no import circle in src', () => {
  it('reports a module importing one that imports it back', async () => {
    // db/client.ts imports db/pg-listener.ts: pg-listener importing the client would close a circle.
    const code = `
      import { openDatabase } from './client';
      export const open = openDatabase;
    `;
    expect(await ruleIds('src/server/db/pg-listener.ts', code)).toEqual(['import-x/no-cycle']);
  });

  it('reports one in the web app too (auth-client.ts and session-store.ts once imported each other)', async () => {
    // lib/session.ts imports lib/access-token.ts: access-token importing session would close a circle.
    const code = `
      import { signOut } from './session';
      export const out = signOut;
    `;
    expect(await ruleIds('src/web/lib/access-token.ts', code)).toEqual(['import-x/no-cycle']);
  });
});

describe('one cache of the store\'s data (decision 029)', () => {
  it('reports a feature importing the cache\'s own stores, to make or drop a cache of its own', async () => {
    const code = `
      import { ResponseCache } from '../catalogue-cache/response-cache';
      import { PhotoCache } from '../catalogue-cache/photo-cache';
      import { ToolCounts } from '../catalogue-cache/tool-counts';
      export const caches = [new ResponseCache(10), new PhotoCache(), new ToolCounts()];
    `;
    expect(await ruleIds('src/server/orders/fake.ts', code)).toEqual(['no-restricted-imports', 'no-restricted-imports', 'no-restricted-imports']);
  });

  it('reports a route, repository or service that listens to the change bus or drops caches by hand', async () => {
    const listens = `
      import type { FastifyInstance } from 'fastify';
      export function watch(app: FastifyInstance, answers: Map<string, string>) {
        app.changes.subscribe(() => answers.clear());
        const { changes } = app;
        changes.subscribe(() => answers.clear());
      }
    `;
    expect(await ruleIds('src/server/reviews/fake.ts', listens)).toEqual(['no-restricted-syntax', 'no-restricted-syntax']);
    const dropsByHand = `
      import type { FastifyInstance } from 'fastify';
      export function fresh(app: FastifyInstance) {
        app.changes.changedHere(['tools']);
      }
    `;
    expect(await ruleIds('src/server/catalogue/fake.ts', dropsByHand)).toEqual(['no-restricted-syntax']);
  });

  it('accepts the catalogue cache itself making its stores and listening, and tests listening', async () => {
    const owner = `
      import type { ChangeBus } from '../lib/change-bus';
      import { ResponseCache } from './response-cache';
      export function create(changes: ChangeBus) {
        const answers = new ResponseCache(10);
        return changes.subscribe(() => answers.dropAll());
      }
    `;
    expect(await ruleIds('src/server/catalogue-cache/fake.ts', owner)).toEqual([]);
    const test = `
      import type { FastifyInstance } from 'fastify';
      export function count(app: FastifyInstance, heard: string[]) {
        app.changes.subscribe((topic) => heard.push(topic));
        app.changes.changedHere();
      }
    `;
    expect(await ruleIds('src/server/catalogue/fake.test.ts', test)).toEqual([]);
  });

  it('accepts a route reading the stores app.catalogueCache hands out, and still keeps web code out of the server', async () => {
    const route = `
      import type { FastifyInstance } from 'fastify';
      import { answerFromCache } from '../catalogue-cache/answer-from-cache';
      import type { CountStore } from '../catalogue-cache/catalogue-cache';
      export function stores(app: FastifyInstance): [typeof answerFromCache, CountStore] {
        return [answerFromCache, app.catalogueCache.toolCounts];
      }
    `;
    expect(await ruleIds('src/server/catalogue/fake.ts', route)).toEqual([]);
    const web = `
      import * as paging from '../../web/lib/paging';
      export const all = [paging];
    `;
    expect(await ruleIds('src/server/catalogue/fake.ts', web)).toEqual(['no-restricted-imports']);
  });
});

describe('error answers are written only by the errors plugin (decision 033)', () => {
  it('reports a route that sends a 4xx status with a body of its own', async () => {
    const code = `
      import type { FastifyReply } from 'fastify';
      export const refuse = (reply: FastifyReply) => reply.code(409).header('x-why', 'stock').send({ message: 'Sold out' });
    `;
    expect(await ruleIds('src/server/orders/fake.ts', code)).toEqual(['no-restricted-syntax']);
  });

  it('reports an error-shaped body sent by hand, whatever sets the status', async () => {
    const code = `
      import type { FastifyReply } from 'fastify';
      export const refuse = (reply: FastifyReply, status: number) => reply.status(status).send({ statusCode: status, message: 'No' });
    `;
    expect(await ruleIds('src/server/catalogue/fake.ts', code)).toEqual(['no-restricted-syntax']);
  });

  it('accepts a thrown DomainError and a 2xx answer', async () => {
    const code = `
      import type { FastifyReply } from 'fastify';
      import { DomainError } from '../lib/domain-errors';
      export const answer = (reply: FastifyReply, found: boolean) => {
        if (!found) throw new DomainError('ORDER_NOT_FOUND');
        return reply.code(201).send({ insertedId: 'x' });
      };
    `;
    expect(await ruleIds('src/server/orders/fake.ts', code)).toEqual([]);
  });

  it('lets plugins/errors.ts write them', async () => {
    const code = `
      import type { FastifyReply } from 'fastify';
      export const send = (reply: FastifyReply) => reply.code(500).send({ status: 500, detail: 'Something went wrong' });
    `;
    expect(await ruleIds('src/server/plugins/errors.ts', code)).toEqual([]);
  });
});
