import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app';

/**
 * Slow-loris: clients that trickle their headers or body, or connect and say nothing, must be cut
 * off at the deadlines, and the store must keep answering everyone else meanwhile.
 */
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ timeouts: { headersMs: 1000, requestMs: 2000, idleMs: 3000, keepAliveMs: 1000 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

/** Opens a socket that writes `first`, then one more byte of `drip` every 200 ms until closed. */
function slowClient(first: string, drip: string): Promise<number> {
  const started = Date.now();
  return new Promise((resolve) => {
    const socket: Socket = connect(port, '127.0.0.1', () => {
      if (first) socket.write(first);
      let i = 0;
      const timer = setInterval(() => {
        if (drip && !socket.destroyed && socket.writable) socket.write(drip[i++ % drip.length]!);
      }, 200);
      socket.once('close', () => {
        clearInterval(timer);
        resolve(Date.now() - started);
      });
    });
    socket.on('error', () => {});
    socket.resume();
  });
}

describe('slow clients', () => {
  it('cuts off trickled headers, trickled bodies and silent sockets, and keeps serving others', async () => {
    const trickledHeaders = Array.from({ length: 20 }, () =>
      slowClient('GET /api/items HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'X-Slow: aaaaaaaaaa\r\n'),
    );
    const trickledBodies = Array.from({ length: 20 }, () =>
      slowClient(
        'POST /api/queries HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{',
        'a',
      ),
    );
    const silent = Array.from({ length: 10 }, () => slowClient('', ''));

    // While all fifty hold their sockets, an ordinary visitor is served at once.
    const res = await fetch(`http://127.0.0.1:${port}/api/items?limit=1`);
    expect(res.status).toBe(200);

    const lifetimes = await Promise.all([...trickledHeaders, ...trickledBodies, ...silent]);
    // Each is gone shortly after its deadline (1 s headers, 2 s request, 3 s idle; checks run every
    // second), not after Node's defaults of a minute or more, nor never.
    for (const ms of lifetimes) expect(ms).toBeLessThan(10_000);
    const again = await fetch(`http://127.0.0.1:${port}/api/items?limit=1`);
    expect(again.status).toBe(200);
  }, 30_000);
});
