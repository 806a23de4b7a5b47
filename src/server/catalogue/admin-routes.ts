import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  deletedCountSchema,
  idParam,
  insertedIdSchema,
  lowStockMarksQuerySchema,
  lowStockMarksSchema,
  isUuid,
  modifiedCountSchema,
  productCreateSchema,
  productPatchSchema,
  toolLowStockSchema,
} from '../../shared';
import { eq } from 'drizzle-orm';
import { tools } from '../db/schema';
import { readSettings } from '../settings/settings-repository';
import { setNoStore } from '../lib/cache-headers';
import { DomainError } from '../lib/domain-errors';
import { readLowStockMarks } from './low-stock-marks';
import { createTool, deleteTool, updateTool } from './tools-admin-service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/**
 * The admin's catalogue writes. The admin check runs on `onRequest`, before the body is read or
 * validated: an anonymous caller or a customer learns nothing about the body rules and gets 401/403.
 */
export const toolsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => setNoStore(reply));

  app.post(
    '/items',
    {
      onRequest: app.requireAdmin,
      schema: { summary: 'Add a tool: admins', tags: ['catalogue'], body: productCreateSchema, response: { 201: insertedIdSchema, ...errors } },
    },
    async (request, reply) => {
      const tool = await createTool(app.db, request.identity!, request.body);
      request.log.info({ toolId: tool._id, by: request.identity!.userId }, 'tool created');
      return reply.code(201).header('location', `/api/items/${tool._id}`).send({ insertedId: tool._id });
    },
  );

  app.patch(
    '/items/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: 'Change a tool: admins',
        tags: ['catalogue'],
        params: idParam,
        body: productPatchSchema,
        response: { 200: modifiedCountSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      // A malformed id names no tool: the same 404 as an unknown one, and no query.
      if (!isUuid(id)) throw new DomainError('TOOL_NOT_FOUND');
      const modifiedCount = await updateTool(app.db, request.identity!, id, request.body);
      if (modifiedCount > 0) request.log.info({ toolId: id, by: request.identity!.userId }, 'tool updated');
      return { modifiedCount };
    },
  );

  app.get(
    '/items/low-stock-marks',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: "The low-stock mark in force for each of the given tools (their own, else the store's): admins",
        tags: ['catalogue'],
        querystring: lowStockMarksQuerySchema,
        response: { 200: lowStockMarksSchema, ...errors },
      },
    },
    async (request) => readLowStockMarks(app.db, request.query.ids),
  );

  app.get(
    '/items/:id/low-stock',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: "A tool's low-stock threshold, and the store's: admins",
        tags: ['catalogue'],
        params: idParam,
        response: { 200: toolLowStockSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!isUuid(id)) throw new DomainError('TOOL_NOT_FOUND');
      const [tool] = await app.db.select({ lowStockThreshold: tools.lowStockThreshold }).from(tools).where(eq(tools.id, id));
      if (!tool) throw new DomainError('TOOL_NOT_FOUND');
      return { lowStockThreshold: tool.lowStockThreshold, storeThreshold: (await readSettings(app.db)).lowStockThreshold };
    },
  );

  app.delete(
    '/items/:id',
    {
      onRequest: app.requireAdmin,
      schema: { summary: 'Delete a tool: admins', tags: ['catalogue'], params: idParam, response: { 200: deletedCountSchema, ...errors } },
    },
    async (request) => {
      const { id } = request.params;
      if (!isUuid(id)) throw new DomainError('TOOL_NOT_FOUND');
      const deletedCount = await deleteTool(app.db, request.identity!, id);
      request.log.info({ toolId: id, by: request.identity!.userId }, 'tool deleted');
      return { deletedCount };
    },
  );
};
