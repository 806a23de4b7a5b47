import compress from '@fastify/compress';
import etag from '@fastify/etag';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
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

/**
 * Headers that protect a page a browser renders: what it may load and run (CSP), framing,
 * window isolation. They mean nothing on JSON, scripts, styles or photos, which a browser never
 * renders as a page (nosniff sees to that), so only documents carry them: HTML, and SVG, which a
 * browser runs as a document when it is opened on its own. About 900 bytes saved per answer.
 */
const DOCUMENT_ONLY = new Set([
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
]);
const DOCUMENT_TYPES = /^(text\/html|image\/svg\+xml|application\/xhtml\+xml)\b/;

/** helmet's headers for these options, worked out once: the policy is the same for every request. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  let done = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => (done = true));
  if (!done) throw new Error('helmet did not finish synchronously: the security headers cannot be precomputed');
  return headers;
}

/**
 * Security headers, compression and ETags. The headers are helmet's, computed once at start
 * rather than per request (recomputing the same CSP for every answer was a visible share of a
 * catalogue read's time, docs/bench.md); every answer gets the ones that protect any response
 * (nosniff, HSTS, CORP, referrer policy), and documents get the rest.
 */
async function securityPlugin(app: FastifyInstance, opts: { stripe?: boolean; google?: boolean } = {}) {
  const stripe = opts.stripe === true;
  const google = opts.google === true;
  const all = helmetHeaders({
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
  const everyAnswer = Object.fromEntries(Object.entries(all).filter(([name]) => !DOCUMENT_ONLY.has(name)));
  const documentsOnly = Object.fromEntries(Object.entries(all).filter(([name]) => DOCUMENT_ONLY.has(name)));

  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.headers(everyAnswer);
    if (DOCUMENT_TYPES.test(String(reply.getHeader('content-type') ?? ''))) reply.headers(documentsOnly);
    done(null, payload);
  });
  await app.register(compress, { threshold: 1024 });
  await app.register(etag);
}

export default fp(securityPlugin, { name: 'security' });
