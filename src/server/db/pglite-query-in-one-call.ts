import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

/**
 * One parameterised statement in one call into PGlite (decision 044). PGlite's own `query` sends
 * the extended protocol's six messages (Parse, Describe, Bind, Describe, Execute, Sync) as six
 * calls into the WebAssembly, the first Describe only to learn the parameters' types for its
 * serialisers: 0.48 ms a statement on this machine, where the same six messages in one
 * `execProtocol` call take 0.15 ms. Every statement of the embedded store went through it, so it
 * was most of the time a payment's transaction held the database.
 *
 * Built from PGlite's public protocol pieces (its serialiser, `execProtocol`, its result parser
 * with its own type parsers), not a protocol of ours. The parameters are sent as text with their
 * types left for PostgreSQL to infer, as PGlite's Describe would have learnt them, so the text
 * must be what PGlite's serialiser for that type would have written: for the JavaScript values
 * drizzle passes (strings, numbers, booleans, dates, bytes, null) it is the same whatever the
 * type. Any other value (an array, an object) answers null: the caller uses PGlite's `query`.
 */
export async function queryInOneCall<T>(
  pg: PGlite,
  inTransaction: boolean,
  sql: string,
  params: readonly unknown[],
  options: QueryOptions,
): Promise<Results<T> | null> {
  const values: Array<string | null> = [];
  for (const param of params) {
    const text = asText(param);
    if (text === undefined) return null;
    values.push(text);
  }
  const message = concat([
    protocol.serialize.parse({ text: sql, ...(options.paramTypes && { types: options.paramTypes }) }),
    protocol.serialize.bind({ values }),
    protocol.serialize.describe({ type: 'P' }),
    protocol.serialize.execute({}),
    protocol.serialize.sync(),
  ]);
  // The same locks PGlite's `query` takes: statements from outside a transaction wait until it ends.
  const run = () =>
    pg.runExclusive(async () => {
      const { messages } = await pg.execProtocol(message, { syncToFs: false });
      return parse.parseResults(messages, pg.parsers, options)[0] as Results<T>;
    });
  if (inTransaction) return run();
  const result = await pg._runExclusiveTransaction(run);
  // As PGlite's `query` does after a statement outside a transaction (a no-op on a data folder).
  await pg.syncToFs();
  return result;
}

/** A parameter as PGlite's serialiser would write it, or undefined when that depends on its type. */
function asText(value: unknown): string | null | undefined {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'bigint':
      return value.toString();
    case 'boolean':
      return value ? 't' : 'f';
    default:
      if (value instanceof Date) return value.toISOString();
      if (value instanceof Uint8Array) return `\\x${Buffer.from(value).toString('hex')}`;
      return undefined;
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
