/**
 * The settings that give a store started by the tests a fraction of the standard password-hashing
 * cost (decision 037): the suites sign thousands of people up and in, and at the standard cost that
 * was about a fifth of their CPU. The configuration takes PASSWORD_HASHING=test only with
 * NODE_ENV=test. The standard hashing has tests of its own (identity/password-hashing.test.ts).
 */
export const CHEAP_PASSWORD_HASHING = { NODE_ENV: 'test', PASSWORD_HASHING: 'test' } as const;
