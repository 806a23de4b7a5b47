import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { AppDatabase, AppTransaction, DatabaseHandle } from '../db/client';

/**
 * What can change under a process's caches. `tools`: a tool was added, edited or deleted (the
 * catalogue's rows and count). `stock`: a tool's available quantity moved (an order placed,
 * deleted, expired or revived, an admin's restock). `reviews`: a review was posted. Caches
 * subscribe to the topics they depend on.
 */
export const CHANGE_TOPICS = ['tools', 'stock', 'reviews'] as const;
export type ChangeTopic = (typeof CHANGE_TOPICS)[number];

/** The PostgreSQL channel every app process listens on (docs/decisions/012-scale-out.md). */
export const CHANGES_CHANNEL = 'store_changes';

const isTopic = (payload: string): payload is ChangeTopic => (CHANGE_TOPICS as readonly string[]).includes(payload);

/**
 * Tells every app process on the database, this one included, that `topic` changed. Called with
 * the transaction that makes the change, it is delivered when that transaction commits and never
 * if it rolls back (PostgreSQL and PGlite both hold a NOTIFY until commit, and send one per topic
 * per transaction however often it is called), so no process re-reads the old value after being told.
 */
export async function publishChange(executor: AppDatabase | AppTransaction, topic: ChangeTopic): Promise<void> {
  await executor.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${topic})`);
  noteChange(topic);
}

/**
 * The same notice as publishChange, as an SQL expression to put in the RETURNING list of the
 * statement that makes the change: it is sent once per row the statement changed (PostgreSQL
 * folds duplicates within a transaction), and costs no round trip of its own. The caller calls
 * noteChange(topic) when the statement returned a row.
 */
export const changeNotice = (topic: ChangeTopic) => sql<string>`pg_notify(${CHANGES_CHANNEL}, ${topic})`;

/** The topics the request being served has changed so far (plugins/changes.ts opens the record). */
const changesOfThisRequest = new AsyncLocalStorage<Set<ChangeTopic>>();

/** Runs `fn` (a request's handling) with a record of the topics it changes in `changed`. */
export function recordChanges(changed: Set<ChangeTopic>, fn: () => void): void {
  changesOfThisRequest.run(changed, fn);
}

/**
 * Notes that the request being served changed `topic`, so that this process's caches are told
 * before it answers (plugins/changes.ts). Outside a request (a sweep, the seed) it does nothing:
 * the database's echo of the notice tells the caches.
 */
export function noteChange(topic: ChangeTopic): void {
  changesOfThisRequest.getStore()?.add(topic);
}

export type ChangeHandler = (topic: ChangeTopic) => void;

export interface ChangeBus {
  /** `handler` hears every change published by any process. Answers a function that unsubscribes. */
  subscribe(handler: ChangeHandler): () => void;
  /** publishChange outside a transaction: delivered at once. Inside one, call publishChange(tx, ...). */
  publish(topic: ChangeTopic): Promise<void>;
  /**
   * Tells this process's subscribers at once that these topics (by default every one) changed,
   * without waiting for the database to echo the notice: called before a write request in this
   * process answers with what it changed, so the writer's next read cannot beat the echo to a
   * stale cache (plugins/changes.ts).
   */
  changedHere(topics?: readonly ChangeTopic[]): void;
  close(): Promise<void>;
}

interface BusLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * Subscribes this process to the database's change feed (LISTEN). While the feed is lost (the
 * listening connection dropped), subscribers are told that everything changed, once when it is
 * lost and once when it is back, since changes made meanwhile were not heard; caches keep their
 * own time limits as the bound in between.
 */
export async function openChangeBus(handle: DatabaseHandle, log: BusLog): Promise<ChangeBus> {
  const handlers = new Set<ChangeHandler>();
  const deliver = (topic: ChangeTopic) => {
    for (const handler of handlers) {
      try {
        handler(topic);
      } catch (error) {
        log.error({ err: error, topic }, 'a change subscriber failed');
      }
    }
  };
  const deliverAll = () => CHANGE_TOPICS.forEach(deliver);

  const stop = await handle.listen(CHANGES_CHANNEL, {
    notify: (payload) => {
      if (isTopic(payload)) deliver(payload);
    },
    lost: (error) => {
      log.warn({ err: error }, "lost the database change feed: other processes' catalogue changes reach this one only as caches expire, until it is back");
      deliverAll();
    },
    resumed: () => {
      log.info({}, 'the database change feed is back');
      deliverAll();
    },
  });

  return {
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    publish: (topic) => publishChange(handle.db, topic),
    changedHere: (topics = CHANGE_TOPICS) => topics.forEach(deliver),
    async close() {
      handlers.clear();
      await stop();
    },
  };
}
