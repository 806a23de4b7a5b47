import type { FastifyRequest } from 'fastify';
import { isUuid } from '../../shared';
import type { AppDatabase } from '../db/client';
import type { Identity } from '../identity/identity';
import { DomainError } from '../lib/domain-errors';
import { findOrder, findOrderWithStock, type OrderWithLines } from './orders-repository';

/**
 * Who may act on one order. Its buyer and admins may see it; to anyone else it does not exist
 * (404, as for a malformed id or a missing order), so nobody learns which order ids are in use.
 * Routes ask through the preHandlers below, after requireUser; their handlers read the order the
 * guard loaded (`guardedOrder`) and never look at the caller's role.
 */

const notFound = () => new DomainError('ORDER_NOT_FOUND');

/** An order id from a path, or 404: a malformed id is an order that does not exist. */
export function orderIdOrNotFound(id: string): string {
  if (!isUuid(id)) throw notFound();
  return id;
}

/** The order with this id, or 404. */
export async function existingOrder(db: AppDatabase, id: string): Promise<OrderWithLines> {
  const order = await findOrder(db, orderIdOrNotFound(id));
  if (!order) throw notFound();
  return order;
}

/** The order if `viewer` is its buyer or an admin; otherwise 404. */
export async function visibleOrder(db: AppDatabase, id: string, viewer: Pick<Identity, 'userId' | 'role'>): Promise<OrderWithLines> {
  const order = await existingOrder(db, id);
  if (order.userId !== viewer.userId && viewer.role !== 'admin') throw notFound();
  return order;
}

/** The order if `buyer` placed it; otherwise 404, to admins too (nobody pays for someone else's order). */
export async function ownOrder(db: AppDatabase, id: string, buyer: Pick<Identity, 'userId'>): Promise<OrderWithLines> {
  const order = await existingOrder(db, id);
  if (order.userId !== buyer.userId) throw notFound();
  return order;
}

const guarded = new WeakMap<FastifyRequest, OrderWithLines>();

/** The order a guard below loaded for this request, as it was when the guard read it. */
export function guardedOrder(request: FastifyRequest): OrderWithLines {
  const order = guarded.get(request);
  if (!order) throw new Error(`${request.method} ${request.routeOptions.url} reads an order no guard loaded`);
  return order;
}

const signedIn = (request: FastifyRequest): Identity => {
  if (!request.identity) throw new Error('an order guard runs after requireUser');
  return request.identity;
};
const orderIdOf = (request: FastifyRequest) => (request.params as { id: string }).id;

/** preHandler, after requireUser: the order in the path (`:id`) is the caller's, or the caller is an admin; else 404. */
export async function requireOrderViewer(request: FastifyRequest): Promise<void> {
  guarded.set(request, await visibleOrder(request.server.db, orderIdOf(request), signedIn(request)));
}

/** preHandler, after requireUser: the caller placed the order in the path (`:id`); anyone else, admins too, gets 404. */
export async function requireOrderBuyer(request: FastifyRequest): Promise<void> {
  guarded.set(request, await ownOrder(request.server.db, orderIdOf(request), signedIn(request)));
}

/**
 * preHandler, after requireOrderViewer: of those who may see the order, only its buyer may do
 * this; an admin is refused (403), as the spec's PATCH has always answered.
 */
export async function requireBuyerOfViewedOrder(request: FastifyRequest): Promise<void> {
  if (guardedOrder(request).userId !== signedIn(request).userId) throw new DomainError('FORBIDDEN');
}

/** ownOrder, with the stock of its tools as it is now, read by the same statement (asking for a payment). */
export async function ownOrderWithStock(db: AppDatabase, id: string, buyer: Pick<Identity, 'userId'>) {
  const found = await findOrderWithStock(db, orderIdOrNotFound(id));
  if (found?.order.userId !== buyer.userId) throw notFound();
  return found;
}
