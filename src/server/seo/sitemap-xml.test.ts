import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import type { SitemapItemLoose } from 'sitemap';
import { afterEach, describe, expect, it } from 'vitest';
import { sendSitemap } from './sitemap-xml';

/**
 * How a sitemap streams on a real socket, from a generator that counts what was asked of it (a
 * catalogue as large as it takes to fill the socket's buffers many times): it reads as fast as the
 * client takes, and stops when the client leaves, as the CSV exports do.
 */
interface Source {
  read: number;
  finished: boolean;
  items: AsyncGenerator<SitemapItemLoose>;
}

function endless(): Source {
  const counts = { read: 0, finished: false };
  async function* items() {
    try {
      for (;;) {
        // A page of rows from the database every thousand addresses.
        if (counts.read % 1000 === 0) await new Promise((resolve) => setTimeout(resolve, 1));
        counts.read += 1;
        yield { url: `/tools/tool-number-${counts.read}-${'x'.repeat(60)}`, lastmod: '2026-11-29T03:09:33.000Z' };
      }
    } finally {
      counts.finished = true;
    }
  }
  return Object.assign(counts, { items: items() });
}

let app: FastifyInstance | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

async function serve(src: Source): Promise<string> {
  app = Fastify({ logger: false, forceCloseConnections: true });
  app.get('/sitemap.xml', async (_request, reply) => sendSitemap(reply, 'https://shop.example.com', src.items));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/sitemap.xml`;
}

const until = async (condition: () => boolean, ms = 5000, everyMs = 10) => {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
};

describe('sendSitemap', () => {
  it('reads addresses only as fast as the client takes them, and stops reading when the client leaves', async () => {
    const src = endless();
    const request = http.get(await serve(src));
    const response = await new Promise<http.IncomingMessage>((resolve) => request.once('response', resolve));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const first = await new Promise<Buffer>((resolve) => response.once('data', resolve));
    expect(first.toString()).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    response.pause();
    try {
      // The socket's buffers fill (loopback grows them to a few megabytes), then the reading stops.
      let whilePaused = -1;
      await until(
        () => {
          const settled = src.read === whilePaused;
          whilePaused = src.read;
          return settled;
        },
        10_000,
        300,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(src.read).toBe(whilePaused);
      // What fills those buffers and no more, however long the sitemap: an address is ~150 bytes.
      expect(whilePaused * 150).toBeLessThan(16 * 1024 * 1024);
    } finally {
      request.destroy();
    }
    await until(() => src.finished);
    const after = src.read;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(src.read).toBe(after);
  });
});
