import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDatabase } from '../db/client';
import { MIGRATIONS_FOLDER } from '../db/migrate';
import { setNoStore } from '../lib/cache-headers';
import { checkReadiness, expectedMigrations } from './readiness';

interface HealthRoutesOptions {
  /**
   * Where readiness asks the database (DatabaseHandle.probe: on PostgreSQL a connection outside the
   * pool, so a pool busy with one client's queries does not read as a database away). Default: app.db.
   */
  probe?: AppDatabase;
  /** Where this build's migrations are; the journal is read once, here, not on every probe. */
  migrationsFolder?: string;
  /** How long /ready waits for the database before answering 503. */
  readyTimeoutMs?: number;
}

const aliveSchema = z.object({ status: z.literal('ok') }).describe('The process is up and answering');
const readySchema = z.object({ status: z.literal('ready') }).describe('The database answers and every migration is applied');
const notReadySchema = z
  .object({
    status: z.literal('not ready'),
    reason: z.enum(['database unreachable', 'database too slow', 'migrations pending', 'shutting down']),
  })
  .describe('Do not send traffic here (yet)');

/**
 * Probes for a balancer or orchestrator. They are polled every few seconds by machines, so they
 * are not logged at info level (errors still are), never rate limited (a limited probe would take
 * a healthy process out of rotation), never cached, and need no sign-in.
 */
export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, opts) => {
  const expected = expectedMigrations(opts.migrationsFolder ?? MIGRATIONS_FOLDER);
  const readyTimeoutMs = opts.readyTimeoutMs ?? 2000;
  const probe = { logLevel: 'warn', config: { rateLimit: false } } as const;

  // Fastify answers 503 itself to requests that arrive once close() has begun (return503OnClosing);
  // this flag covers a probe that was already past the router when shutdown started.
  let shuttingDown = false;
  app.addHook('preClose', async () => {
    shuttingDown = true;
  });

  app.get(
    '/health',
    { ...probe, schema: { summary: 'Liveness: the process answers', tags: ['operations'], response: { 200: aliveSchema } } },
    async (_request, reply) => {
      setNoStore(reply);
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/ready',
    {
      ...probe,
      schema: {
        summary: 'Readiness: the database answers and migrations are applied',
        description: 'Answers 503 while the database is unreachable, migrations are pending, or the process is shutting down.',
        tags: ['operations'],
        // The probe's 503 asks for no particular wait (no Retry-After): the balancer polls on its own schedule.
        responseHeaders: { 503: {} },
        response: { 200: readySchema, 503: notReadySchema },
      },
    },
    async (_request, reply) => {
      setNoStore(reply);
      const readiness = await checkReadiness(opts.probe ?? app.db, expected, readyTimeoutMs);
      // Checked after the database answered: shutdown may have begun while the probe waited.
      if (shuttingDown) return reply.code(503).send({ status: 'not ready' as const, reason: 'shutting down' as const });
      if (!readiness.ready) return reply.code(503).send({ status: 'not ready', reason: readiness.reason });
      return { status: 'ready' as const };
    },
  );
};
