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

/** What a follow-up's work writes (mail to queue), in the transaction that removes the follow-up. */
export type FollowUpWrite = (tx: AppTransaction) => Promise<void>;

/**
 * Does the work of one kind of follow-up: reads what it needs and renders what it sends, outside
 * any transaction, and answers the writes, which commit with the follow-up's removal.
 */
export type FollowUpHandler = (payload: unknown, db: AppDatabase, pass: FollowUpPass) => Promise<FollowUpWrite>;

export type FollowUpHandlers = Readonly<Record<string, FollowUpHandler>>;

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
export function createFollowUpRunner(handle: DatabaseHandle, handlers: FollowUpHandlers, log: RunnerLog): FollowUpRunner {
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
          for (const [id, write] of prepared) if (removed.has(id)) await write(tx);
        });
      }
      if (batch.length < BATCH) return;
    }
  }

  /** Each follow-up's writes, by id; one that fails is put off, and the others go on. */
  async function prepareAll(batch: ClaimedFollowUp[]): Promise<Map<string, FollowUpWrite>> {
    const reads = new Map<string, Promise<unknown>>();
    const shared: FollowUpPass = {
      once<T>(key: string, read: () => Promise<T>) {
        if (!reads.has(key)) reads.set(key, read());
        return reads.get(key) as Promise<T>;
      },
    };
    const prepared = new Map<string, FollowUpWrite>();
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
