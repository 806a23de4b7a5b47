import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, retiredSettingsIn } from './config';

describe('loadConfig', () => {
  it('defaults to the embedded database under ./data on port 3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.database).toEqual({ kind: 'pglite', dataDir: path.resolve('./data/pglite') });
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/store' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@db:5432/store', poolSize: 10 });
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db/s', DATABASE_POOL_SIZE: '25' }).database).toMatchObject({ poolSize: 25 });
  });

  it('shares rate limits through Redis only when REDIS_URL is set, under a per-deployment prefix', () => {
    expect(loadConfig({}).redis).toBeNull();
    expect(loadConfig({ REDIS_URL: 'redis://cache:6379/2' }).redis).toEqual({ url: 'redis://cache:6379/2', keyPrefix: 'toolhouse:' });
    expect(loadConfig({ REDIS_URL: 'rediss://cache', REDIS_KEY_PREFIX: 'shop-staging:' }).redis?.keyPrefix).toBe('shop-staging:');
    expect(() => loadConfig({ REDIS_URL: 'http://cache' })).toThrow(/REDIS_URL: must start with redis:\/\//);
    expect(() => loadConfig({ REDIS_URL: 'redis://cache', REDIS_KEY_PREFIX: 'has space' })).toThrow(/REDIS_KEY_PREFIX/);
  });

  it('refuses to start on a bad value and names it', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must start with postgres/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });

  describe('admin accounts (decision 023)', () => {
    it('require two-step sign-in and a 12-hour session by default, and say so when set otherwise', () => {
      expect(loadConfig({}).auth).toMatchObject({ adminTwoFactor: 'required', adminSessionSeconds: 12 * 3600 });
      expect(loadConfig({ ADMIN_TWO_FACTOR: 'optional', ADMIN_SESSION_HOURS: '1.5' }).auth).toMatchObject({
        adminTwoFactor: 'optional',
        adminSessionSeconds: 5400,
      });
      expect(() => loadConfig({ ADMIN_TWO_FACTOR: 'off' })).toThrow(/ADMIN_TWO_FACTOR: must be required or optional/);
      expect(() => loadConfig({ ADMIN_SESSION_HOURS: '0' })).toThrow(/ADMIN_SESSION_HOURS/);
      expect(() => loadConfig({ ADMIN_SESSION_HOURS: '1000' })).toThrow(/ADMIN_SESSION_HOURS/);
    });

    it('refuse an ADMIN_PASSWORD that sign-up would refuse for its length', () => {
      expect(() => loadConfig({ ADMIN_EMAIL: 'boss@shop.test', ADMIN_PASSWORD: 'short7!' })).toThrow(
        /ADMIN_PASSWORD: must be at least 8 characters \(Password must be contain at least 8 characters\)/,
      );
      expect(() => loadConfig({ ADMIN_EMAIL: 'boss@shop.test', ADMIN_PASSWORD: 'x'.repeat(129) })).toThrow(/ADMIN_PASSWORD: must be at most 128/);
      expect(loadConfig({ ADMIN_EMAIL: 'boss@shop.test', ADMIN_PASSWORD: 'Long-enough-Pw-1' }).auth.admin).toEqual({
        email: 'boss@shop.test',
        password: 'Long-enough-Pw-1',
      });
    });
  });

  describe('mail', () => {
    it('writes mail to DATA_DIR/outbox from the store\'s own address when SMTP_URL is not set', () => {
      expect(loadConfig({ DATA_DIR: '/srv/store' }).mail).toEqual({
        smtpUrl: null,
        from: 'ToolHouse <no-reply@localhost>',
        outboxDir: path.resolve('/srv/store/outbox'),
      });
      expect(loadConfig({ PUBLIC_URL: 'https://shop.example.com', PAYMENT_PROVIDER: 'test' }).mail.from).toBe('ToolHouse <no-reply@shop.example.com>');
    });

    it('sends through SMTP_URL from MAIL_FROM', () => {
      const { mail } = loadConfig({ SMTP_URL: 'smtps://shop:pw@mail.example.com:465', MAIL_FROM: 'Tool Sales <sales@example.com>' });
      expect(mail).toMatchObject({ smtpUrl: 'smtps://shop:pw@mail.example.com:465', from: 'Tool Sales <sales@example.com>' });
      expect(loadConfig({ MAIL_FROM: 'sales@example.com' }).mail.from).toBe('sales@example.com');
    });

    it.each(['mail.example.com', 'http://mail.example.com', 'smtp://'])('refuses SMTP_URL=%j and names it', (value) => {
      expect(() => loadConfig({ SMTP_URL: value })).toThrow(/SMTP_URL: must be a URL such as smtp:\/\//);
    });

    it.each(['ToolHouse', 'ToolHouse <not an address>', 'a@example.com\r\nBcc: victim@example.com'])('refuses MAIL_FROM=%j and names it', (value) => {
      expect(() => loadConfig({ MAIL_FROM: value })).toThrow(/MAIL_FROM: must be an email address or Name <address>/);
    });
  });

  describe('TRUST_PROXY', () => {
    it('believes no forwarded header by default or with 0', () => {
      expect(loadConfig({}).trustProxy).toBe(false);
      expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    });

    it('reads a number as proxy hops and a list as proxy addresses or ranges', () => {
      expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
      expect(loadConfig({ TRUST_PROXY: '10.0.0.1,10.0.0.0/8' }).trustProxy).toEqual(['10.0.0.1', '10.0.0.0/8']);
      expect(loadConfig({ TRUST_PROXY: ' 10.0.0.1 , fd00::/8 ' }).trustProxy).toEqual(['10.0.0.1', 'fd00::/8']);
    });

    it.each(['true', 'yes', 'loopback', '10.0.0.1;10.0.0.2', '-1', '10.0.0.300', '10.0.0.0/40'])('refuses %j and names TRUST_PROXY', (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: must be 0, a number of proxy hops/);
    });
  });
});

