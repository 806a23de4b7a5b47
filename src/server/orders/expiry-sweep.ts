import type { FastifyInstance } from 'fastify';
import { sweepStaleOrders } from './orders-repository';

/**
 * Abandoned orders give their stock back every few minutes, besides before each purchase. Every
 * app process runs the timer; the sweep's advisory lock lets one of them work at a time, and each
 * logs what it did (debug when nothing happened), so the log shows which process swept.
 */
export function scheduleOrderExpiry(app: FastifyInstance, holdMinutes: number, everyMs: number) {
  const sweep = async () => {
    try {
      const expired = await sweepStaleOrders(app.db, holdMinutes);
      if (expired === null) app.log.debug('order expiry sweep skipped: another process is sweeping');
      else if (expired === 0) app.log.debug('order expiry sweep found nothing to expire');
      else app.log.info({ expired }, 'expired unpaid orders and returned their stock');
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
