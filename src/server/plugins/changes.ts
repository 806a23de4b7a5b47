import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../db/client';
import { openChangeBus, type ChangeBus } from '../db/change-bus';

declare module 'fastify' {
  interface FastifyInstance {
    /** Changes made by any app process on this database, each heard once; the catalogue cache listens (decision 029). */
    changes: ChangeBus;
  }
}

/**
 * Opens this process's change feed (lib/change-bus.ts) as `app.changes`, closed before the database.
 * A request needs nothing of its own: what its transactions changed is heard as each one commits,
 * and a refused or failed request's transaction rolled back, so it tells nothing.
 */
async function changesPlugin(app: FastifyInstance, opts: { handle: DatabaseHandle }) {
  const bus = await openChangeBus(opts.handle, app.log);
  app.decorate('changes', bus);
  app.addHook('onClose', () => bus.close());
}

export default fp(changesPlugin, { name: 'changes', dependencies: ['database'] });
