import { accessibilityViolations, expect, test } from './support/fixtures';
import { expectNoSidewaysScroll, PHONE } from './support/phone';
import { newCustomer, signUpByApi } from './support/users';

test.describe('navigation', () => {
  test('deep links load the app', async ({ page }) => {
    await page.goto('/ourTools');
    await expect(page.getByRole('heading', { name: 'Our Tools', level: 1 })).toBeVisible();
    await page.goto('/aboutUs');
    await expect(page.getByRole('heading', { name: 'About Us', level: 1 })).toBeVisible();
    await page.goto('/home');
    await expect(page.getByRole('heading', { name: 'Our Manufacturer Tools' })).toBeVisible();
  });

  test('an unknown path answers 404 with the not-found page, and an unknown API path answers JSON 404', async ({ page, request }) => {
    for (const path of ['/no-such-page', '/no/such/page', '/ourTools/no-such-tool']) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    }
    // Every page of the app is found, a deep link included.
    expect((await page.goto('/aboutUs'))?.status()).toBe(200);
    expect((await page.goto('/dashboard/myOrders'))?.status()).toBe(200);
    await page.goto('/no-such-page');
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/$/);
    const api = await request.get('/api/no-such-endpoint');
    expect(api.status()).toBe(404);
    expect(api.headers()['content-type']).toMatch(/^application\/problem\+json/);
    expect(await api.json()).toEqual({ type: 'about:blank', title: 'Not Found', status: 404, code: 'NOT_FOUND', detail: 'Not found' });
  });

  test('the navbar links reach every public page, and signed-out visitors see the sign-in icon', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Contact Us' }).click();
    await expect(page.getByRole('heading', { name: 'Contact Us', level: 1 })).toBeVisible();
    await nav.getByRole('link', { name: 'About Us' }).click();
    await expect(page.getByRole('heading', { name: 'About Us', level: 1 })).toBeVisible();
    await nav.getByRole('link', { name: 'Our Tools' }).click();
    await expect(page.getByRole('heading', { name: 'Our Tools', level: 1 })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    await nav.getByRole('link', { name: 'ToolHouse' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the about page tells the founding year, free shipping and how to reach us', async ({ page }) => {
    await page.goto('/aboutUs');
    await expect(page.getByText(/2005/).first()).toBeVisible();
    await expect(page.getByText(/shipping is free/i).first()).toBeVisible();
    await expect(page.locator('main a[href^="tel:"]').first()).toBeVisible();
    await expect(page.locator('main a[href^="mailto:"]').first()).toBeVisible();
  });

  test("the footer's column headings are the same size and weight", async ({ page }) => {
    await page.goto('/aboutUs');
    const footer = page.getByRole('contentinfo');
    const look = (name: string) =>
      footer.getByRole('heading', { name, exact: true }).evaluate((heading) => {
        const style = getComputedStyle(heading);
        return { size: style.fontSize, weight: style.fontWeight };
      });
    const store = await look('Store');
    expect(store.size).toBe('16px');
    expect(await look('Get in touch')).toEqual(store);
  });

  test('security headers come with every page', async ({ request }) => {
    const res = await request.get('/ourTools');
    const csp = res.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(res.headers()['x-content-type-options']).toBe('nosniff');
  });

  for (const path of ['/ourTools', '/contactUs', '/aboutUs']) {
    test(`${path} has no WCAG A/AA violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('main h1')).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await accessibilityViolations(page)).toEqual([]);
    });
  }

  test('on a small screen the links collapse into a keyboard-usable menu @mobile', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const toggle = nav.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toBeVisible();
    await toggle.focus();
    await page.keyboard.press('Enter');
    await nav.getByRole('link', { name: 'Contact Us' }).click();
    await expect(page.getByRole('heading', { name: 'Contact Us', level: 1 })).toBeVisible();
  });
});

test.describe('the dashboard on a phone', () => {
  test('the site menu and the dashboard menu look different and say what they open @mobile', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signUpByApi(page, newCustomer('Phil Phone'));
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();

    const siteMenu = page.getByRole('button', { name: 'Open menu' });
    const dashboardMenu = page.getByRole('button', { name: 'Open dashboard menu' });
    await expect(siteMenu).toBeVisible();
    await expect(dashboardMenu).toBeVisible();
    // Words under each icon, and two different icons.
    await expect(siteMenu).toHaveText('Menu');
    await expect(dashboardMenu).toHaveText('Dashboard');
    const drawing = (button: typeof siteMenu) => button.locator('svg').evaluate((svg) => svg.innerHTML);
    expect(await drawing(siteMenu)).not.toEqual(await drawing(dashboardMenu));
    const [a, b] = [(await siteMenu.boundingBox())!, (await dashboardMenu.boundingBox())!];
    expect(a.x + a.width <= b.x || b.x + b.width <= a.x, 'side by side, not overlapping').toBe(true);
    await expectNoSidewaysScroll(page);

    // Each opens its own menu.
    const dashboardNav = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(dashboardNav.getByRole('link', { name: 'My Orders' })).not.toBeInViewport();
    await dashboardMenu.click();
    await expect(dashboardNav.getByRole('link', { name: 'My Orders' })).toBeInViewport();
    await dashboardNav.getByRole('link', { name: 'My Orders' }).click();
    await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
    await siteMenu.click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }).click();
    await expect(page.getByRole('heading', { name: 'About Us', level: 1 })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});

test.describe('a page whose code cannot be loaded', () => {
  test('reloads once, then offers a retry instead of a white screen', async ({ page, consoleErrors }) => {
    await page.route(/\/assets\/about-page-[^/]+\.js$/, (route) => route.abort());
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }).click();
    await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
    await expect(page).toHaveURL(/\/aboutUs$/);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('chunk-reload-at')), 'reloaded once first').not.toBeNull();

    await page.unroute(/\/assets\/about-page-[^/]+\.js$/);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'About Us', level: 1 })).toBeVisible();
    // The aborted downloads were logged by the browser on purpose; nothing else may have been.
    const unexpected = consoleErrors.filter((text) => !/ERR_FAILED|about-page|dynamically imported module/i.test(text));
    consoleErrors.length = 0;
    expect(unexpected).toEqual([]);
  });
});
