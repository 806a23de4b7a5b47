import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher, type MailCatcher } from '../../../tests/support/mail-catcher';
import type { ServerProcess } from '../../../tests/support/server-process';
import { startServersOnPostgres, type ServersOnPostgres } from '../../../tests/support/servers-on-postgres';
import { testDatabaseKind } from '../../../tests/support/test-database';
import { queueMail } from './outbox';
import { renderMail } from './templates/layout';

/**
 * Two app processes (real server processes) on one PostgreSQL both run a mail sender. Every mail
 * queued is delivered exactly once: both are woken by the same commit and race for the same rows,
 * and `for update skip locked` with a lease gives each row to one of them.
 */
const MAILS = 60;
const sentLines = (server: ServerProcess) => server.output().split('\n').filter((line) => line.includes('"msg":"mail: sent"')).length;

describe.runIf(testDatabaseKind() === 'postgres')('mail from two app processes on one PostgreSQL', () => {
  let catcher: MailCatcher;
  let cluster: ServersOnPostgres;

  beforeAll(async () => {
    catcher = await startMailCatcher();
    cluster = await startServersOnPostgres({ SMTP_URL: catcher.url, MAIL_FROM: 'ToolHouse <no-reply@toolhouse.test>' });
  }, 120_000);

  afterAll(async () => {
    await cluster?.stop();
    await catcher?.close();
  });

  it('delivers each queued mail once, whichever process sends it', async () => {
    await cluster.direct.db.transaction(async (tx) => {
      for (let i = 1; i <= MAILS; i++) {
        await queueMail(tx, { to: `twice-${i}@example.com`, subject: `Mail ${i}`, ...renderMail({ heading: `Mail ${i}`, paragraphs: ['Once.'] }) });
      }
    });
    for (let i = 1; i <= MAILS; i++) await catcher.waitForMail(`twice-${i}@example.com`, undefined, 30_000);
    // Both processes say in their log what they sent: together, each mail once.
    await expect.poll(() => cluster.servers.reduce((sum, server) => sum + sentLines(server), 0)).toBe(MAILS);
    const subjects = catcher.messages.map((m) => m.subject);
    expect(subjects).toHaveLength(MAILS);
    expect(new Set(subjects).size).toBe(MAILS);
    console.log(`mail scale-out: sent by the two processes ${cluster.servers.map(sentLines).join(' + ')}`);
  });
});
