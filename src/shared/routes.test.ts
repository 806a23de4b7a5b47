import { describe, expect, it } from 'vitest';
import { APP_ROUTES, fillRoute, isAppPath } from './routes';

describe('isAppPath', () => {
  it('knows every page of the app, with its id filled in', () => {
    for (const pattern of Object.values(APP_ROUTES)) {
      const path = pattern.replace(':id', '0d6c3f0e-5b7a-4d43-9a57-1c9c6f1b2a10');
      expect(isAppPath(path), path).toBe(true);
    }
  });

  it.each(['/no-such-page', '/dashboard/nope', '/purchase', '/purchase/', '/purchase/a/b', '/dashboard/checkOut', '/home/x', '/ourToolsX', 'ourTools', ''])(
    'refuses %j',
    (path) => expect(isAppPath(path)).toBe(false),
  );

  it('matches as React Router does: any letter case, trailing slashes, percent-encoded letters', () => {
    expect(isAppPath('/OURTOOLS')).toBe(true);
    expect(isAppPath('/ourTools/')).toBe(true);
    expect(isAppPath('/dashboard/myOrders//')).toBe(true);
    expect(isAppPath('/our%54ools')).toBe(true);
    expect(isAppPath('/purchase/a%2Fb')).toBe(true);
    expect(isAppPath('/purchase/%E0%A4%A')).toBe(true);
  });

  it('needs a non-empty id', () => {
    expect(isAppPath('/dashboard/checkOut//')).toBe(false);
    expect(isAppPath('/purchase//x')).toBe(false);
  });
});

describe('fillRoute', () => {
  it('puts the id into the pattern, encoded', () => {
    expect(fillRoute(APP_ROUTES.purchase, 'abc')).toBe('/purchase/abc');
    expect(fillRoute(APP_ROUTES.checkOut, 'a b/c')).toBe('/dashboard/checkOut/a%20b%2Fc');
  });
});
