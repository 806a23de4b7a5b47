import { describe, expect, it } from 'vitest';
import { describeDatabase, firstAdminPasswordPlace, formatStartBanner } from './start-banner';

const embedded = { kind: 'pglite', dataDir: '/srv/store/data/pglite' } as const;

describe('the start banner', () => {
  it('names the embedded database folder', () => {
    expect(describeDatabase(embedded)).toBe('embedded PostgreSQL (PGlite) at /srv/store/data/pglite');
  });

  it('names the PostgreSQL server, database and user, never the password', () => {
    const text = describeDatabase({ kind: 'postgres', url: 'postgres://shop:s3cret-pw@db.internal:5433/store' });
    expect(text).toBe('PostgreSQL db.internal:5433/store as shop');
    expect(text).not.toContain('s3cret-pw');
  });

  it('shows a generated admin password with where to sign in and how to choose one instead', () => {
    const banner = formatStartBanner({
      address: 'http://127.0.0.1:3000',
      publicUrl: 'http://127.0.0.1:3000',
      database: embedded,
      createdAdmin: { email: 'admin@store.localhost', generatedPassword: 'Xq3-generated-pw' },
    });
    expect(banner).toContain('ToolHouse store is running at http://127.0.0.1:3000');
    expect(banner).toContain('Database: embedded PostgreSQL (PGlite) at /srv/store/data/pglite');
    expect(banner).toContain('Email:    admin@store.localhost');
    expect(banner).toContain('Password: Xq3-generated-pw');
    expect(banner).toContain('http://127.0.0.1:3000/login');
    expect(banner).toContain('ADMIN_EMAIL and ADMIN_PASSWORD');
    expect(banner).not.toContain('Public address');
  });

  it('on later starts shows only the address and the database, plus the public address behind a proxy', () => {
    const banner = formatStartBanner({
      address: 'http://127.0.0.1:3000',
      publicUrl: 'https://shop.example.com',
      database: embedded,
      createdAdmin: null,
    });
    expect(banner).toContain('Public address: https://shop.example.com');
    expect(banner).not.toMatch(/admin|password/i);
  });

  it('says where mail goes: the SMTP server without its password, or the outbox folder and that nothing is delivered', () => {
    const start = (mail: Parameters<typeof formatStartBanner>[0]['mail']) =>
      formatStartBanner({ address: 'http://127.0.0.1:3000', publicUrl: 'http://127.0.0.1:3000', database: embedded, createdAdmin: null, mail });
    const smtp = start({ smtpUrl: 'smtp://shop:m4il-s3cret@mail.example.com:587', from: 'ToolHouse <no-reply@example.com>', outboxDir: null });
    expect(smtp).toContain('Mail: sent through SMTP mail.example.com:587 as ToolHouse <no-reply@example.com>');
    expect(smtp).not.toContain('set MAIL_FROM');
    // Reached by an address, the store's default sender has no real domain: the banner says to set one.
    expect(start({ smtpUrl: 'smtp://mail.example.com:587', from: 'ToolHouse <no-reply@localhost>', outboxDir: null })).toContain(
      'as ToolHouse <no-reply@localhost> (set MAIL_FROM to an address your mail server may send as)',
    );
    expect(smtp).not.toContain('m4il-s3cret');
    expect(start({ smtpUrl: 'smtps://mail.example.com', from: 'a@example.com', outboxDir: null })).toContain('Mail: sent through SMTPS mail.example.com:465');
    const files = start({ smtpUrl: null, from: 'a@example.com', outboxDir: '/srv/store/data/outbox' });
    expect(files).toContain('Mail: not delivered (SMTP_URL is not set); each message is written to /srv/store/data/outbox');
  });

  it('says loudly when payments are in test mode, and which Stripe keys are in use otherwise', () => {
    const start = (payments: Parameters<typeof formatStartBanner>[0]['payments']) =>
      formatStartBanner({ address: 'http://127.0.0.1:3000', publicUrl: 'http://127.0.0.1:3000', database: embedded, createdAdmin: null, payments });
    expect(start({ provider: 'test' })).toContain('Payments: TEST MODE: the built-in test processor takes test cards only, charges nothing');
    const stripe = { provider: 'stripe' as const, secretKey: 'sk_live_abc', publishableKey: 'pk_live_abc', webhookSecret: 'whsec_x', apiUrl: null };
    expect(start(stripe)).toContain('Payments: Stripe (live keys)');
    expect(start(stripe)).not.toContain('sk_live_abc');
  });

  it("says where the first admin's password is as the log does: the banner on a terminal, else the file it names", () => {
    const admin = { email: 'admin@store.localhost', generatedPassword: 'Xq3-generated-pw' };
    const file = '/srv/store/data/first-admin-password.txt';
    const toFile = formatStartBanner({ address: 'http://127.0.0.1:3000', publicUrl: 'http://127.0.0.1:3000', database: embedded, createdAdmin: admin, adminPasswordFile: file });
    expect(toFile).toContain(`Password: in ${file} (readable by this user only)`);
    expect(toFile).not.toContain('Xq3-generated-pw');
    expect(firstAdminPasswordPlace(file)).toBe(
      `The first admin's password is in ${file} (readable by this user only; standard output is not a terminal), not in the log.`,
    );
    const onTerminal = formatStartBanner({ address: 'http://127.0.0.1:3000', publicUrl: 'http://127.0.0.1:3000', database: embedded, createdAdmin: admin });
    expect(onTerminal).toContain('Password: Xq3-generated-pw');
    expect(firstAdminPasswordPlace(null)).toBe("The first admin's password is shown once in the start banner on this terminal, not in the log.");
  });
});
