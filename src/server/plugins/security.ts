import compress from '@fastify/compress';
import etag from '@fastify/etag';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Security headers on every response, compression and ETags. */
async function securityPlugin(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        // The built SPA loads only its own module scripts: no inline script, no eval.
        'script-src': ["'self'"],
        'img-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        // Served over plain HTTP in development and tests; TLS is the proxy's job in production.
        'upgrade-insecure-requests': null,
      },
    },
    // The SPA's own images are fetched same-origin; nothing else embeds us.
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { threshold: 1024 });
  await app.register(etag);
}

export default fp(securityPlugin, { name: 'security' });
