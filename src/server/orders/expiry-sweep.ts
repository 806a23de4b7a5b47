import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { forgetOldKeys } from '../idempotency/idempotency';
import { sweepStaleOrders } from './orders-repository';

/**
 * Every few minutes, unpaid orders past their time to pay expire, and Idempotency-Keys past their
 * day are forgotten. Every app process runs the timer; the sweep's advisory lock lets one of them
 * expire orders at a time, and each logs what it did (debug when nothing happened), so the log
 * shows which process swept. The timer starts when the app is ready and stops when it closes,
 * before the database does (decision 031).
 */
async function orderExpirySweepPlugin(app: FastifyInstance, { payMinutes, everyMs }: { payMinutes: number; everyMs: number }) {
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
  // The sweep under way, if any: the next tick skips while it runs, and closing waits for it, so
  // it never meets a database closed under it.
  let running: Promise<void> | null = null;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      running ??= sweep().finally(() => (running = null));
    }, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}

export const orderExpirySweep = fp(orderExpirySweepPlugin, { name: 'order-expiry-sweep', dependencies: ['database'] });
