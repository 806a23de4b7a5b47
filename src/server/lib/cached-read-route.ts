import type { FastifyBaseLogger, RouteShorthandOptions } from 'fastify';
import { CACHED_READ_LOG_LEVEL } from './log-levels';

/** Fastify's type for a route's `childLoggerFactory` (the package does not export it by name). */
type ChildLoggerFactory = NonNullable<RouteShorthandOptions['childLoggerFactory']>;

const quietLoggers = new WeakMap<FastifyBaseLogger, FastifyBaseLogger>();

/**
 * Fastify makes each request a child logger bound to its id, and a route's own level makes pino
 * rebuild every log method of every such child. These routes log nothing but a failure, one line
 * that names the request itself, so they share one child at their level per app logger instead.
 */
const sharedQuietLogger: ChildLoggerFactory = (logger, _bindings, options) => {
  let quiet = quietLoggers.get(logger);
  if (!quiet) {
    quiet = logger.child({}, options);
    quietLoggers.set(logger, quiet);
  }
  return quiet;
};

/**
 * Route options shared by the public reads answered from memory (catalogue-cache/), the
 * hottest requests of the store (docs/bench.md):
 * - logged at warn (lib/log-levels.ts), through one shared logger;
 * - their answers are kept gzipped already and carry their own encoding, and they have no body to
 *   decompress, so @fastify/compress's three hooks (request, body, answer) would only look and
 *   pass: they are left off these routes.
 */
export const CACHED_READ_ROUTE = {
  logLevel: CACHED_READ_LOG_LEVEL,
  childLoggerFactory: sharedQuietLogger,
  compress: false,
  decompress: false,
} as const;
