/**
 * How errors are written to the log: everything needed to find the fault (type, message, stack,
 * the failing SQL text, PostgreSQL's code, constraint, table and column) and nothing a customer
 * typed. A failed query used to log its parameters — emails, names, addresses — three times: in
 * drizzle's `params`, in drizzle's message ("Failed query: … params: …", repeated in the stack),
 * and in the database error's own `params` (PGlite) and `detail` ("Failing row contains (…)",
 * "Key (email)=(…) already exists").
 */

/** Properties that carry the values of a query or row, on drizzle's, pg's or PGlite's errors. */
const VALUE_CARRYING_KEYS = new Set(['params', 'parameters', 'queryOptions', 'detail', 'where', 'internalQuery']);
/** Keys handled explicitly (or by pino) rather than copied. */
const OWN_KEYS = new Set(['name', 'message', 'stack', 'cause', 'errors']);
const EMAIL = /[^\s"'()<>,;:@]+@[^\s"'()<>,;:@]+\.[^\s"'()<>,;:@]+/g;
const MAX_CAUSE_DEPTH = 5;

export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  cause?: unknown;
  aggregateErrors?: unknown[];
  [key: string]: unknown;
}

/**
 * Pino's `err` serializer, minus personal data. Pino hands it whatever was logged under `err`;
 * a non-error passes through unchanged, as with pino's own serializer.
 */
export function serializeErrorForLog(error: Error): LoggedError {
  return error instanceof Error ? serialize(error, 0) : (error as unknown as LoggedError);
}

function serialize(error: Error, depth: number): LoggedError {
  const message = safeMessage(error);
  const logged: LoggedError = { type: error.constructor?.name || error.name, message, stack: safeStack(error, message) };
  for (const [key, value] of Object.entries(error)) {
    if (OWN_KEYS.has(key) || VALUE_CARRYING_KEYS.has(key)) continue;
    logged[key] = value instanceof Error ? nested(value, depth) : value;
  }
  if (error.cause !== undefined) logged.cause = error.cause instanceof Error ? nested(error.cause, depth) : '[not an error]';
  if (error instanceof AggregateError) logged.aggregateErrors = error.errors.map((inner: unknown) => (inner instanceof Error ? nested(inner, depth) : '[not an error]'));
  return logged;
}

function nested(error: Error, depth: number): LoggedError | string {
  return depth >= MAX_CAUSE_DEPTH ? '[cause chain too deep]' : serialize(error, depth + 1);
}

function safeMessage(error: Error): string {
  let message = error.message;
  // drizzle: "Failed query: <sql>\nparams: <values>"
  if ('params' in error) message = message.replace(/\nparams: [\s\S]*$/, '');
  // PostgreSQL data exceptions (class 22) quote the offending value: invalid input syntax for type uuid: "…"
  const code: unknown = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('22')) {
    message = message.replace(/: "[\s\S]*"$/, ': "<value>"');
  }
  return message.replace(EMAIL, '<email>');
}

/** The stack's first lines repeat the original message; they are replaced by the safe one. */
function safeStack(error: Error, message: string): string {
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return [`${error.name}: ${message}`, ...frames].join('\n');
}
