import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_ERRORS } from '../../shared';
import { InvalidInputError } from '../lib/domain-errors';
import { findJsonProblem } from '../lib/json-shape';

/** Refuses absurdly nested JSON bodies with 400 before any route sees them. */
async function jsonShapePlugin(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (request.body === null || typeof request.body !== 'object' || Buffer.isBuffer(request.body)) return;
    const problem = findJsonProblem(request.body, false);
    if (problem?.kind === 'too-deep') throw new InvalidInputError(API_ERRORS.bodyTooDeep);
  });
}

export default fp(jsonShapePlugin, { name: 'json-shape' });
