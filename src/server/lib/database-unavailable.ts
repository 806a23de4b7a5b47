/**
 * Whether an error means the database could not be reached or is refusing work for now (down,
 * restarting, out of connections), rather than a fault in the request or the code. Such a request
 * is answered 503 with Retry-After: the client should simply try again shortly, and a balancer
 * should not count it as the store being broken. Drizzle wraps the driver's error: the chain of
 * causes is followed.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** SQLSTATEs: class 08 connection exceptions; the server shutting down or starting; too many connections. */
const SERVER_UNAVAILABLE = /^(08...|57P01|57P02|57P03|53300)$/;
const DRIVER_MESSAGES = /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|PGlite is closed/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 6; depth += 1) {
    if (typeof current !== 'object') return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_UNAVAILABLE.test(code))) return true;
    if (typeof message === 'string' && DRIVER_MESSAGES.test(message)) return true;
    current = cause;
  }
  return false;
}

/** Seconds a client is asked to wait before trying again (Retry-After). */
export const RETRY_AFTER_SECONDS = 5;
