import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { createIdentityMailer } from './accounts/identity-mail';
import { adminRoutes } from './admin/routes';
import { authRoutes } from './accounts/auth-routes';
import { firstAdmin, type CreatedAdmin } from './accounts/first-admin';
import { loginRoutes } from './accounts/login-routes';
import { createSignInThrottle } from './accounts/sign-in-throttle';
import { userRoutes } from './accounts/user-routes';
import { sessionRoutes } from './accounts/session-routes';
import { dataRightsRoutes } from './accounts/data-rights-routes';
import { cartRoutes } from './cart/routes';
import { catalogueRoutes } from './catalogue/routes';
import { contactRoutes } from './contact/routes';
import { healthRoutes } from './health/routes';
import type { DatabaseHandle } from './db/client';
import authenticationPlugin from './plugins/authentication';
import { orderRoutes } from './orders/routes';
import { adminOrderRoutes } from './orders/admin-order-routes';
import { settingsRoutes } from './settings/routes';
import { legalRoutes, legalSettingsRoutes } from './legal/routes';
import { taxConfigRoutes, taxRoutes } from './tax/routes';
import { invoiceRoutes } from './invoices/routes';
import { exportRoutes } from './exports/routes';
import { orderExpirySweep } from './orders/expiry-sweep';
import { createPaymentProvider } from './payments/create-provider';
import { paymentRoutes } from './orders/payment-routes';
import { paymentDepsOf, settleProviderPayment } from './orders/order-payment';
import { paymentConfigRoutes } from './payments/routes';
import storeSetupPlugin from './store-setup';
import { stripeWebhookRoutes } from './payments/stripe-webhook-routes';
import { TransportError } from './lib/transport-error';
import { maskEmails } from './lib/mask-emails';
import { maskLinkTokens } from './lib/mask-link-tokens';
import { serializeErrorForLog } from './lib/error-log-serializer';
import apiDocsPlugin from './plugins/api-docs';
import catalogueCachePlugin from './catalogue-cache/catalogue-cache-plugin';
import { FrontCache, serverWithFrontCache } from './catalogue-cache/front-cache';
import changesPlugin from './plugins/changes';
import databasePlugin, { type SeedStep } from './plugins/database';
import allowedMethodsPlugin from './plugins/allowed-methods';
import errorsPlugin, { sendNotFound } from './plugins/errors';
import mailPlugin from './mail/mail-plugin';
import followUpsPlugin from './follow-ups/follow-ups-plugin';
import { orderFollowUps } from './orders/order-follow-ups';
import jsonShapePlugin from './plugins/json-shape';
import rateLimitPlugin from './plugins/rate-limit';
import securityPlugin from './plugins/security';
import webAppPlugin from './plugins/web-app';
import storefrontPlugin from './storefront/storefront-plugin';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { reviewRoutes } from './reviews/routes';
import { seoPlugin } from './seo/seo-plugin';
import { SLUG_MAX } from '../shared';

/** Request bodies are small JSON documents; anything bigger is refused with 413. */
const BODY_LIMIT_BYTES = 100 * 1024;

export interface AppDependencies {
  /** An open, migrated database, which the caller closes. Tests pass one; without it the app opens, migrates and closes its own. */
  database?: DatabaseHandle;
  /** Where log lines go (standard output by default); tests read them from here. */
  logStream?: { write(line: string): void };
  /** Told of every route as it is registered; the fuzz test sends hostile input to each. */
  onRoute?: (route: RouteOptions) => void;
  /** Told of an admin account this start created (main.ts shows a generated password in its start banner). */
  onAdminCreated?: (admin: CreatedAdmin) => void;
  /** Told if the database is gone for good: the embedded database's worker died (main.ts stops the process). */
  onDatabaseLost?: (error: Error) => void;
  /** Fills a new store once its own database is migrated (main.ts gives the demo catalogue's seed/seed.ts). */
  seed?: SeedStep;
  /**
   * False: this process writes follow-ups (decision 044) but does none of them, as a process that
   * stopped right after a commit would leave them; the crash test starts a second app to do them.
   */
  runFollowUps?: boolean;
}

