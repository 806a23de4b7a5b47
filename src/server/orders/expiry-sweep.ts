import type { FastifyInstance } from 'fastify';
import { forgetOldKeys } from '../lib/idempotency';
import { sweepStaleOrders } from './orders-repository';

/**
 * Every few minutes, unpaid orders past their time to pay expire, and Idempotency-Keys past their
 * day are forgotten. Every app process runs the timer; the sweep's advisory lock lets one of them
 * expire orders at a time, and each logs what it did (debug when nothing happened), so the log
 * shows which process swept.
 */
export function scheduleOrderExpiry(app: FastifyInstance, payMinutes: number, everyMs: number) {
  const sweep = async () => {
    try {
      const expired = await sweepStaleOrders(app.db, payMinutes);
      if (expired === null) app.log.debug('order expiry sweep skipped: another process is sweeping');
      else if (expired === 0) app.log.debug('order expiry sweep found nothing to expire');
      else app.log.info({ expired }, 'expired unpaid orders that were not paid in time');
      const forgotten = await forgetOldKeys(app.db);
      if (forgotten > 0) app.log.debug({ forgotten }, 'forgot old idempotency keys');
    } catch (error) {
      app.log.error({ err: error }, 'order expiry sweep failed');
    }
  };
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    timer = setInterval(() => void sweep(), everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
