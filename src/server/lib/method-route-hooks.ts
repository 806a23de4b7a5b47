import type { FastifyInstance, HTTPMethods, onRequestHookHandler, onSendHookHandler, preValidationHookHandler, RouteOptions } from 'fastify';

/** Methods that never change anything. */
const READ_METHODS = new Set<string>(['GET', 'HEAD', 'OPTIONS']);
export const isReadMethod = (method: string) => READ_METHODS.has(method);

/** Methods whose body Fastify parses (it never reads one on GET or HEAD). */
export const mayHaveBody = (method: string) => method !== 'GET' && method !== 'HEAD';

const asList = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

type RouteHooks = { onRequest?: unknown; preValidation?: unknown; onSend?: unknown };

/**
 * Adds a hook to each route registered from now on that answers at least one method `wanted`
 * picks, and to no other: a hook that concerns only writes or bodies then costs the reads, the
 * hottest requests, nothing (docs/bench.md). A route may answer several methods, so the hook still
 * checks `request.method` itself where that matters.
 */
export function addHookWhereMethod(app: FastifyInstance, name: 'onRequest', hook: onRequestHookHandler, wanted: (method: string) => boolean): void;
export function addHookWhereMethod(app: FastifyInstance, name: 'preValidation', hook: preValidationHookHandler, wanted: (method: string) => boolean): void;
export function addHookWhereMethod(app: FastifyInstance, name: 'onSend', hook: onSendHookHandler, wanted: (method: string) => boolean): void;
export function addHookWhereMethod(
  app: FastifyInstance,
  name: keyof RouteHooks,
  hook: onRequestHookHandler | preValidationHookHandler | onSendHookHandler,
  wanted: (method: string) => boolean,
) {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!asList<HTTPMethods>(route.method).some(wanted)) return;
    const hooks = route as RouteHooks;
    // Before the route's own hooks, where a hook added with addHook would run.
    hooks[name] = [hook, ...asList(hooks[name])];
  });
}
