import type { OrderState } from '../../shared';
import type { AppDatabase } from '../db/client';
import { insertOrderWithLines } from '../../../tests/support/orders';

/** [product name, price in cents, quantity, SKU]: no SKU, as for an order placed before tools had them. */
type FixtureLine = readonly [string, number, number, string?];

/**
 * Orders of every state with names, emails and tools chosen for the admin list's and the export's
 * tests: "dana" is in two names and an email, "fbi.example" in three emails, two orders total the
 * same (a tie the order number breaks), and one name holds LIKE's wildcards (% and _). Fox's
 * lines have SKUs; the others' are from before SKUs.
 */
export const ORDER_FIXTURES = [
  { key: 'dana', name: 'Dana Scully', email: 'dana.scully@fbi.example', lines: [['Digital Multimeter', 2500, 2]], state: 'pending', daysAgo: 6 },
  { key: 'fox', name: 'Fox Mulder', email: 'fox@fbi.example', lines: [['Soldering Station', 8000, 1, 'SS-80W'], ['Wire Stripper', 500, 3, 'WS-10']], state: 'shipped', daysAgo: 5 },
  { key: 'walter', name: 'Walter Skinner', email: 'skinner@fbi.example', lines: [['Bench Vise', 12000, 1]], state: 'unpaid', daysAgo: 4 },
  { key: 'katherine', name: 'dana Katherine', email: 'kdana@example.com', lines: [['Torque Wrench', 6000, 1]], state: 'expired', daysAgo: 3 },
  { key: 'monica', name: 'Monica Reyes', email: 'monica@reyes.example', lines: [['Oscilloscope', 30000, 1]], state: 'refunded', daysAgo: 2 },
  { key: 'legit', name: '100% Legit_Name', email: 'weird@example.com', lines: [['Digital Caliper', 5000, 1]], state: 'pending', daysAgo: 1 },
] as const satisfies readonly {
  key: string;
  name: string;
  email: string;
  lines: readonly FixtureLine[];
  state: OrderState;
  daysAgo: number;
}[];
export type FixtureKey = (typeof ORDER_FIXTURES)[number]['key'];

const DAY = 86_400_000;
let transactions = 0;

/** An order as it is in `state`, placed `daysAgo` (at noon UTC of that day), written straight to the database. */
export async function insertStatedOrder(
  db: AppDatabase,
  userId: string,
  order: { name: string; email: string; lines: readonly FixtureLine[]; state: OrderState; daysAgo: number; address?: string; phone?: string },
) {
  const createdAt = new Date(Math.floor(Date.now() / DAY) * DAY - order.daysAgo * DAY + DAY / 2);
  const paid = order.state === 'pending' || order.state === 'shipped' || order.state === 'refunded';
  const later = (minutes: number) => new Date(createdAt.getTime() + minutes * 60_000);
  transactions += 1;
  return insertOrderWithLines(
    db,
    {
      userId,
      name: order.name,
      email: order.email,
      address: order.address ?? '1 Test Street, Springfield',
      phone: order.phone ?? '555-0100',
      paid,
      status: order.state === 'unpaid' ? null : order.state,
      transactionId: paid ? `txn_fixture_${transactions}_${createdAt.getTime()}` : null,
      createdAt,
      paidAt: paid ? later(5) : null,
      shippedAt: order.state === 'shipped' ? later(60 * 24) : null,
      carrier: order.state === 'shipped' ? 'UPS' : null,
      trackingNumber: order.state === 'shipped' ? '1Z999AA10123456784' : null,
      expiredAt: order.state === 'expired' ? later(60 * 24) : null,
      refundedAt: order.state === 'refunded' ? later(60) : null,
    },
    order.lines.map(([productName, priceCents, quantity, sku]) => ({ toolId: null, productName, priceCents, quantity, sku: sku ?? null })),
  );
}

/** The fixture orders, oldest first (so their numbers rise with their age), by key. */
export async function insertOrderFixtures(db: AppDatabase, userId: string) {
  const byKey = new Map<FixtureKey, Awaited<ReturnType<typeof insertStatedOrder>>>();
  for (const fixture of ORDER_FIXTURES) byKey.set(fixture.key, await insertStatedOrder(db, userId, fixture));
  return byKey;
}
