import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../db/client';
import { openChangeBus, type ChangeBus } from '../lib/change-bus';
import { addHookWhereMethod, isReadMethod } from '../lib/method-route-hooks';

declare module 'fastify' {
  interface FastifyInstance {
    /** Changes made by any app process on this database; per-process caches subscribe to drop stale entries. */
    changes: ChangeBus;
  }
}

/**
 * Opens this process's change feed (lib/change-bus.ts) as `app.changes`, closed before the database.
 *
 * A write's notice reaches this process's own caches through the database a moment after its
 * commit, possibly after the writer has its answer and reads again. So every write request here
 * also drops this process's caches just before it answers (its transactions have committed by
 * then). Writes are rare next to reads, and a cache rebuilds with one query per key.
 */
async function changesPlugin(app: FastifyInstance, opts: { handle: DatabaseHandle }) {
  const bus = await openChangeBus(opts.handle, app.log);
  app.decorate('changes', bus);
  // Only on the routes that may write (a read changes nothing), as a callback hook.
  addHookWhereMethod(
    app,
    'onSend',
    (request, _reply, payload, done) => {
      if (!isReadMethod(request.method)) bus.changedHere();
      done(null, payload);
    },
    (method) => !isReadMethod(method),
  );
  app.addHook('onClose', () => bus.close());
}

export default fp(changesPlugin, { name: 'changes', dependencies: ['database'] });
