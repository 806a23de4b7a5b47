import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { setNoStore } from './cache-headers';
import { CSV_BOM, csvRow } from './csv';

/**
 * Sends a CSV download whose body comes a page at a time from `chunks`.
 *
 * - The first page is read before anything is sent, so a failure at the start is an ordinary
 *   error answer, not a 200 with a broken file.
 * - Later pages are read only as fast as the client takes them: the stream asks its generator for
 *   the next page when its buffer has drained, so at most a page or two is held at once.
 * - A client that goes away stops the reading: Fastify destroys the stream, which ends the
 *   generator (each page is a statement of its own, so nothing stays open in the database).
 * - A failure later on destroys the stream; Fastify then cuts the connection (the headers are
 *   gone), so the download fails instead of ending quietly with rows missing.
 */
export async function sendCsv(reply: FastifyReply, fileName: string, header: readonly string[], chunks: AsyncGenerator<string, void, undefined>) {
  const first = await chunks.next();
  async function* body() {
    yield Buffer.from(CSV_BOM + csvRow(header) + (first.done ? '' : first.value));
    if (first.done) return;
    for await (const chunk of chunks) yield Buffer.from(chunk);
  }
  const stream = Readable.from(body(), { objectMode: false });
  // Also when the client leaves before the body started (then `body` never ran its loop).
  stream.once('close', () => void chunks.return(undefined).catch(() => {}));
  setNoStore(reply);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('x-content-type-options', 'nosniff')
    .send(stream);
}
