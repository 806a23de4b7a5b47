import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * One owner for each state change of an order (decision 032, STYLE convention 13), checked on the
 * source of src/server (tests and migrations aside):
 * - only orders/order-state.ts updates or deletes `orders` rows, and only orders/place-order.ts
 *   inserts them; only payments/refunds.ts writes `payment_refunds`; `order_lines` are written
 *   once, when the order is placed. Through drizzle (`tx.update(orders)`) or in SQL text alike.
 * - each transition of order-state.ts is called from the one module that owns that change (the
 *   table below; a new transition must be given its owner here).
 * - payments/ imports nothing from orders/ or catalogue/: the order's lifecycle (orders/) builds on
 *   the providers and refund claims (payments/), never the reverse (issue 25).
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const STATE_MODULE = 'src/server/orders/order-state.ts';

/** Who may insert, update or delete each table's rows. */
const TABLE_WRITERS: Record<string, Record<'insert' | 'update' | 'delete', string[]>> = {
  orders: { insert: ['src/server/orders/place-order.ts'], update: [STATE_MODULE], delete: [STATE_MODULE] },
  orderLines: { insert: ['src/server/orders/place-order.ts'], update: [], delete: [] },
  paymentRefunds: { insert: ['src/server/payments/refunds.ts'], update: ['src/server/payments/refunds.ts'], delete: [] },
};
/** The same tables as SQL names them. */
const SQL_NAMES: Record<string, string> = { orders: 'orders', orderLines: 'order_lines', paymentRefunds: 'payment_refunds' };

/** Each export of order-state.ts, and the one module that may call it. */
const TRANSITION_OWNERS: Record<string, string> = {
  markOrderPaid: 'src/server/orders/settle-payment.ts',
  attachPaymentIntent: 'src/server/orders/order-payment.ts',
  markOrderShipped: 'src/server/orders/shipping.ts',
  markOrderUnshipped: 'src/server/orders/shipping.ts',
  // Not a write: the condition that holds shipping back, read again to say why it was refused.
  refundUnderWay: 'src/server/orders/shipping.ts',
  vatNumberToReview: 'src/server/orders/shipping.ts',
  markVatNumberConfirmed: 'src/server/orders/shipping.ts',
  expireStaleOrders: 'src/server/orders/orders-repository.ts',
  markOrderRefunded: 'src/server/orders/refund-order.ts',
  removeUnpaidOrder: 'src/server/orders/orders-repository.ts',
  detachPaidOrdersFromAccount: 'src/server/orders/orders-repository.ts',
};

/** A module specifier written in `file`, as a repo-relative path (null for packages). */
function resolveImport(file: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier.replace(/\.js$/, '')));
  return target.endsWith('.ts') ? target : `${target}.ts`;
}

const isSchemaModule = (resolved: string | null) => resolved === 'src/server/db/schema.ts' || resolved === 'src/server/db/schema/index.ts';

