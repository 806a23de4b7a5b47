import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acknowledgedSchema,
  adminStatusSchema,
  API_ERRORS,
  apiErrorSchema,
  emailParamSchema,
  modifiedCountSchema,
  profileSchema,
  profileUpdateSchema,
  TOTAL_COUNT_HEADER,
  userSummarySchema,
  usersQuerySchema,
} from '../../shared';
import { setNoStore } from '../lib/cache-headers';
import { NotAllowedError, NotFoundError, NotSignedInError } from '../lib/domain-errors';
import type { Identity } from '../identity/identity';
import { findProfileByEmail, listUsers, promoteToAdmin, updateProfile } from './users-repository';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** A person may act on their own email; an admin on anyone's. */
function assertSelfOrAdmin(identity: Identity | null, email: string) {
  if (!identity) throw new NotSignedInError(API_ERRORS.signInRequired);
  if (identity.email !== email.toLowerCase() && identity.role !== 'admin') throw new NotAllowedError(API_ERRORS.forbidden);
}

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => setNoStore(reply));

  app.put(
    '/user/:email',
    {
      preHandler: app.requireUserOrSession,
      schema: { params: emailParamSchema, body: profileUpdateSchema, response: { 200: acknowledgedSchema, ...errors } },
    },
    async (request) => {
      assertSelfOrAdmin(request.identity, request.params.email);
      const matchedCount = await updateProfile(app.db, request.params.email, request.body);
      if (matchedCount === 0) throw new NotFoundError(API_ERRORS.userNotFound);
      return { acknowledged: true, matchedCount };
    },
  );

  app.get(
    '/user/:email',
    { preHandler: app.requireUserOrSession, schema: { params: emailParamSchema, response: { 200: profileSchema, ...errors } } },
    async (request) => {
      assertSelfOrAdmin(request.identity, request.params.email);
      const profile = await findProfileByEmail(app.db, request.params.email);
      if (!profile) throw new NotFoundError(API_ERRORS.userNotFound);
      return profile;
    },
  );

  app.get(
    '/user',
    { preHandler: app.requireAdmin, schema: { querystring: usersQuerySchema, response: { 200: z.array(userSummarySchema), ...errors } } },
    async (request, reply) => {
      const { items, total } = await listUsers(app.db, request.query);
      reply.header(TOTAL_COUNT_HEADER, total);
      return items;
    },
  );

  app.get(
    '/admin/:email',
    { preHandler: app.requireUser, schema: { params: emailParamSchema, response: { 200: adminStatusSchema, ...errors } } },
    async (request) => {
      const identity = request.identity!;
      if (identity.email === request.params.email.toLowerCase()) return { admin: identity.role === 'admin' };
      assertSelfOrAdmin(identity, request.params.email);
      const profile = await findProfileByEmail(app.db, request.params.email);
      if (!profile) throw new NotFoundError(API_ERRORS.userNotFound);
      return { admin: profile.role === 'admin' };
    },
  );

  app.put(
    '/user/admin/:email',
    { preHandler: app.requireAdmin, schema: { params: emailParamSchema, response: { 200: modifiedCountSchema, ...errors } } },
    async (request) => {
      const result = await promoteToAdmin(app.db, request.params.email, request.identity!);
      if (!result.found) throw new NotFoundError(API_ERRORS.userNotFound);
      request.log.info({ by: request.identity?.userId, email: request.params.email }, 'user promoted to admin');
      return { modifiedCount: result.modified ? 1 : 0 };
    },
  );
};
