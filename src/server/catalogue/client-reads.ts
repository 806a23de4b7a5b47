/** The client already has its share of catalogue reads running and waiting; it may try again in a moment. */
export class ClientReadsFullError extends Error {
  constructor() {
    super("the client's catalogue reads are full");
    this.name = 'ClientReadsFullError';
  }
}

export interface PerClientReads {
  /**
   * Runs `read` for `client` when fewer than `atOnce` of that client's reads are running; else it
   * waits its turn while the client's waiting room lasts, else throws ClientReadsFullError.
   */
  run<T>(client: string, read: () => Promise<T>): Promise<T>;
  /** Clients with a read running or waiting (idle ones are forgotten). */
  readonly clients: number;
}

/**
 * How many database reads one client may have under way at once in this process, for the reads
 * the catalogue's memory could not answer. The per-minute allowance (CATALOGUE_READ_RATE_LIMIT)
 * bounds how many such reads a client gets; this bounds how many it gets at the same time, which is
 * what everyone else waits behind: 32 connections of one client otherwise put 32 queries in front
 * of every signed-in customer's own (the embedded database answers one query at a time, and a
 * PostgreSQL pool has 10 connections). A few more wait their turn at no cost to the database, so
 * a browser's bursts (a search typed quickly) are served; past that, 429 at once (decision 026).
 */
export function createPerClientReads(options: { atOnce: number; waiting: number }): PerClientReads {
  const clients = new Map<string, { running: number; waiters: (() => void)[] }>();

  return {
    async run<T>(client: string, read: () => Promise<T>): Promise<T> {
      let state = clients.get(client);
      if (!state) clients.set(client, (state = { running: 0, waiters: [] }));
      if (state.running < options.atOnce) {
        state.running += 1;
      } else {
        if (state.waiters.length >= options.waiting) throw new ClientReadsFullError();
        // The slot passes straight from a finished read to the next in line (running stays the same).
        await new Promise<void>((resolve) => state.waiters.push(resolve));
      }
      try {
        return await read();
      } finally {
        const next = state.waiters.shift();
        if (next) {
          next();
        } else {
          state.running -= 1;
          if (state.running === 0) clients.delete(client);
        }
      }
    },
    get clients() {
      return clients.size;
    },
  };
}
