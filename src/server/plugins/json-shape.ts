import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_ERRORS } from '../../shared';
import { InvalidInputError } from '../lib/domain-errors';
import { findJsonProblem } from '../lib/json-shape';

/** Refuses absurdly nested JSON bodies with 400 before any route sees them. */
async function jsonShapePlugin(app: FastifyInstance) {
  // A callback hook, not an async one: it runs on every request, and most have no body at all.
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.body === null || typeof request.body !== 'object' || Buffer.isBuffer(request.body)) return done();
    const problem = findJsonProblem(request.body, false);
    done(problem?.kind === 'too-deep' ? new InvalidInputError(API_ERRORS.bodyTooDeep) : undefined);
  });
}

export default fp(jsonShapePlugin, { name: 'json-shape' });
