import pg from 'pg';

export interface ListenHandlers {
  /** A NOTIFY on the channel, with its payload. */
  notify(payload: string): void;
  /** The listening connection was lost; it is reopened with back-off. Notifications may be missed until `resumed`. */
  lost?(error: Error): void;
  /** Listening again after a loss: whatever was sent meanwhile was not heard. */
  resumed?(): void;
}

const MAX_RETRY_DELAY_MS = 10_000;

/**
 * LISTEN on a dedicated PostgreSQL connection that is reopened whenever it drops (a database
 * restart, a failover, an idle timeout in a proxy), so a process keeps hearing other processes'
 * changes for as long as it runs. The first connection must succeed: the caller starts only then.
 */
export async function listenOnPostgres(url: string, channel: string, handlers: ListenHandlers): Promise<() => Promise<void>> {
  let current: pg.Client | null = null;
  let stopped = false;
  let failures = 0;
  let retryTimer: NodeJS.Timeout | undefined;

  async function open(): Promise<void> {
    const client = new pg.Client({ connectionString: url, keepAlive: true });
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.notify(message.payload ?? '');
    });
    // Both fire when the connection dies; only the live client's first one counts.
    client.on('error', (error: Error) => onLost(client, error));
    client.on('end', () => onLost(client, new Error('the listening connection closed')));
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (stopped) {
      await client.end().catch(() => {});
      return;
    }
    current = client;
  }

  function onLost(client: pg.Client, error: Error) {
    if (stopped || current !== client) return;
    current = null;
    void client.end().catch(() => {});
    handlers.lost?.(error);
    retry();
  }

  function retry() {
    const delay = Math.min(MAX_RETRY_DELAY_MS, 250 * 2 ** failures);
    failures += 1;
    retryTimer = setTimeout(() => {
      open().then(
        () => {
          if (stopped) return;
          failures = 0;
          handlers.resumed?.();
        },
        () => {
          if (!stopped) retry();
        },
      );
    }, delay);
    retryTimer.unref();
  }

  await open();
  return async () => {
    stopped = true;
    clearTimeout(retryTimer);
    const client = current;
    current = null;
    await client?.end().catch(() => {});
  };
}
