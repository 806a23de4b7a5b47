import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountSessionSchema, apiErrorSchema, endedSessionsSchema } from '../../shared';
import { setNoStore } from '../lib/cache-headers';
import { DomainError } from '../lib/domain-errors';
import { endAccountSession, endAllAccountSessions, listAccountSessions } from './sessions-repository';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
/** better-auth's session ids are letters and digits; anything else names no session (and a NUL byte would reach the database). */
const sessionIdParam = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, { error: 'Not a session id' }) });

/**
 * The signed-in person's own sessions (the dashboard's Sessions page): which browsers are signed
 * in, ending one, and "sign out everywhere". Only ids go out, never a session's token (what
 * better-auth's /list-sessions handed to the page: decision 023). Ending a session also ends the
 * access tokens issued for it.
 */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => setNoStore(reply));

  app.get(
    '/account/sessions',
    {
      preHandler: app.requireUser,
      schema: { summary: "One's signed-in sessions", tags: ['accounts'], response: { 200: z.array(accountSessionSchema), ...errors } },
    },
    async (request) => listAccountSessions(app.db, request.identity!.userId, request.identity!.sessionId),
  );

  app.delete(
    '/account/sessions/:id',
    {
      preHandler: app.requireUser,
      schema: { summary: "End one of one's sessions", tags: ['accounts'], params: sessionIdParam, response: { 200: endedSessionsSchema, ...errors } },
    },
    async (request) => {
      const endedCount = await endAccountSession(app.db, request.identity!.userId, request.params.id);
      if (endedCount === 0) throw new DomainError('SESSION_NOT_FOUND');
      return { endedCount };
    },
  );

  app.delete(
    '/account/sessions',
    {
      preHandler: app.requireUser,
      schema: { summary: "End all of one's sessions (sign out everywhere)", tags: ['accounts'], response: { 200: endedSessionsSchema, ...errors } },
    },
    async (request) => {
      const endedCount = await endAllAccountSessions(app.db, request.identity!.userId);
      request.log.info({ userId: request.identity!.userId, endedCount }, 'signed out everywhere');
      return { endedCount };
    },
  );
};
