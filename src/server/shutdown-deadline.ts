/** What a shutdown may take beyond the longest request: closing the database, Redis and the mail sender. */
export const SHUTDOWN_MARGIN_SECONDS = 5;

/**
 * How long main.ts lets a shutdown run before it exits anyway. A request that was arriving when
 * the shutdown began may take up to REQUEST_TIMEOUT_SECONDS (a large photo on a slow line), so
 * the deadline follows it; a supervisor's stop timeout (systemd's TimeoutStopSec, Docker's
 * --stop-timeout) must be longer still, or it kills the process mid-request (docs/DEPLOY.md).
 */
export function shutdownDeadlineMs(requestTimeoutMs: number): number {
  return requestTimeoutMs + SHUTDOWN_MARGIN_SECONDS * 1000;
}
