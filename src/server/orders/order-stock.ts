import { asc, inArray } from 'drizzle-orm';
import { returnStock, takeStock, type StockTaken } from '../catalogue/stock';
import type { AppTransaction } from '../db/client';
import { tools } from '../db/schema';
import type { OrderLineRow } from './orders-repository';

/** A line the stock cannot cover: the tool's name as ordered, and how many units are left. */
export interface Shortage {
  productName: string;
  wanted: number;
  available: number;
}

export type StockCheck = { kind: 'covered' } | { kind: 'tool-deleted' } | { kind: 'short'; shortages: Shortage[] };

/** A tool a sale took units from, as it is afterwards, and how many were taken. */
export interface StockMove {
  tool: StockTaken;
  taken: number;
}

export type StockTake = Exclude<StockCheck, { kind: 'covered' }> | { kind: 'taken'; moves: StockMove[] };

/**
 * The lines sorted by tool id: every statement that moves several tools' stock visits them in this
 * order (as lockStockFor locks them), so two transactions sharing tools cannot deadlock.
 */
function inToolOrder(lines: readonly OrderLineRow[]): OrderLineRow[] {
  return [...lines].sort((a, b) => (a.toolId ?? '').localeCompare(b.toolId ?? ''));
}

/**
 * Locks the tools of an order's lines (in id order, so two payments sharing tools cannot deadlock)
 * and says whether their stock covers every line. Until the transaction ends, no other payment can
 * take those units: `takeOrderStock` after a `covered` answer cannot fail.
 */
export async function lockStockFor(tx: AppTransaction, lines: OrderLineRow[]): Promise<StockCheck> {
  return checkStock(lines, (ids) => tx.select(STOCK).from(tools).where(inArray(tools.id, ids)).orderBy(asc(tools.id)).for('no key update'));
}

/**
 * The same check without locking anything, against the stock read with the order
 * (orders-repository.ts, OrderWithStock): asking for a payment, the buyer is refused before typing a
 * card number when the stock is already gone; a payment refuses with it an order whose stock is
 * gone before it charges, and its take (`takeOrderStockLast`) checks again.
 */
export function stockCheckOf(lines: OrderLineRow[], stock: ReadonlyMap<string, number>): StockCheck {
  if (lines.some((line) => line.toolId === null)) return { kind: 'tool-deleted' };
  // A tool deleted after the line's tool id was read: its foreign key is being set to null.
  if (lines.some((line) => !stock.has(line.toolId!))) return { kind: 'tool-deleted' };
  const shortages = lines
    .filter((line) => line.quantity > stock.get(line.toolId!)!)
    .map((line) => ({ productName: line.productName, wanted: line.quantity, available: stock.get(line.toolId!)! }));
  return shortages.length > 0 ? { kind: 'short', shortages } : { kind: 'covered' };
}

const STOCK = { id: tools.id, availableQty: tools.availableQty };

async function checkStock(lines: OrderLineRow[], read: (ids: string[]) => Promise<Array<{ id: string; availableQty: number }>>): Promise<StockCheck> {
  if (lines.some((line) => line.toolId === null)) return { kind: 'tool-deleted' };
  const ids = [...new Set(lines.map((line) => line.toolId!))];
  return stockCheckOf(lines, new Map((await read(ids)).map((row) => [row.id, row.availableQty])));
}

/**
 * Takes the units of every line: all of them, or (when the stock does not cover them, or a tool
 * is gone) none, answering why. The one way a sale moves stock (catalogue/stock.ts owns the column).
 * `checked`: what lockStockFor answered for these lines earlier in this transaction (the locks are
 * still held, so it still holds); without it the tools are locked and checked here.
 */
export async function takeOrderStock(tx: AppTransaction, lines: OrderLineRow[], checked: StockCheck | null = null): Promise<StockTake> {
  const check = checked ?? (await lockStockFor(tx, lines));
  if (check.kind !== 'covered') return check;
  const moves = await takeEveryLine(tx, lines, (line) => {
    // Cannot happen: the tool rows are locked and their stock was read under the lock.
    throw new Error(`stock of tool ${line.toolId} moved while it was locked`);
  });
  return { kind: 'taken', moves };
}

/**
 * Takes each line's units, in tool order, each by the conditional update that locks its tool's
 * row; `notTaken` throws for a line that cannot be taken (its tool gone, or too few units left).
 */
async function takeEveryLine(tx: AppTransaction, lines: OrderLineRow[], notTaken: (line: OrderLineRow) => never): Promise<StockMove[]> {
  const moves: StockMove[] = [];
  for (const line of inToolOrder(lines)) {
    const tool = line.toolId === null ? null : await takeStock(tx, line.toolId, line.quantity);
    if (!tool) notTaken(line);
    moves.push({ tool, taken: line.quantity });
  }
  return moves;
}

/**
 * A payment taking its stock last could not take a line (too few units left, or its tool gone). The
 * lines before it were taken, so the transaction must roll back; the payment then settles again with
 * the tools locked and checked first (`takeOrderStock`), which refunds or refuses it and says why.
 */
export class StockShortAtTake extends Error {
  constructor() {
    super('a line of the order could not be taken as its payment took the stock');
    this.name = 'StockShortAtTake';
  }
}

/**
 * Takes every line's units with no read or lock before: each take is the conditional update that
 * locks its tool's row, so the rows stay locked only from the take to the commit (decision 044,
 * ninth round), where a check first held them through every statement of the payment. A line that
 * cannot be taken throws StockShortAtTake.
 */
export async function takeOrderStockLast(tx: AppTransaction, lines: OrderLineRow[]): Promise<StockMove[]> {
  return takeEveryLine(tx, lines, () => {
    throw new StockShortAtTake();
  });
}

/** Gives every line's units back (a refund before shipping). A tool deleted meanwhile gets nothing. */
export async function returnOrderStock(tx: AppTransaction, lines: readonly OrderLineRow[]): Promise<void> {
  for (const line of inToolOrder(lines)) await returnStock(tx, line.toolId, line.quantity);
}