/** What `file` (repo-relative, with `text` as its source) does that the rules above forbid. */
function violationsIn(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const where = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  // Local names of the guarded tables: `import { orders as o } from '../db/schema'` makes `o` mean orders.
  const tableOf = new Map<string, string>();
  let schemaNamespace: string | null = null;

  const checkImport = (node: ts.ImportDeclaration | ts.ExportDeclaration) => {
    const specifier = node.moduleSpecifier;
    if (!specifier || !ts.isStringLiteral(specifier)) return;
    const resolved = resolveImport(file, specifier.text);
    if (!resolved) return;
    const below = ['src/server/orders/', 'src/server/catalogue/'].find((folder) => resolved.startsWith(folder));
    if (file.startsWith('src/server/payments/') && below) {
      found.push(`${where(node)} payments/ imports ${below.slice('src/server/'.length)} (${specifier.text}): the order's lifecycle builds on payments, never the reverse`);
    }
    if (ts.isImportDeclaration(node)) {
      const bindings = node.importClause?.namedBindings;
      if (isSchemaModule(resolved) && bindings) {
        if (ts.isNamespaceImport(bindings)) schemaNamespace = bindings.name.text;
        else for (const element of bindings.elements) {
          const imported = (element.propertyName ?? element.name).text;
          if (imported in TABLE_WRITERS) tableOf.set(element.name.text, imported);
        }
      }
    }
    if (resolved !== STATE_MODULE || file === STATE_MODULE) return;
    const names: string[] = [];
    if (ts.isImportDeclaration(node)) {
      const bindings = node.importClause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) names.push('*');
      else if (bindings) names.push(...bindings.elements.map((element) => (element.propertyName ?? element.name).text));
    } else if (node.exportClause && ts.isNamedExports(node.exportClause)) {
      names.push(...node.exportClause.elements.map((element) => (element.propertyName ?? element.name).text));
    } else {
      names.push('*');
    }
    for (const name of names) {
      if (TRANSITION_OWNERS[name] !== file) {
        found.push(`${where(node)} uses ${name} of order-state.ts, which belongs to ${TRANSITION_OWNERS[name] ?? 'nobody (name it by its exports)'}`);
      }
    }
  };

  const tableIn = (argument: ts.Expression | undefined): string | null => {
    if (!argument) return null;
    if (ts.isIdentifier(argument)) return tableOf.get(argument.text) ?? null;
    if (ts.isPropertyAccessExpression(argument) && ts.isIdentifier(argument.expression) && argument.expression.text === schemaNamespace) {
      return argument.name.text in TABLE_WRITERS ? argument.name.text : null;
    }
    return null;
  };

  const checkWrite = (table: string, operation: 'insert' | 'update' | 'delete', node: ts.Node) => {
    const writers = TABLE_WRITERS[table]![operation];
    if (!writers.includes(file)) {
      found.push(`${where(node)} ${operation}s ${table} rows, which only ${writers.join(', ') || 'no module'} may`);
    }
  };

  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) checkImport(node);
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const operation = node.expression.name.text;
      const table = tableIn(node.arguments[0]);
      if (table && (operation === 'insert' || operation === 'update' || operation === 'delete')) checkWrite(table, operation, node);
    }
    if (ts.isTemplateExpression(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      // SQL text: `update orders`, `delete from "orders"`, `insert into ${orders}` ...
      const sqlText = node.getText();
      for (const [table, name] of Object.entries(SQL_NAMES)) {
        const statement = new RegExp(`\\b(update|insert\\s+into|delete\\s+from)\\s+(?:"?${name}"?\\b|\\$\\{\\s*${table}\\s*\\})`, 'gi');
        for (const match of sqlText.matchAll(statement)) {
          const verb = match[1]!.toLowerCase();
          checkWrite(table, verb.startsWith('insert') ? 'insert' : verb === 'update' ? 'update' : 'delete', node);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The names order-state.ts exports. */
function exportsOf(text: string): string[] {
  const source = ts.createSourceFile(STATE_MODULE, text, ts.ScriptTarget.Latest, true);
  const names: string[] = [];
  for (const statement of source.statements) {
    const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (!exported) continue;
    if (ts.isFunctionDeclaration(statement) && statement.name) names.push(statement.name.text);
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) if (ts.isIdentifier(declaration.name)) names.push(declaration.name.text);
    }
  }
  return names;
}

/** Every non-test TypeScript file of src/server, repo-relative, migrations aside. */
function serverFiles(dir = 'src/server'): string[] {
  return readdirSync(path.join(repoRoot, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return relative === 'src/server/db/migrations' ? [] : serverFiles(relative);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [relative] : [];
  });
}

const read = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');

describe('one owner for each state change of an order', () => {
  it('holds in src/server today', () => {
    const files = serverFiles();
    expect(files).toContain(STATE_MODULE);
    expect(files.flatMap((file) => violationsIn(file, read(file)))).toEqual([]);
  });

  it('gives every transition of order-state.ts its owner, and every owner still exists', () => {
    expect(exportsOf(read(STATE_MODULE)).sort()).toEqual(Object.keys(TRANSITION_OWNERS).sort());
    const files = serverFiles();
    for (const owner of [...Object.values(TRANSITION_OWNERS), ...Object.values(TABLE_WRITERS).flatMap((ops) => Object.values(ops).flat())]) {
      expect(files).toContain(owner);
    }
  });

  it('reports an order marked paid, shipped or expired outside order-state.ts', () => {
    const code = `
      import { eq } from 'drizzle-orm';
      import type { AppTransaction } from '../db/client';
      import { orders as orderTable } from '../db/schema';
      export async function quickShip(tx: AppTransaction, id: string) {
        await tx.update(orderTable).set({ status: 'shipped' }).where(eq(orderTable.id, id));
      }
    `;
    expect(violationsIn('src/server/admin/quick-ship.ts', code)).toEqual([
      'src/server/admin/quick-ship.ts:6 updates orders rows, which only src/server/orders/order-state.ts may',
    ]);
    const namespaced = `
      import * as schema from '../db/schema';
      export const wipe = (db: any, id: string) => db.delete(schema.orders).where(schema.orders.id.eq(id));
    `;
    expect(violationsIn('src/server/orders/orders-repository.ts', namespaced)).toEqual([
      'src/server/orders/orders-repository.ts:3 deletes orders rows, which only src/server/orders/order-state.ts may',
    ]);
    const rawSql = "export const expire = (tx: any) => tx.execute(sql`UPDATE orders SET status = 'expired' WHERE paid = false`);";
    expect(violationsIn('src/server/orders/expiry-sweep.ts', rawSql)).toEqual([
      'src/server/orders/expiry-sweep.ts:1 updates orders rows, which only src/server/orders/order-state.ts may',
    ]);
  });

  it('reports a refund recorded outside payments/refunds.ts, and an order inserted outside placing', () => {
    const code = `
      import { paymentRefunds, orders } from '../db/schema';
      export async function settle(tx: any) {
        await tx.update(paymentRefunds).set({ status: 'refunded' }).where(undefined);
        await tx.insert(orders).values({});
      }
    `;
    expect(violationsIn('src/server/orders/refund-order.ts', code)).toEqual([
      'src/server/orders/refund-order.ts:4 updates paymentRefunds rows, which only src/server/payments/refunds.ts may',
      'src/server/orders/refund-order.ts:5 inserts orders rows, which only src/server/orders/place-order.ts may',
    ]);
  });

  it("reports a transition called by a module that does not own it, or all of them at once", () => {
    const code = `
      import { markOrderPaid, markOrderShipped } from './order-state';
      import * as state from './order-state';
      export const all = [markOrderPaid, markOrderShipped, state];
    `;
    expect(violationsIn('src/server/orders/settle-payment.ts', code)).toEqual([
      'src/server/orders/settle-payment.ts:2 uses markOrderShipped of order-state.ts, which belongs to src/server/orders/shipping.ts',
      'src/server/orders/settle-payment.ts:3 uses * of order-state.ts, which belongs to nobody (name it by its exports)',
    ]);
  });

  it('reports payments/ importing orders/ or catalogue/, types too', () => {
    const code = `
      import type { OrderWithLines } from '../orders/orders-repository';
      import { returnStock } from '../catalogue/stock';
      export type Order = OrderWithLines;
      export const r = returnStock;
    `;
    expect(violationsIn('src/server/payments/refunds.ts', code)).toEqual([
      "src/server/payments/refunds.ts:2 payments/ imports orders/ (../orders/orders-repository): the order's lifecycle builds on payments, never the reverse",
      "src/server/payments/refunds.ts:3 payments/ imports catalogue/ (../catalogue/stock): the order's lifecycle builds on payments, never the reverse",
    ]);
    expect(violationsIn('src/server/orders/routes.ts', "import type { PaymentProvider } from '../payments/provider';\nexport type P = PaymentProvider;")).toEqual([]);
  });
});
