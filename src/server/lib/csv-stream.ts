import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { setNoStore } from './cache-headers';
import { CSV_BOM, csvRow } from './csv';

/**
 * How long an export's connection may pass without a byte either way, at least: while a page's
 * statement runs, nothing is sent. IDLE_TIMEOUT_SECONDS (30 s by default) is there for silent
 * clients holding sockets; an export is an admin's, signed in, and the first page of a search over
 * a large store, sorted by an unindexed column on a busy machine, may take longer than that to come.
 */
const EXPORT_IDLE_MS = 5 * 60_000;

/**
 * Gives this response's connection EXPORT_IDLE_MS of silence (or the server's own idle time, if
 * longer). Node sets the keep-alive timeout once the response ends and the server's idle time again
 * at the connection's next request, so the longer wait ends with the export.
 */
function allowSilentPages(reply: FastifyReply) {
  const socket = reply.raw.socket;
  // A request injected in-process (app.inject, the tests) has no real socket to time.
  if (typeof socket?.setTimeout === 'function') socket.setTimeout(Math.max(socket.timeout ?? 0, EXPORT_IDLE_MS));
}

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
  allowSilentPages(reply);
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
