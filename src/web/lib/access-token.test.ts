import { describe, expect, it } from 'vitest';
import { accessTokenExpiringIn } from '../../../tests/support/web/access-tokens';
import { clearAccessToken, isFreshToken, readAccessToken, storeAccessToken } from './access-token';

describe('the access token', () => {
  it('is kept in the browser under the name the spec gives it, and cleared', () => {
    const token = accessTokenExpiringIn(3600);
    storeAccessToken(token);
    expect(localStorage.getItem('accessToken')).toBe(token);
    expect(readAccessToken()).toBe(token);
    clearAccessToken();
    expect(readAccessToken()).toBeNull();
  });

  it('is fresh while more than a minute of it is left', () => {
    expect(isFreshToken(accessTokenExpiringIn(3600))).toBe(true);
    expect(isFreshToken(accessTokenExpiringIn(61 + 5))).toBe(true);
  });

  it('is renewed (not fresh) in its last minute and once it has expired', () => {
    expect(isFreshToken(accessTokenExpiringIn(30))).toBe(false);
    expect(isFreshToken(accessTokenExpiringIn(-10))).toBe(false);
  });

  it('is not fresh when it cannot be read: not a JWT, a payload that is not JSON, no expiry', () => {
    expect(isFreshToken('')).toBe(false);
    expect(isFreshToken('not-a-token')).toBe(false);
    expect(isFreshToken('aGVhZGVy.bm90IGpzb24.sig')).toBe(false);
    expect(isFreshToken(`x.${btoa(JSON.stringify({ sub: 'user-1' }))}.sig`)).toBe(false);
  });
});
