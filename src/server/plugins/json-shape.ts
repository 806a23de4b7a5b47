import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { TransportError } from '../lib/transport-error';
import { findJsonProblem } from '../lib/json-shape';
import { addHookWhereMethod, mayHaveBody } from '../lib/method-route-hooks';

/** Refuses absurdly nested JSON bodies with 400 before any route sees them. */
async function jsonShapePlugin(app: FastifyInstance) {
  // Only on the routes that may be sent a body (not the GET and HEAD ones), as a callback hook.
  addHookWhereMethod(
    app,
    'preValidation',
    (request, _reply, done) => {
      if (request.body === null || typeof request.body !== 'object' || Buffer.isBuffer(request.body)) return done();
      const problem = findJsonProblem(request.body, false);
      done(problem?.kind === 'too-deep' ? new TransportError('BODY_TOO_DEEP') : undefined);
    },
    mayHaveBody,
  );
}

export default fp(jsonShapePlugin, { name: 'json-shape' });
