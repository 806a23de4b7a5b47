import { createHash } from 'node:crypto';

/**
 * Most a connection prepares. Drizzle builds a fixed set of statement shapes (an `in (...)` list
 * makes one per length), a few hundred in all; past this a new shape runs unnamed, as before, so a
 * long-lived connection's memory in PostgreSQL stays bounded whatever the app sends.
 */
export const MAX_NAMED_STATEMENTS_PER_CONNECTION = 1_000;
/** A longer text (a bulk insert of many rows) is rarely sent twice: not worth keeping. */
const MAX_NAMED_TEXT_LENGTH = 8_000;

/**
 * Which statement texts one database connection prepares, and under what name (decision 044).
 * Shared by PostgreSQL's connections (named-statements.ts) and the embedded database's one
 * connection (pglite-query-in-one-call.ts). The name is the text's hash, so the same text gets the
 * same name on every connection.
 */
export class StatementNames {
  readonly #names = new Map<string, string>();

  /** The name this connection prepares `text` under, or undefined to send it unnamed. */
  nameFor(text: string): string | undefined {
    const known = this.#names.get(text);
    if (known !== undefined || text.length > MAX_NAMED_TEXT_LENGTH || this.#names.size >= MAX_NAMED_STATEMENTS_PER_CONNECTION) return known;
    const name = `s_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
    this.#names.set(text, name);
    return name;
  }
}
