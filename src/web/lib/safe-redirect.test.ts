import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect';

describe('safeRedirectPath', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/purchase/abc?x=1#top', '/purchase/abc?x=1#top'],
    ['/dashboard/myOrders', '/dashboard/myOrders'],
  ])('keeps the same-origin path %s', (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  it.each([
    'https://evil.example/phish',
    '//evil.example/phish',
    '/\\evil.example',
    'javascript:alert(1)',
    'dashboard',
    '/login',
    '/registration',
    '',
    null,
    42,
  ])('falls back to / for %s', (input) => {
    expect(safeRedirectPath(input)).toBe('/');
  });
});