describe('settings that go together', () => {
  it('refuses half of a pair or a contradiction, naming the settings, each problem on a line of its own', () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'client-id' })).toThrow(
      new Error('Invalid environment configuration:\n  GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together'),
    );
    expect(() => loadConfig({ ADMIN_EMAIL: 'boss@shop.test' })).toThrow(/^Invalid environment configuration:\n {2}ADMIN_EMAIL and ADMIN_PASSWORD go together$/);
    expect(() => loadConfig({ HEADERS_TIMEOUT_SECONDS: '30', REQUEST_TIMEOUT_SECONDS: '20' })).toThrow(
      /HEADERS_TIMEOUT_SECONDS cannot be more than REQUEST_TIMEOUT_SECONDS/,
    );
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(
      /PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => loadConfig({ GOOGLE_CLIENT_SECRET: 'secret', ADMIN_PASSWORD: 'Long-enough-Pw-1' })).toThrow(
      new Error(
        'Invalid environment configuration:\n  GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together\n  ADMIN_EMAIL and ADMIN_PASSWORD go together',
      ),
    );
  });
});

describe('settings this version no longer reads', () => {
  it('are named with why, so an operator does not tune them in vain', () => {
    expect(retiredSettingsIn({ MAX_UNPAID_SHARE_PERCENT: '10', ORDER_HOLD_MINUTES: '30', PORT: '3000' })).toEqual([
      'ORDER_HOLD_MINUTES is no longer used: unpaid orders hold no stock now; ORDER_PAY_MINUTES says how long one may be paid (docs/decisions/019)',
      'MAX_UNPAID_SHARE_PERCENT is no longer used: unpaid orders hold no stock now, so there is no share to cap (docs/decisions/019)',
    ]);
    expect(retiredSettingsIn({})).toEqual([]);
  });
});

describe('the test processor on a live store', () => {
  it('refuses to start with it on an https:// address unless PAYMENT_PROVIDER=test says so', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'https://shop.example.com' })).toThrow(/PUBLIC_URL is https:\/\/ \(a live store\) but no Stripe keys are set/);
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example.com', PAYMENT_PROVIDER: 'test' }).payments.provider).toBe('test');
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:3000' }).payments.provider).toBe('test');
    expect(
      loadConfig({
        PUBLIC_URL: 'https://shop.example.com',
        STRIPE_SECRET_KEY: 'sk_live_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
      }).payments.provider,
    ).toBe('stripe');
  });
});
