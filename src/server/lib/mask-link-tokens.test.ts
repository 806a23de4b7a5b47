import { describe, expect, it } from 'vitest';
import { maskLinkTokens } from './mask-link-tokens';

describe('maskLinkTokens', () => {
  it('hides a verification token in the query and keeps the rest of the URL', () => {
    expect(maskLinkTokens('/api/auth/verify-email?token=eyJhbGciOi.x.y&callbackURL=%2F')).toBe(
      '/api/auth/verify-email?token=<token>&callbackURL=%2F',
    );
    expect(maskLinkTokens('/api/auth/verify-email?callbackURL=%2F&TOKEN=abc')).toBe('/api/auth/verify-email?callbackURL=%2F&TOKEN=<token>');
  });

  it("hides the token in the identity service's reset-password path", () => {
    expect(maskLinkTokens('/api/auth/reset-password/AbC123xyz?callbackURL=%2F')).toBe('/api/auth/reset-password/<token>?callbackURL=%2F');
  });

  it('leaves URLs without tokens alone', () => {
    expect(maskLinkTokens('/api/items?limit=6&tokens=3')).toBe('/api/items?limit=6&tokens=3');
    expect(maskLinkTokens('/api/auth/reset-password')).toBe('/api/auth/reset-password');
  });
});
