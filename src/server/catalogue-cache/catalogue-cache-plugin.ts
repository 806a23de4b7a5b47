import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createCatalogueCache, type CatalogueCache } from './catalogue-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's one cache of public reads: catalogue and review answers, tool counts, photos (decision 029). */
    catalogueCache: CatalogueCache;
  }
}

/** Creates the catalogue cache on this process's change bus as `app.catalogueCache`; it stops listening when the app closes. */
async function catalogueCachePlugin(app: FastifyInstance) {
  const cache = createCatalogueCache(app.changes);
  app.decorate('catalogueCache', cache);
  app.addHook('onClose', async () => cache.close());
}

export default fp(catalogueCachePlugin, { name: 'catalogue-cache', dependencies: ['changes'] });
