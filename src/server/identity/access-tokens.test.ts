import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAccessTokens } from './access-tokens';

const SECRET = 'unit-test-secret-that-is-long-enough-0123456789';
const claims = { userId: 'u1', sessionId: 's1', email: 'ada@example.com' };

afterEach(() => {
  vi.useRealTimers();
});

describe('access tokens', () => {
  it('accepts a token it issued, the second time from memory, and refuses it once it has expired', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T12:00:00Z'), toFake: ['Date'] });
    const tokens = createAccessTokens(SECRET, 60);
    const token = await tokens.issue(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims);

    vi.setSystemTime(new Date('2026-11-24T12:01:01Z'));
    expect(await tokens.verify(token)).toBeNull();
    expect(await tokens.verify(token)).toBeNull();
  });

  it("refuses another store's token, and a token whose signature was altered after this one was accepted", async () => {
    const ours = createAccessTokens(SECRET, 60);
    const theirs = createAccessTokens('another-secret-that-is-long-enough-9876543210', 60);
    const token = await ours.issue(claims);
    expect(await ours.verify(token)).toEqual(claims);
    expect(await ours.verify(await theirs.issue(claims))).toBeNull();
    expect(await ours.verify(`${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`)).toBeNull();
  });
});
