/** What `tellCommits` needs of a database: drizzle's `transaction` method (both drivers have it). */
interface Transactional<Tx, Config> {
  transaction<T>(work: (tx: Tx) => Promise<T>, config?: Config): Promise<T>;
}

/**
 * Makes `db.transaction(...)` tell each listener of each transaction once it has committed: after
 * COMMIT succeeded and before the code that ran it carries on. A transaction that rolled back (its
 * work threw, or COMMIT failed) is never told of. drizzle has no commit hook of its own, so its
 * public `transaction` method is wrapped on this one instance (made by client.ts, never shared).
 * Answers how to add a listener (and a function that removes it again).
 *
 * This is how a process's own changes reach its caches at once (lib/change-bus.ts): the notice a
 * transaction sends comes back through the database a moment after its commit, on PostgreSQL over
 * another connection, possibly after the writer has read again.
 */
export function tellCommits<Tx, Config>(db: Transactional<Tx, Config>): (listener: (tx: Tx) => void) => () => void {
  const listeners = new Set<(tx: Tx) => void>();
  const transaction = db.transaction.bind(db);
  db.transaction = async <T>(work: (tx: Tx) => Promise<T>, config?: Config): Promise<T> => {
    let opened: Tx | undefined;
    const result = await transaction((tx) => {
      opened = tx;
      return work(tx);
    }, config);
    if (opened !== undefined) for (const listener of listeners) listener(opened);
    return result;
  };
  return (listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
}