/**
 * The store as one Fastify app: plugins, then the routes. It composes and starts nothing itself
 * (decision 031): the database's own opening happens as its plugin loads, the first admin and the
 * order expiry sweep start in `onReady`, and each plugin stops what it started in `onClose`.
 */
export async function buildApp(config: AppConfig, deps: AppDependencies = {}): Promise<FastifyInstance> {
  // The public reads kept as bytes, answered again before the app's routing (decision 051).
  const frontCache = new FrontCache();
  const app = Fastify({
    serverFactory: serverWithFrontCache(frontCache),
    logger: {
      level: config.logLevel,
      ...(deps.logStream && { stream: deps.logStream }),
      // Paths such as /api/user/<email> would put customers' emails in every request log line, and
      // the verification call (/api/auth/verify-email?token=…) a link that signs its holder in.
      serializers: {
        req: (request: { method: string; url: string; ip?: string }) => ({
          method: request.method,
          url: maskLinkTokens(maskEmails(request.url)),
          remoteAddress: request.ip,
        }),
        // A failed query's parameters (customers' emails, names, addresses) stay out of the log.
        err: serializeErrorForLog,
      },
    },
    bodyLimit: BODY_LIMIT_BYTES,
    // A path parameter may be as long as a tool's address (/api/items/{slug}, /tools/{slug}); at
    // Fastify's default of 100, an address of 101 to 120 characters answered the router's 404.
    routerOptions: { maxParamLength: SLUG_MAX },
    // A client that trickles its headers or body, or idles on an open socket, would otherwise hold
    // a connection forever; a few hundred such sockets made the store unreachable.
    requestTimeout: config.timeouts.requestMs,
    connectionTimeout: config.timeouts.idleMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    // Node checks the header and request deadlines on this interval (30 s by default, which would
    // let a trickling client outlive a short deadline by that much).
    http: { headersTimeout: config.timeouts.headersMs, connectionsCheckingInterval: 1000 },
    // Which peers' X-Forwarded-For is believed: none by default, else N hops or the named proxies.
    // (A hop count is given as Fastify's own function form; its types omit the number form.)
    trustProxy:
      typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    return503OnClosing: true,
    // A plugin may take as long as its work takes: the database's waits for the data folder's lock
    // (up to 20 s), creates a new embedded database (tens of seconds on a busy machine) and runs
    // migrations. Fastify's 10 s limit is for callback plugins that forget `done`; ours are async.
    pluginTimeout: 0,
  }).withTypeProvider<ZodTypeProvider>();
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.decorate('frontCache', frontCache);
  // A closing app answers new requests 503 (return503OnClosing); replays would answer them 200.
  app.addHook('preClose', () => frontCache.stop());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON only; a text/plain body is refused with 415 rather than half-parsed.
  app.removeContentTypeParser('text/plain');

  await app.register(errorsPlugin);
  // Before any route: it learns every route's methods, for 405 answers.
  await app.register(allowedMethodsPlugin, { prefix: '/api' });
  await app.register(jsonShapePlugin);
  await app.register(securityPlugin, {
    stripe: config.payments.provider === 'stripe',
    google: config.auth.google !== null,
  });
  await app.register(rateLimitPlugin, { publicWritesPerMinute: config.publicWriteRateLimit, redis: config.redis });
  // The database given (tests), or the app's own: locked, opened, migrated and seeded as it loads.
  await app.register(databasePlugin, {
    ...(deps.database ? { handle: deps.database } : { open: config, seed: deps.seed }),
    onLost: deps.onDatabaseLost,
  });
  const database = app.database;
  await app.register(changesPlugin, { handle: database });
  await app.register(catalogueCachePlugin);
  await app.register(mailPlugin, { handle: database, config: config.mail });
  // Before any route: it collects them into the OpenAPI document as they are registered.
  await app.register(apiDocsPlugin);
  await app.register(authenticationPlugin, {
    config: config.auth,
    dataDir: config.dataDir,
    mailer: createIdentityMailer(database.db, config.auth.publicUrl),
  });
  await app.register(firstAdmin, { config: config.auth, onCreated: deps.onAdminCreated });
  await app.register(orderExpirySweep, { payMinutes: config.orderPayMinutes, everyMs: config.orderExpirySweepMs });
  const payments = await createPaymentProvider(config.payments, database.db);
  await app.register(storeSetupPlugin, {
    publicUrl: config.auth.publicUrl,
    payMinutes: config.orderPayMinutes,
    payments: { provider: payments.provider, testProcessor: payments.testProcessor, clientConfig: payments.clientConfig },
  });
  await app.register(followUpsPlugin, { handle: database, work: orderFollowUps(app.store.orderMail), run: deps.runFollowUps });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { probe: database.probe });
      // One throttle for every check of a password or code: sign-in, the identity routes, deleting an account.
      const signInThrottle = createSignInThrottle(database.db, config.auth.signInMaxFailures);
      await api.register(authRoutes, {
        publicUrl: config.auth.publicUrl,
        throttle: signInThrottle,
        rateLimitPerMinute: config.auth.rateLimitPerMinute,
        readRateLimitPerMinute: config.auth.readRateLimitPerMinute,
        signUpsPerHour: config.auth.signUpsPerHour,
      });
      await api.register(loginRoutes, {
        googleEnabled: config.auth.google !== null,
        emailVerification: config.auth.emailVerification.mode,
        adminTwoFactor: config.auth.adminTwoFactor,
      });
      await api.register(userRoutes);
      await api.register(sessionRoutes);
      await api.register(dataRightsRoutes, { throttle: signInThrottle });
      await api.register(catalogueRoutes, {
        uncachedReadsPerMinute: config.catalogue.uncachedReadsPerMinute,
        // PGlite has no statement_timeout (decision 026): its reads are bounded by what they may ask.
        queryTimeoutMs: database.kind === 'postgres' ? config.catalogue.queryTimeoutMs : null,
      });
      await api.register(orderRoutes, { maxUnpaidOrders: config.maxUnpaidOrders });
      await api.register(adminOrderRoutes);
      await api.register(settingsRoutes);
      await api.register(legalSettingsRoutes);
      await api.register(legalRoutes);
      await api.register(taxRoutes);
      await api.register(taxConfigRoutes);
      await api.register(invoiceRoutes);
      await api.register(exportRoutes);
      await api.register(cartRoutes);
      await api.register(paymentConfigRoutes, { clientConfig: payments.clientConfig });
      await api.register(paymentRoutes);
      if (payments.stripe) {
        await api.register(stripeWebhookRoutes, {
          ...payments.stripe,
          provider: payments.provider,
          settle: (orderId, intent, log) => settleProviderPayment(paymentDepsOf(app, log), orderId, intent),
        });
      }
      await api.register(reviewRoutes, { reviewsPerHour: config.reviewRateLimitPerHour });
      await api.register(contactRoutes);
      await api.register(adminRoutes);
      // Any other /api path is a 404 here, before the web app's file lookup (a stat per request);
      // a path that exists with other methods is a 405 that lists them. Both answers are far below
      // the compression threshold, so no compression hooks.
      api.all('/*', { schema: { hide: true }, config: { catchAll: true }, compress: false }, (request, reply) => {
        const allowed = app.allowedMethodsAt(request.url.split('?')[0] ?? '');
        if (allowed.length === 0) return sendNotFound(request, reply);
        throw new TransportError('METHOD_NOT_ALLOWED', { allow: allowed });
      });
    },
    { prefix: '/api' },
  );

  // The storefront's pages: each with its own head, a tool's rendered on the server (decision 040).
  const distDir = config.webDistDir;
  const hasBuild = distDir !== null && existsSync(path.join(distDir, 'index.html'));
  if (hasBuild) await app.register(storefrontPlugin, { distDir, publicUrl: config.auth.publicUrl });
  await app.register(seoPlugin, { publicUrl: config.auth.publicUrl });
  await app.register(webAppPlugin, { distDir, pages: hasBuild ? app.sendStorefrontPage : undefined });
  return app;
}

/** Trusts the `hops` nearest peers (the proxies), so the client is the next address to the left. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;
