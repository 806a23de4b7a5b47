import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../db/client';
import { openChangeBus, recordChanges, type ChangeBus, type ChangeTopic } from '../lib/change-bus';
import { addHookWhereMethod, isReadMethod } from '../lib/method-route-hooks';

declare module 'fastify' {
  interface FastifyInstance {
    /** Changes made by any app process on this database; per-process caches subscribe to drop stale entries. */
    changes: ChangeBus;
  }
  interface FastifyRequest {
    /** What this write request has changed so far (lib/change-bus.ts noteChange). */
    changedTopics?: Set<ChangeTopic>;
  }
}

/**
 * Opens this process's change feed (lib/change-bus.ts) as `app.changes`, closed before the database.
 *
 * A write's notice reaches this process's own caches through the database a moment after its
 * commit, possibly after the writer has its answer and reads again. So a write request that
 * changed something also tells this process's caches just before it answers (its transactions have
 * committed by then), about what it changed and nothing else. A refused or failed request tells
 * nothing: its transaction rolled back, so the caches are still right, and a client sending
 * refused writes in a loop cannot keep emptying them for everyone else (issue 19).
 */
async function changesPlugin(app: FastifyInstance, opts: { handle: DatabaseHandle }) {
  const bus = await openChangeBus(opts.handle, app.log);
  app.decorate('changes', bus);
  // Only on the routes that may write (a read changes nothing), as callback hooks: the record is
  // opened around the rest of the request's handling, and read back before it answers.
  addHookWhereMethod(
    app,
    'onRequest',
    (request, _reply, done) => {
      if (isReadMethod(request.method)) return done();
      request.changedTopics = new Set();
      recordChanges(request.changedTopics, done);
    },
    (method) => !isReadMethod(method),
  );
  addHookWhereMethod(
    app,
    'onSend',
    (request, reply, payload, done) => {
      const changed = request.changedTopics;
      if (changed && changed.size > 0 && reply.statusCode < 400) bus.changedHere([...changed]);
      done(null, payload);
    },
    (method) => !isReadMethod(method),
  );
  app.addHook('onClose', () => bus.close());
}

export default fp(changesPlugin, { name: 'changes', dependencies: ['database'] });
