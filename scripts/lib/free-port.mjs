import { randomInt } from 'node:crypto';
import { createServer } from 'node:net';

/**
 * Ports below Linux's ephemeral range (32768-60999 by default), from which the system picks the
 * local port of every outgoing connection and of a `listen(0)`. A port found free there could be
 * taken by a test's own database or HTTP client before the server that was given it binds it (the
 * server then exits with EADDRINUSE, seen once in a run of thousands of connections); down here
 * only another server that chose the same port at random could.
 */
const LOWEST = 10_000;
const HIGHEST = 32_767;

const isFree = (port) =>
  new Promise((resolve) => {
    const probe = createServer().once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/** A free TCP port on 127.0.0.1, for a server that must know its own address before it listens. */
export async function freePort() {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = randomInt(LOWEST, HIGHEST + 1);
    if (await isFree(port)) return port;
  }
  throw new Error(`no free port between ${LOWEST} and ${HIGHEST} after 100 tries`);
}
