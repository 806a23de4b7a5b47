import net from 'node:net';

/**
 * A TCP relay on 127.0.0.1 in front of a real server, so a test can make that server vanish for
 * the app (`stop`: connections cut, new ones refused), come back (`start` on the same port), or
 * hang (`freeze`: connections stay open but nothing is relayed).
 */
export interface TcpProxy {
  port: number;
  start(): Promise<void>;
  stop(): Promise<void>;
  freeze(): void;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let frozen = false;
  let server: net.Server | null = null;
  let port = 0;

  const relay = (client: net.Socket) => {
    const upstream = net.connect(target.port, target.host);
    for (const [from, to] of [[client, upstream], [upstream, client]] as const) {
      sockets.add(from);
      from.on('data', (chunk) => {
        if (!frozen) to.write(chunk);
      });
      from.on('close', () => to.destroy());
      from.on('error', () => to.destroy());
    }
  };

  async function start() {
    frozen = false;
    server = net.createServer(relay);
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(port, '127.0.0.1', () => resolve());
    });
    port = (server.address() as net.AddressInfo).port;
  }

  async function stop() {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = null;
  }

  await start();
  return {
    get port() {
      return port;
    },
    start,
    stop,
    freeze: () => {
      frozen = true;
    },
  };
}
