import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { PROJECT_ROOT } from './paths';
import { SHUTDOWN_MARGIN_SECONDS, shutdownDeadlineMs } from './shutdown-deadline';

/** The store's shutdown deadline, REQUEST_TIMEOUT_SECONDS and the supervisor's stop timeout in docs/DEPLOY.md agree. */
describe('the shutdown deadline', () => {
  it('gives a request still arriving its REQUEST_TIMEOUT_SECONDS, plus a margin to close', () => {
    expect(shutdownDeadlineMs(loadConfig({ REQUEST_TIMEOUT_SECONDS: '120' }).timeouts.requestMs)).toBe((120 + SHUTDOWN_MARGIN_SECONDS) * 1000);
  });

  it("is shorter than the systemd unit's TimeoutStopSec in docs/DEPLOY.md, which says how to size it", () => {
    const deploy = readFileSync(path.join(PROJECT_ROOT, 'docs/DEPLOY.md'), 'utf8');
    const stopSeconds = Number(/^TimeoutStopSec=(\d+)$/m.exec(deploy)?.[1]);
    const deadlineSeconds = shutdownDeadlineMs(loadConfig({}).timeouts.requestMs) / 1000;
    // At least 5 s more: the supervisor's SIGKILL must never come before the store's own exit.
    expect(stopSeconds).toBeGreaterThanOrEqual(deadlineSeconds + 5);
    expect(deploy).toContain(`plus ${SHUTDOWN_MARGIN_SECONDS} s`);
  });
});
