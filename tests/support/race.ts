import { vi } from 'vitest';
import type { AppDatabase } from '../../src/server/db/client';
import { testPaymentIntents } from '../../src/server/db/schema';

/**
 * Runs `action` just before the `nth` read of a payment intent reaches the database: a
 * deterministic stand-in for another request (an expiry sweep, a delete) landing in the middle of
 * a payment request. It hooks drizzle's `select().from()` builder, so it follows that API's shape.
 */
export function beforeIntentRead(db: AppDatabase, nth: number, action: () => Promise<unknown>) {
  const select = db.select.bind(db);
  let reads = 0;
  return vi.spyOn(db, 'select').mockImplementation(((...args: Parameters<typeof select>) => {
    const builder = select(...args);
    const from = builder.from.bind(builder);
    builder.from = ((source: Parameters<typeof from>[0]) => {
      const query = from(source);
      if (source === testPaymentIntents && ++reads === nth) {
        const then = query.then.bind(query);
        query.then = ((onOk, onError) => action().then(() => then(onOk, onError))) as typeof query.then;
      }
      return query;
    }) as typeof builder.from;
    return builder;
  }) as typeof db.select);
}
