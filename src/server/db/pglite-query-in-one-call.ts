import { messages as backend, parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';
import { StatementNames } from './statement-names';

/** What one embedded database has prepared: the names it gives texts, and those it has parsed. */
type Prepared = { names: StatementNames; parsed: Set<string> };
const preparedBy = new WeakMap<PGlite, Prepared>();

function preparedFor(pg: PGlite): Prepared {
  let prepared = preparedBy.get(pg);
  if (!prepared) preparedBy.set(pg, (prepared = { names: new StatementNames(), parsed: new Set() }));
  return prepared;
}

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
 *
 * Each text is also prepared once, under a name, as the app's PostgreSQL connections do
 * (named-statements.ts): PostgreSQL parses and analyses it on its first run only, and after a few
 * runs keeps its plan. The embedded database has one connection, so a name lives as long as the
 * database. A call that fails may or may not have prepared its statement (the error can come at
 * Parse or later): the next call of that text closes the name first and prepares it again.
 */
export async function queryInOneCall<T>(
  pg: PGlite,
  inTransaction: boolean,
  sql: string,
  params: readonly unknown[],
  options: Pick<QueryOptions, 'rowMode' | 'paramTypes'>,
  parsers: PGlite['parsers'] = pg.parsers,
): Promise<Results<T> | null> {
  const values: Array<string | null> = [];
  for (const param of params) {
    const text = asText(param);
    if (text === undefined) return null;
    values.push(text);
  }
  const { names, parsed } = preparedFor(pg);
  const name = options.paramTypes?.length ? undefined : names.nameFor(sql);
  const prepare = name === undefined || !parsed.has(name);
  const message = concat([
    // Closing a name that does not exist is no error: this only clears one a failed call may have left.
    ...(name !== undefined && prepare ? [protocol.serialize.close({ type: 'S', name })] : []),
    ...(prepare ? [protocol.serialize.parse({ text: sql, ...(name !== undefined && { name }), ...(options.paramTypes && { types: options.paramTypes }) })] : []),
    protocol.serialize.bind({ values, ...(name !== undefined && { statement: name }) }),
    protocol.serialize.describe({ type: 'P' }),
    protocol.serialize.execute({}),
    protocol.serialize.sync(),
  ]);
  // The same locks PGlite's `query` takes: statements from outside a transaction wait until it ends.
  const run = () =>
    pg.runExclusive(async () => {
      // Errors come back as messages, so that a statement prepared before one is known to be.
      const { messages } = await pg.execProtocol(message, { syncToFs: false, throwOnError: false });
      const error = messages.find((reply) => reply instanceof backend.DatabaseError);
      if (name !== undefined) {
        if (error) parsed.delete(name);
        else parsed.add(name);
      }
      if (error) throw error;
      return parse.parseResults(messages, parsers, { rowMode: options.rowMode })[0] as Results<T>;
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
