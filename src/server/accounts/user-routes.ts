import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acknowledgedSchema,
  adminStatusSchema,
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
import { DomainError } from '../lib/domain-errors';
import type { Identity } from '../identity/identity';
import { demoteToCustomer, findProfileByEmail, listUsers, promoteToAdmin, updateProfile } from './users-repository';
import { PAGED_LIST_HEADERS } from '../plugins/api-docs-operations';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** A person may act on their own email; an admin on anyone's. */
function assertSelfOrAdmin(identity: Identity | null, email: string) {
  if (!identity) throw new DomainError('SIGN_IN_REQUIRED');
  if (identity.email !== email.toLowerCase() && identity.role !== 'admin') throw new DomainError('FORBIDDEN');
}

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => setNoStore(reply));

  app.put(
    '/user/:email',
    {
      preHandler: app.requireUserOrSession,
      schema: {
        summary: "Change a profile: one's own, or any as an admin",
        tags: ['accounts'],
        params: emailParamSchema,
        body: profileUpdateSchema,
        response: { 200: acknowledgedSchema, ...errors },
      },
    },
    async (request) => {
      const identity = request.identity;
      assertSelfOrAdmin(identity, request.params.email);
      // An admin editing someone else's profile is an admin change, and audited; one's own is not.
      const editsSomeoneElse = identity!.email !== request.params.email.toLowerCase();
      const matchedCount = await updateProfile(app.db, request.params.email, request.body, editsSomeoneElse ? identity! : undefined);
      if (matchedCount === 0) throw new DomainError('USER_NOT_FOUND');
      return { acknowledged: true, matchedCount };
    },
  );

  app.get(
    '/user/:email',
    {
      preHandler: app.requireUserOrSession,
      schema: {
        summary: "A profile: one's own, or any as an admin",
        tags: ['accounts'],
        params: emailParamSchema,
        response: { 200: profileSchema, ...errors },
      },
    },
    async (request) => {
      assertSelfOrAdmin(request.identity, request.params.email);
      const profile = await findProfileByEmail(app.db, request.params.email);
      if (!profile) throw new DomainError('USER_NOT_FOUND');
      return profile;
    },
  );

  app.get(
    '/user',
    {
      preHandler: app.requireAdmin,
      schema: {
        summary: 'Every account, paged: admins',
        tags: ['accounts', 'admin'],
        responseHeaders: PAGED_LIST_HEADERS,
        querystring: usersQuerySchema,
        response: { 200: z.array(userSummarySchema), ...errors },
      },
    },
    async (request, reply) => {
      const { items, total } = await listUsers(app.db, request.query);
      reply.header(TOTAL_COUNT_HEADER, total);
      return items;
    },
  );

  app.get(
    '/admin/:email',
    {
      preHandler: app.requireUser,
      schema: {
        summary: "Whether an account is an admin: one's own, or any as an admin",
        tags: ['accounts'],
        params: emailParamSchema,
        response: { 200: adminStatusSchema, ...errors },
      },
    },
    async (request) => {
      const identity = request.identity!;
      if (identity.email === request.params.email.toLowerCase()) return { admin: identity.role === 'admin' };
      assertSelfOrAdmin(identity, request.params.email);
      const profile = await findProfileByEmail(app.db, request.params.email);
      if (!profile) throw new DomainError('USER_NOT_FOUND');
      return { admin: profile.role === 'admin' };
    },
  );

  /**
   * Who may change a role: an admin who has just proved who they are (signed in, or gave their
   * password or a code again, within the last few minutes: decision 023), for promotion and
   * demotion alike. A stolen session or token alone cannot make a new admin.
   */
  const roleChangeGuards: Guard[] = [app.requireAdmin, app.requireFreshAuth];

  app.put(
    '/user/admin/:email',
    {
      preHandler: roleChangeGuards,
      schema: {
        summary: 'Make an account an admin: admins, freshly signed in',
        tags: ['accounts', 'admin'],
        params: emailParamSchema,
        response: { 200: modifiedCountSchema, ...errors },
      },
    },
    async (request) => {
      const result = await promoteToAdmin(app.db, request.params.email, request.identity!);
      if (!result.found) throw new DomainError('USER_NOT_FOUND');
      request.log.info({ by: request.identity?.userId, email: request.params.email }, 'user promoted to admin');
      return { modifiedCount: result.modified ? 1 : 0 };
    },
  );

  // An admin becomes a customer again, at once in every process (roles are read on every request).
  // 409 when no other admin would remain; an admin may demote themselves while another remains.
  app.delete(
    '/user/admin/:email',
    {
      preHandler: roleChangeGuards,
      schema: {
        summary: "Take an account's admin role away: admins, freshly signed in",
        tags: ['accounts', 'admin'],
        params: emailParamSchema,
        response: { 200: modifiedCountSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const result = await demoteToCustomer(app.db, request.params.email, request.identity!);
      if (!result.found) throw new DomainError('USER_NOT_FOUND');
      if (result.modified) request.log.info({ by: request.identity?.userId, email: request.params.email }, 'admin made a customer');
      return { modifiedCount: result.modified ? 1 : 0 };
    },
  );
};
