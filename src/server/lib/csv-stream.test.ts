import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { sendCsv } from './csv-stream';

/**
 * How the CSV stream behaves on a real socket, with pages from a generator that counts what was
 * asked of it: it reads as fast as the client takes, stops when the client leaves, and ends the
 * response (never leaves it hanging) when a page fails.
 */
const PAGE = `${'x'.repeat(99)}\r\n`.repeat(640); // 64 kB

interface Source {
  pagesRead: number;
  finished: boolean;
  chunks: AsyncGenerator<string, void, undefined>;
}

function source(failAt: number | null = null): Source {
  const counts = { pagesRead: 0, finished: false };
  async function* chunks() {
    try {
      for (;;) {
        // A database round trip.
        await new Promise((resolve) => setTimeout(resolve, 1));
        if (counts.pagesRead === failAt) throw new Error('the database went away');
        counts.pagesRead += 1;
        yield PAGE;
      }
    } finally {
      counts.finished = true;
    }
  }
  return Object.assign(counts, { chunks: chunks() });
}

let app: FastifyInstance | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

async function serve(current: () => Source): Promise<string> {
  app = Fastify({ logger: false, forceCloseConnections: true });
  app.get('/export.csv', async (_request, reply) => sendCsv(reply, 'export.csv', ['a', 'b'], current().chunks));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/export.csv`;
}

const until = async (condition: () => boolean, ms = 5000) => {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('sendCsv', () => {
  it('reads pages only as fast as the client takes them, and stops reading when the client leaves', async () => {
    const src = source();
    const url = await serve(() => src);
    const request = http.get(url);
    const response = await new Promise<http.IncomingMessage>((resolve) => request.once('response', resolve));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    // Take one chunk, then stop reading: the server may fill the socket's buffers, no more.
    await new Promise((resolve) => response.once('data', resolve));
    response.pause();
    let whilePaused: number;
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      whilePaused = src.pagesRead;
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(src.pagesRead).toBe(whilePaused);
      // What fills the socket's buffers (a few megabytes on loopback) and no more, however long the export.
      expect(whilePaused * PAGE.length).toBeLessThan(16 * 1024 * 1024);
    } finally {
      request.destroy();
    }
    await until(() => src.finished);
    const after = src.pagesRead;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(src.pagesRead).toBe(after);
  });

  it('cuts the connection when a page fails midway, so the download fails instead of hanging or looking complete', async () => {
    const src = source(3);
    const url = await serve(() => src);
    const outcome = await new Promise<string>((resolve) => {
      const request = http.get(url, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve(`ended after ${bytes} bytes`));
        response.on('aborted', () => resolve('aborted'));
        response.on('error', () => resolve('aborted'));
      });
      request.on('error', () => resolve('aborted'));
    });
    expect(outcome).toBe('aborted');
    expect(src.finished).toBe(true);
  });

  it('answers an ordinary error when the first page fails, before anything is sent', async () => {
    const src = source(0);
    const url = await serve(() => src);
    const res = await fetch(url);
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
  });
});
