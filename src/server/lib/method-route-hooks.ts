import type { FastifyInstance, HTTPMethods, preValidationHookHandler, RouteOptions } from 'fastify';

/** Methods whose body Fastify parses (it never reads one on GET or HEAD). */
export const mayHaveBody = (method: string) => method !== 'GET' && method !== 'HEAD';

const asList = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/**
 * Adds a preValidation hook to each route registered from now on that answers at least one method
 * `wanted` picks, and to no other: a hook that concerns only bodies then costs the reads, the
 * hottest requests, nothing (docs/bench.md). A route may answer several methods, so the hook still
 * checks `request.method` itself where that matters.
 */
export function addHookWhereMethod(app: FastifyInstance, name: 'preValidation', hook: preValidationHookHandler, wanted: (method: string) => boolean): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!asList<HTTPMethods>(route.method).some(wanted)) return;
    // Before the route's own hooks, where a hook added with addHook would run.
    route[name] = [hook, ...asList(route[name])];
  });
}
