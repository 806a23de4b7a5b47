import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

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
