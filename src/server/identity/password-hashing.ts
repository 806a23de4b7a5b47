import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { promisify } from 'node:util';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import pLimit from 'p-limit';
import type { AuthConfig } from '../config';

/** PASSWORD_HASHING: how the identity service stores and checks passwords (decision 037). */
export type PasswordHashing = AuthConfig['passwordHashing'];

/** What better-auth's `emailAndPassword.password` takes. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(data: { hash: string; password: string }): Promise<boolean>;
}

/**
 * A stored password in the test suite's cheap form starts with this, so that no store running the
 * standard hashing ever accepts one, and the suite still checks the standard hashes the
 * command-line tools write.
 */
const TEST_HASH_PREFIX = 'test-scrypt$';
/** scrypt with 1/16th of the standard cost factor and half its block size: ~2 ms instead of ~150. */
const TEST_PARAMS = { N: 1024, r: 8, p: 1, maxmem: 16 * 1024 * 1024 };
const KEY_LENGTH = 64;

const scryptAsync = promisify(scrypt) as (password: string, salt: string, keyLength: number, options: typeof TEST_PARAMS) => Promise<Buffer>;
const testKey = (password: string, salt: string) => scryptAsync(password.normalize('NFKC'), salt, KEY_LENGTH, TEST_PARAMS);

/**
 * Standard hashes computed at once, at most: one a core. Each holds 32 MB (scrypt's 128·N·r bytes)
 * while it runs on libuv's pool, whose four threads would otherwise all run one during a burst of
 * sign-ups or sign-ins: 128 MB on top of the store, for no more hashes a second than the cores
 * give (measured here, 2 cores: 2 hashes in 114 ms, 4 in 233 ms; issue 26's memory target), and
 * no pool thread left for the file reads that share it. The rest wait their turn, holding nothing.
 */
const DEFAULT_HASHES_AT_ONCE = Math.min(4, availableParallelism());

/**
 * `standard`: better-auth's own scrypt (N=16384, r=16), about 150 ms of CPU a hash: what makes a
 * stolen database expensive to guess from, and what every running store uses; `hashesAtOnce` of
 * them at a time.
 *
 * `test`: the test suites sign thousands of customers up and in, and at the standard cost that was
 * about a fifth of their CPU time. The configuration refuses it unless NODE_ENV=test (config.ts).
 * Standard hashes (the first admin, `npm run reset-password`) still verify under it.
 */
export function passwordHasher(mode: PasswordHashing, hashesAtOnce = DEFAULT_HASHES_AT_ONCE): PasswordHasher {
  if (mode === 'standard') {
    const inTurn = pLimit(hashesAtOnce);
    return {
      hash: (password) => inTurn(() => hashPassword(password)),
      verify: ({ hash, password }) => (hash.startsWith(TEST_HASH_PREFIX) ? Promise.resolve(false) : inTurn(() => verifyPassword({ hash, password }))),
    };
  }
  return {
    async hash(password) {
      const salt = randomBytes(16).toString('hex');
      return `${TEST_HASH_PREFIX}${salt}:${(await testKey(password, salt)).toString('hex')}`;
    },
    async verify({ hash, password }) {
      if (!hash.startsWith(TEST_HASH_PREFIX)) return verifyPassword({ hash, password });
      const [salt, key] = hash.slice(TEST_HASH_PREFIX.length).split(':');
      if (!salt || !key) return false;
      const expected = Buffer.from(key, 'hex');
      const actual = await testKey(password, salt);
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}
