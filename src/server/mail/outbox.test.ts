import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher, type MailCatcher } from '../../../tests/support/mail-catcher';
import { testConfig } from '../../../tests/support/test-app';
import { createTestDatabase } from '../../../tests/support/test-database';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import type { FastifyInstance } from 'fastify';
import { mailOutbox } from '../db/schema';
import { queueMail } from './outbox';
import { renderMail } from './templates/layout';

/** The mail contract (docs/decisions/015-email.md): queued in the caller's transaction, sent in the background. */
let catcher: MailCatcher;
let app: FastifyInstance;
let database: DatabaseHandle;
let logged = '';
beforeAll(async () => {
  catcher = await startMailCatcher();
  database = await createTestDatabase();
  app = await buildApp(testConfig({ logLevel: 'info', mail: { smtpUrl: catcher.url, from: 'ToolHouse <no-reply@toolhouse.test>' } }), {
    database,
    logStream: { write: (line) => (logged += line) },
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await catcher?.close();
});

const db = () => database.db;
const rowBySubject = async (subject: string) => (await db().select().from(mailOutbox).where(eq(mailOutbox.subject, subject)))[0];

const message = (to: string, subject: string) => ({
  to,
  subject,
  ...renderMail({ heading: subject, paragraphs: ['Hello from the test.'] }),
});

describe('queueMail and the background sender', () => {
  it('delivers a mail queued in a committed transaction, with a text and an HTML part, from MAIL_FROM', async () => {
    await db().transaction(async (tx) => {
      await queueMail(tx, message('ada@example.com', 'Committed mail'));
    });
    const mail = await catcher.waitForMail('ada@example.com', (m) => m.subject === 'Committed mail');
    expect(mail.from?.value).toEqual([{ name: 'ToolHouse', address: 'no-reply@toolhouse.test' }]);
    expect(logged).toContain(`mail is sent through SMTP 127.0.0.1:${new URL(catcher.url).port}`);
    expect(mail.text).toContain('Hello from the test.');
    expect(mail.html).toContain('<p');
    expect(mail.html).toContain('Hello from the test.');
  });

  it('never sends a mail whose transaction rolled back', async () => {
    await db()
      .transaction(async (tx) => {
        await queueMail(tx, message('bob@example.com', 'Rolled back'));
        throw new Error('the change failed');
      })
      .catch(() => {});
    await queueMail(db(), message('bob@example.com', 'After the rollback'));
    await catcher.waitForMail('bob@example.com', (m) => m.subject === 'After the rollback');
    expect(catcher.messages.map((m) => m.subject)).not.toContain('Rolled back');
    const rows = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'bob@example.com'));
    expect(rows.map((r) => r.subject)).toEqual(['After the rollback']);
  });

  it('retries while the mail server answers 451, and delivers once it is back', async () => {
    catcher.setFailing(true);
    try {
      const rejectedBefore = catcher.rejected;
      await queueMail(db(), message('cy@example.com', 'Retried mail'));
      await expect.poll(() => catcher.rejected, { timeout: 10_000 }).toBeGreaterThan(rejectedBefore);
    } finally {
      catcher.setFailing(false);
    }
    await catcher.waitForMail('cy@example.com', (m) => m.subject === 'Retried mail');
    await expect.poll(async () => (await rowBySubject('Retried mail'))?.sentAt).not.toBeNull();
    expect((await rowBySubject('Retried mail'))?.attempts).toBeGreaterThanOrEqual(2);
    expect(catcher.messages.filter((m) => m.subject === 'Retried mail')).toHaveLength(1);
    // The failure is logged, without the address it was for.
    expect(logged).toContain('mail: not delivered; will try again');
    expect(logged).toContain('451');
    expect(logged).not.toContain('cy@example.com');
  });

  it('gives up at once on an address that is not a single mailbox, and keeps sending the rest', async () => {
    await queueMail(db(), message('one@example.com, two@example.com', 'Two at once'));
    await queueMail(db(), message('dee@example.com', 'Next in line'));
    await catcher.waitForMail('dee@example.com');
    await expect.poll(async () => (await rowBySubject('Two at once'))?.abandonedAt).not.toBeNull();
    expect(logged).not.toContain('one@example.com');
    expect(catcher.messages.map((m) => m.subject)).not.toContain('Two at once');
  });

  it('delivers a burst of mail once each and marks every one sent, in batches and between them', async () => {
    // More than one claim's batch (20), queued in one go as a busy minute of sales would.
    const subjects = Array.from({ length: 25 }, (_, i) => `Burst ${i + 1}`);
    await db().transaction(async (tx) => {
      for (const subject of subjects) await queueMail(tx, message('fay@example.com', subject));
    });
    await expect.poll(() => catcher.messages.filter((m) => m.subject?.startsWith('Burst ')).length, { timeout: 10_000 }).toBe(25);
    const rows = () => db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'fay@example.com'));
    await expect.poll(async () => (await rows()).filter((row) => row.sentAt !== null).length).toBe(25);
    expect((await rows()).map((row) => row.attempts)).toEqual(subjects.map(() => 1));
    expect(new Set(catcher.messages.filter((m) => m.subject?.startsWith('Burst ')).map((m) => m.subject)).size).toBe(25);
  });

  it('marks a mail sent soon after it went, while the next one waits for a slow mail server', async () => {
    const release = catcher.holdMailFor('slow@example.com');
    try {
      await db().transaction(async (tx) => {
        await queueMail(tx, message('gus@example.com', 'Sent before the slow one'));
        await queueMail(tx, message('slow@example.com', 'Held by the server'));
        // Claimed in one batch, the first one first.
        await tx.execute(sql`update mail_outbox set next_attempt_at = now() - interval '1 second' where subject = 'Sent before the slow one'`);
      });
      await catcher.waitForMail('gus@example.com', (m) => m.subject === 'Sent before the slow one');
      // Marked while the sender still waits for the server's answer to the next mail.
      await expect.poll(async () => (await rowBySubject('Sent before the slow one'))?.sentAt, { timeout: 2_000 }).not.toBeNull();
      expect((await rowBySubject('Held by the server'))?.sentAt).toBeNull();
    } finally {
      release();
    }
    await catcher.waitForMail('slow@example.com', (m) => m.subject === 'Held by the server');
    await expect.poll(async () => (await rowBySubject('Held by the server'))?.sentAt).not.toBeNull();
  });

  it('leaves nothing queued once delivered', async () => {
    await expect
      .poll(async () => (await db().select().from(mailOutbox).where(sql`sent_at is null and abandoned_at is null`)).length)
      .toBe(0);
  });
});

describe('a mail queued before a stop', () => {
  it('is sent by the next process on the same database', async () => {
    const shared = await createTestDatabase();
    try {
      // A process that queues but cannot deliver (no SMTP server, no outbox folder), then stops.
      const first = await buildApp(testConfig(), { database: shared });
      await first.ready();
      await shared.db.transaction((tx) => queueMail(tx, message('eve@example.com', 'Queued before the restart')));
      await first.close();

      const second = await buildApp(testConfig({ mail: { smtpUrl: catcher.url, from: 'ToolHouse <no-reply@toolhouse.test>' } }), { database: shared });
      await second.ready();
      try {
        await catcher.waitForMail('eve@example.com', (m) => m.subject === 'Queued before the restart');
      } finally {
        await second.close();
      }
    } finally {
      await shared.close();
    }
  });
});
