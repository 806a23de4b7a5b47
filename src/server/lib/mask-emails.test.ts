import { describe, expect, it } from 'vitest';
import { maskEmails } from './mask-emails';

describe('maskEmails', () => {
  it('keeps customers’ emails out of request logs', () => {
    expect(maskEmails('/api/user/jane.doe%40example.com')).toBe('/api/user/<email>');
    expect(maskEmails('/api/order/jane@example.com?limit=5')).toBe('/api/order/<email>?limit=5');
    expect(maskEmails('/api/user/admin/boss@shop.test')).toBe('/api/user/admin/<email>');
  });

  it('leaves other paths alone', () => {
    expect(maskEmails('/api/items?limit=6&offset=12')).toBe('/api/items?limit=6&offset=12');
  });
});
