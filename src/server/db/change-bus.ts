import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppTransaction, DatabaseHandle } from './client';
import { HeardOnce } from './heard-once';

/**
 * What can change under a process's caches. `tools`: a tool was added, edited or deleted (the
 * catalogue's rows and counts). `stock`: a tool's available quantity moved (a payment that
 * settled its order, a refund before shipping, an admin's restock, an import). `reviews`: a
 * review was posted, hidden, shown or deleted. `photos`: a product photo was deleted. `legal`: an admin
 * saved a legal page's text (terms, privacy, returns, imprint). The catalogue cache (catalogue-cache/) drops
 * what each one touches.
 */
export const CHANGE_TOPICS = ['tools', 'stock', 'reviews', 'photos', 'legal', 'tax'] as const;
export type ChangeTopic = (typeof CHANGE_TOPICS)[number];

/** The PostgreSQL channel every app process listens on (docs/decisions/012-scale-out.md). */
export const CHANGES_CHANNEL = 'store_changes';

const isTopic = (value: string): value is ChangeTopic => (CHANGE_TOPICS as readonly string[]).includes(value);

/**
 * Each notice carries an id, `<process>.<sequence>`, one per topic per transaction, so that the
 * process that sent it can tell its own notice when the database echoes it, and deliver it once
 * (decision 029). The payload is `<topic>:<id>`.
 */
const THIS_PROCESS = randomBytes(6).toString('base64url');
let lastSequence = 0;

interface Notice {
  topic: ChangeTopic;
  payload: string;
  /** The statement that carries it ran (and, for a changeNotice, changed a row): it goes out at commit. */
  sent: boolean;
}

/** The notices of each transaction, by topic; forgotten with the transaction object. */
const noticesOf = new WeakMap<AppTransaction, Map<ChangeTopic, Notice>>();

function noticeOf(tx: AppTransaction, topic: ChangeTopic): Notice {
  let notices = noticesOf.get(tx);
  if (!notices) noticesOf.set(tx, (notices = new Map()));
  let notice = notices.get(topic);
  if (!notice) {
    lastSequence += 1;
    notice = { topic, payload: `${topic}:${THIS_PROCESS}.${lastSequence}`, sent: false };
    notices.set(topic, notice);
  }
  return notice;
}

/**
 * Tells every app process on the database, this one included, that `topic` changed, when `tx`
 * commits, and never if it rolls back (PostgreSQL and PGlite both hold a NOTIFY until commit, and
 * send one per payload per transaction however often it is called). This process hears it as the
 * commit returns (db/commit-listeners.ts), the others when the database delivers it: no process
 * re-reads the old value after being told, and the writer's next read is fresh.
 */
export async function publishChange(tx: AppTransaction, topic: ChangeTopic): Promise<void> {
  const notice = noticeOf(tx, topic);
  await tx.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${notice.payload})`);
  notice.sent = true;
}

/**
 * The same notice as publishChange, as an SQL expression to put in the RETURNING list of the
 * statement that makes the change: it is sent once if the statement changed any row, and costs no
 * round trip of its own. When the statement returned a row, the caller calls noteChange(tx, topic).
 */
export const changeNotice = (tx: AppTransaction, topic: ChangeTopic) => sql<string>`pg_notify(${CHANGES_CHANNEL}, ${noticeOf(tx, topic).payload})`;

/** The statement carrying changeNotice(tx, topic) changed a row: this process hears of it at commit too. */
export function noteChange(tx: AppTransaction, topic: ChangeTopic): void {
  noticeOf(tx, topic).sent = true;
}

/** A notice's topic and id from its payload; a bare topic (a notice sent by hand) has no id. */
function parsePayload(payload: string): { topic: ChangeTopic; id: string | null } | null {
  const [topic = '', id = null, ...rest] = payload.split(':');
  if (!isTopic(topic) || rest.length > 0 || id === '') return null;
  return { topic, id };
}
const isOwn = (id: string) => id.startsWith(`${THIS_PROCESS}.`);

export type ChangeHandler = (topic: ChangeTopic) => void;

export interface ChangeBus {
  /** `handler` hears every change published by any process, once. Answers a function that unsubscribes. */
  subscribe(handler: ChangeHandler): () => void;
  /** publishChange in a transaction of its own. */
  publish(topic: ChangeTopic): Promise<void>;
  /**
   * Tells this process's subscribers at once that these topics (by default every one) changed,
   * with no notice: for benchmarks and tests that want this process's caches cold. The store
   * itself never calls it (a lint rule says so).
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
 * Subscribes this process to the database's change feed (LISTEN), and to its own commits.
 *
 * One write, one signal per process: a notice this process sent reaches it twice, as its
 * transaction commits here and as the database echoes it. Whichever comes first is delivered and
 * the other is dropped by the notice's id. Other processes' notices come once, by the echo.
 *
 * While the feed is lost (the listening connection dropped), subscribers are told that everything
 * changed, once when it is lost and once when it is back, since changes made meanwhile were not
 * heard; caches keep their own time limits as the bound in between.
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
  /** This process's notices delivered by one way and not yet heard by the other. */
  const ownNotices = new HeardOnce();

  const stopCommits = handle.onCommit((tx) => {
    for (const notice of noticesOf.get(tx)?.values() ?? []) {
      if (notice.sent && ownNotices.first(notice.payload)) deliver(notice.topic);
    }
  });
  const stopListening = await handle.listen(CHANGES_CHANNEL, {
    notify: (payload) => {
      const notice = parsePayload(payload);
      if (!notice) return;
      if (notice.id === null || !isOwn(notice.id) || ownNotices.first(payload)) deliver(notice.topic);
    },
    lost: (error) => {
      log.warn({ err: error }, "lost the database change feed: other processes' catalogue changes reach this one only as caches expire, until it is back");
      deliverAll();
    },
    resumed: () => {
      log.info({}, 'the database change feed is back');
      // Echoes of what was sent meanwhile are gone; everything is dropped anyway.
      ownNotices.clear();
      deliverAll();
    },
  });

  return {
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    publish: (topic) => handle.db.transaction((tx) => publishChange(tx, topic)),
    changedHere: (topics = CHANGE_TOPICS) => topics.forEach(deliver),
    async close() {
      handlers.clear();
      stopCommits();
      await stopListening();
    },
  };
}
