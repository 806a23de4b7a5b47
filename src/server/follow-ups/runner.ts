import { createBackgroundPass, type BackgroundPass, type PassControl } from '../db/background-pass';
import type { AppDatabase, AppTransaction, DatabaseHandle } from '../db/client';
import {
  claimDueFollowUps,
  FOLLOW_UP_CHANNEL,
  markFollowUpFailed,
  msUntilNextFollowUp,
  removeFollowUps,
  type ClaimedFollowUp,
} from './follow-ups';

/** Reads a value once per pass (the owner's settings, who hears of a sale), however many follow-ups of the pass need it. */
export interface FollowUpPass {
  once<T>(key: string, read: () => Promise<T>): Promise<T>;
}

/**
 * Does the work of one kind of follow-up: reads what it needs and renders what it sends, outside
 * any transaction, and answers what is to be written (the mail it sends), which commits with the
 * follow-up's removal.
 */
export type FollowUpHandler<W> = (payload: unknown, db: AppDatabase, pass: FollowUpPass) => Promise<W>;

/** The follow-ups a process does: the work of each kind, and how what they answer is written. */
export interface FollowUpWork<W> {
  handlers: Readonly<Record<string, FollowUpHandler<W>>>;
  /**
   * Writes what a pass's follow-ups answered, in the transaction that removes them: in one
   * statement, so that a pass's transaction is two however many follow-ups it does. On the
   * embedded database a transaction holds the one connection from BEGIN to COMMIT, ahead of every
   * sale (decision 044). A method, so that a runner of any W can be handed where W is unknown.
   */
  writeAll(tx: AppTransaction, writes: W[]): Promise<void>;
}

interface RunnerLog {
  error(details: object, message: string): void;
}

/** Does what is due, and listens for new follow-ups from every process (wake: the NOTIFY of queueFollowUp after each commit). */
export type FollowUpRunner = BackgroundPass;

/** Follow-ups taken per pass: their shared reads are made once, and their writes commit together. */
const BATCH = 50;
/** A claimed follow-up is hidden from other processes this long: far more than its work takes. */
const LEASE_SECONDS = 60;
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30 * 60_000;
/** Look at least this often, in case a wake-up was missed (another process's lease ended). */
const POLL_MS = 30_000;

/**
 * Runs the follow-ups of every process on the database, from this one (decision 044). A follow-up
 * is claimed with a lease, its work prepared outside any transaction, and its writes committed in
 * the transaction that deletes it: done once, and never lost, since a process that stops anywhere
 * before that commit leaves the row to be claimed again. A follow-up whose work fails is tried
 * again with growing delays, and logged; it is never dropped.
 */
export function createFollowUpRunner<W>(handle: DatabaseHandle, { handlers, writeAll }: FollowUpWork<W>, log: RunnerLog): FollowUpRunner {
  return createBackgroundPass(handle, {
    channel: FOLLOW_UP_CHANNEL,
    pollMs: POLL_MS,
    work: async (control) => {
      await doDue(control);
      return msUntilNextFollowUp(handle.db);
    },
    onError: (error) => log.error({ err: error }, 'follow-ups: could not read or finish them; trying again shortly'),
  });

  async function doDue(control: PassControl) {
    for (;;) {
      control.claiming();
      const batch = await claimDueFollowUps(handle.db, BATCH, LEASE_SECONDS);
      if (control.stopped) return;
      const prepared = await prepareAll(batch);
      if (prepared.size > 0) {
        await handle.db.transaction(async (tx) => {
          const removed = await removeFollowUps(tx, [...prepared.keys()]);
          await writeAll(tx, [...prepared].flatMap(([id, write]) => (removed.has(id) ? [write] : [])));
        });
      }
      if (batch.length < BATCH) return;
    }
  }

  /** What each follow-up is to write, by id; one that fails is put off, and the others go on. */
  async function prepareAll(batch: ClaimedFollowUp[]): Promise<Map<string, W>> {
    const reads = new Map<string, Promise<unknown>>();
    const shared: FollowUpPass = {
      once<T>(key: string, read: () => Promise<T>) {
        if (!reads.has(key)) reads.set(key, read());
        return reads.get(key) as Promise<T>;
      },
    };
    const prepared = new Map<string, W>();
    for (const followUp of batch) {
      try {
        const handler = handlers[followUp.kind];
        // A kind this process does not know (a newer process wrote it during a rolling update): left for one that does.
        if (!handler) throw new Error(`no handler for follow-ups of kind "${followUp.kind}" in this process`);
        prepared.set(followUp.id, await handler(followUp.payload, handle.db, shared));
      } catch (error) {
        const retryMs = Math.min(FIRST_RETRY_MS * 2 ** (followUp.attempt - 1), MAX_RETRY_MS);
        const message = error instanceof Error ? error.message : String(error);
        log.error({ followUpId: followUp.id, kind: followUp.kind, attempt: followUp.attempt, reason: message }, 'follow-ups: one failed; will try again');
        await markFollowUpFailed(handle.db, followUp.id, message, retryMs / 1000);
      }
    }
    return prepared;
  }
}
