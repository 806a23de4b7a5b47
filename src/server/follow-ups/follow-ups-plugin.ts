import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../db/client';
import { createFollowUpRunner, type FollowUpWork } from './runner';

export interface FollowUpsPluginOptions {
  handle: DatabaseHandle;
  work: FollowUpWork<unknown>;
  /**
   * False: this process writes follow-ups but does none (another process on the database does
   * them, or a test stands for a process that stopped right after a commit). Default true.
   */
  run?: boolean;
}

/** Runs this process's follow-up runner (runner.ts) from the moment the app is ready until it closes. */
async function followUpsPlugin(app: FastifyInstance, opts: FollowUpsPluginOptions) {
  if (opts.run === false) return;
  const runner = createFollowUpRunner(opts.handle, opts.work, app.log);
  app.addHook('onReady', () => runner.start());
  app.addHook('onClose', () => runner.close());
}

export default fp(followUpsPlugin, { name: 'follow-ups', dependencies: ['database'] });
