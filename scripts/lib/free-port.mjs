import { createServer } from 'node:net';

/** A free TCP port on 127.0.0.1, for a server that must know its own address before it listens. */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
