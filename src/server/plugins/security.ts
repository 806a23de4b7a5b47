import compress from '@fastify/compress';
import etag from '@fastify/etag';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Stripe.js and its Elements iframes, as Stripe's security guide lists them (hooks.stripe.com
 * frames 3-D Secure challenges). Allowed only when Stripe is the payment provider.
 */
const STRIPE_SOURCES = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};

/** Google serves profile photos (shown as the avatar) from its user-content hosts. */
const GOOGLE_PHOTO_SOURCES = ['https://*.googleusercontent.com'];

/** Security headers on every response, compression and ETags. */
async function securityPlugin(app: FastifyInstance, opts: { stripe?: boolean; google?: boolean } = {}) {
  const stripe = opts.stripe === true;
  const google = opts.google === true;
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        // The built SPA loads only its own module scripts: no inline script, no eval.
        'script-src': ["'self'", ...(stripe ? STRIPE_SOURCES.script : [])],
        // Product photos are uploaded to the store ('self') or are https links an admin gave (the
        // product schema refuses http and every other scheme). Images cannot run script, so any
        // https host is acceptable; plain http would be mixed content. The Stripe and Google hosts
        // are already covered by https: and stay listed only to say who needs them.
        'img-src': ["'self'", 'data:', 'https:', ...(stripe ? STRIPE_SOURCES.img : []), ...(google ? GOOGLE_PHOTO_SOURCES : [])],
        'connect-src': ["'self'", ...(stripe ? STRIPE_SOURCES.connect : [])],
        ...(stripe ? { 'frame-src': ["'self'", ...STRIPE_SOURCES.frame] } : {}),
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
