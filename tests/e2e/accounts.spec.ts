import { animationsSettled, expect, test } from './support/fixtures';
import { linkIn, waitForMail } from './support/mailbox';
import { E2E_ADMIN, newCustomer, openAccountMenu, signInWithForm, signUpByApi, signUpWithForm, VERIFICATION_SUBJECT } from './support/users';

/** Mail is sent in the background: on a busy machine it may take longer than the mailbox's default wait. */
const MAIL_WAIT_MS = 40_000;

test.describe('accounts', () => {
  test('a visitor registers, confirms the address from the mail, signs in with their name in the avatar menu, and logs out', async ({ page }) => {
    // A mail round trip: more than the default 30 s on a busy machine.
    test.setTimeout(60_000);
    const user = newCustomer('Morgan Fielding');
    await signUpWithForm(page, user);
    const mail = await waitForMail(user.email, (m) => m.subject === VERIFICATION_SUBJECT, MAIL_WAIT_MS);
    await page.context().clearCookies();
    await page.goto(linkIn(mail, '/verifyEmail'));
    await expect(page.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();
    // The link proves the mailbox, not the password: it signs nobody in (issue 19).
    await page.getByRole('link', { name: 'Login to continue' }).click();
    await signInWithForm(page, user);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toMatch(/^ey/);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await openAccountMenu(page);
    await expect(page.getByTestId('user-menu-name')).toHaveText(user.name);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    // The session really ended on the server: the dashboard asks to sign in again.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('registration shows the spec messages, and answers an email already in use as a new one while mailing its owner', async ({ page }) => {
    // A mail round trip: more than the default 30 s on a busy machine.
    test.setTimeout(60_000);
    const user = newCustomer();
    await signUpByApi(page, user);
    await page.context().clearCookies();
    await page.goto('/registration');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(page.getByText('User name is required')).toBeVisible();
    await expect(page.getByText('Email address is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await page.getByLabel('User name').fill('Another Person');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(page.getByText('Password must be contain at least 8 characters')).toBeVisible();
    await page.getByLabel('Password').fill('An0ther-strong-pass');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    // Nobody learns from this page whether the address has an account; its owner learns by mail.
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText(user.email);
    const notice = await waitForMail(user.email, (m) => m.subject === 'Someone tried to sign up with your ToolHouse address', MAIL_WAIT_MS);
    expect(notice.text).toContain('nothing was created or changed');
  });

  test('a wrong password shows the error above the form', async ({ page }) => {
    const user = newCustomer();
    await signUpByApi(page, user);
    await page.context().clearCookies();
    await page.goto('/login');
    await signInWithForm(page, { email: user.email, password: 'definitely-not-it' });
    await expect(page.getByRole('alert').filter({ hasText: 'The email or password is wrong' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an anonymous visit to the dashboard goes to login and comes back after signing in', async ({ page }) => {
    const user = newCustomer('Jordan Keys');
    await signUpByApi(page, user);
    await page.context().clearCookies();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await signInWithForm(page, user);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
    await expect(page.getByLabel('User name')).toHaveValue('Jordan Keys');
  });

  test('an access token left from an ended session does not sign out the session that replaced it', async ({ page }) => {
    const user = newCustomer('Sam Stale');
    await signUpByApi(page, user);
    await page.goto('/dashboard/myOrders');
    await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toMatch(/^ey/);
    const oldToken = await page.evaluate(() => localStorage.getItem('accessToken'));
    // The session ends on the server (as a password reset elsewhere ends it); the browser signs in
    // again, and the old token, unexpired but refused now, is still in storage when pages ask.
    await page.request.post('/api/auth/sign-out', { headers: { origin: new URL(page.url()).origin } });
    await page.context().clearCookies();
    await page.goto('/login');
    await signInWithForm(page, user);
    await expect(page).toHaveURL(/\/$|\/dashboard/);
    await page.evaluate((token) => localStorage.setItem('accessToken', token!), oldToken);
    await page.goto('/dashboard/myOrders');
    await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
    await expect(page.getByText("Sorry, You don't have any order")).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).not.toBe(oldToken);
  });

  test('a customer updates the profile and sees the spec toast', async ({ page }) => {
    const user = newCustomer();
    await signUpByApi(page, user);
    await page.goto('/dashboard');
    await page.getByLabel('Address').fill('');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expect(page.getByText('Delivery address is required')).toBeVisible();
    await page.getByLabel('Address').fill('12 Mill Lane, Leeds');
    await page.getByLabel('Phone').fill('+44 113 496 0000');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expect(page.getByText('Your profile updated successfully')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Address')).toHaveValue('12 Mill Lane, Leeds');
  });

  test('toasts show below the navbar and never cover the avatar or its menu', async ({ page }) => {
    await signUpByApi(page, newCustomer('Toby Toast'));
    await page.goto('/dashboard');
    await page.getByLabel('Address').fill('3 Toast Row, Leeds');
    await page.getByLabel('Phone').fill('+44 113 496 0001');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Your profile updated successfully' });
    await expect(toast).toBeVisible();
    // The pointer on a toast keeps it open while it is measured (react-hot-toast pauses on hover).
    // Hovered once it has slid into place: mid-way it still lies under the navbar, which takes the
    // pointer, and on a busy machine the retries outlasted the toast's 2 s (seen under load). Its
    // slide may not have started when the animations are first looked at (seen under load: measured
    // at y 27, under the navbar), so where it comes to rest is waited for, then measured.
    await animationsSettled(page);
    const header = (await page.getByRole('banner').boundingBox())!;
    await expect.poll(async () => (await toast.boundingBox())?.y ?? 0).toBeGreaterThanOrEqual(header.y + header.height);
    await toast.hover();
    const shown = (await toast.boundingBox())!;
    expect(shown.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(shown.x + shown.width).toBeGreaterThan(page.viewportSize()!.width / 2);

    // With the account menu open (by keyboard, so the pointer stays on the toast), what lies where
    // menu and toast overlap is the menu.
    const avatar = page.getByRole('button', { name: 'Account menu' });
    await avatar.focus();
    const logout = page.getByRole('button', { name: 'Logout' });
    await expect(logout).toBeVisible();
    await expect(toast).toBeVisible();
    const menu = (await page.getByRole('button', { name: 'Logout' }).locator('xpath=ancestor::ul[1]').boundingBox())!;
    const overlap = {
      left: Math.max(menu.x, shown.x),
      right: Math.min(menu.x + menu.width, shown.x + shown.width),
      top: Math.max(menu.y, shown.y),
      bottom: Math.min(menu.y + menu.height, shown.y + shown.height),
    };
    if (overlap.left < overlap.right && overlap.top < overlap.bottom) {
      const onTop = await page.evaluate(
        ([x, y]) => Boolean(document.elementFromPoint(x!, y!)?.closest('.dropdown-content')),
        [(overlap.left + overlap.right) / 2, (overlap.top + overlap.bottom) / 2],
      );
      expect(onTop, 'the menu is drawn over the toast').toBe(true);
    }
    const logoutBox = (await logout.boundingBox())!;
    const hit = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.textContent ?? '',
      [logoutBox.x + logoutBox.width / 2, logoutBox.y + logoutBox.height / 2],
    );
    expect(hit).toBe('Logout');
  });

  test('on a phone, toasts show at the bottom, never cover the page title, and let taps through to the page @mobile', async ({ page }) => {
    await signUpByApi(page, newCustomer('Pia Phone'));
    await page.goto('/dashboard');
    await page.getByLabel('Address').fill('3 Toast Row, Leeds');
    await page.getByLabel('Phone').fill('+44 113 496 0001');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Your profile updated successfully' });
    await expect(toast).toBeVisible();
    // Once it has slid in (it enters from below the screen's edge), all of it is on the screen.
    const bottomOf = async () => {
      const box = (await toast.boundingBox())!;
      return box.y + box.height;
    };
    await expect.poll(bottomOf).toBeLessThanOrEqual(page.viewportSize()!.height);
    const shown = (await toast.boundingBox())!;
    const title = (await page.getByRole('heading', { level: 2 }).first().boundingBox())!;
    expect(shown.y).toBeGreaterThan(title.y + title.height);
    // What lies under the toast's middle takes a tap there: the page, not the toast.
    const tapped = await page.evaluate(([x, y]) => Boolean(document.elementFromPoint(x!, y!)?.closest('[role="status"]')), [
      shown.x + shown.width / 2,
      shown.y + shown.height / 2,
    ]);
    expect(tapped).toBe(false);
  });

  test('a customer cannot open admin pages: signed out and sent to login', async ({ page }) => {
    const user = newCustomer();
    await signUpByApi(page, user);
    await page.goto('/dashboard');
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(menu.getByRole('link', { name: 'My Orders' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Manage Users' })).toHaveCount(0);
    await page.goto('/dashboard/manageUser');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Manage Users' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByTestId('signed-out-notice')).toHaveText(
      'That page is for admins, so you were signed out. Sign in with an admin account to open it.',
    );
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('an admin who opens a customer page is signed out, and the login page says why', async ({ page }) => {
    await page.goto('/login');
    await signInWithForm(page, E2E_ADMIN);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/dashboard/myOrders');

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('signed-out-notice')).toHaveText(
      'That page is for customers, so you were signed out. Sign in with a customer account to open it.',
    );
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    // Nothing went wrong with the connection or the form: no error above it.
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByText('Could not reach the store')).toHaveCount(0);

    // A customer account signs in from here as usual.
    const customer = newCustomer('Cora Customer');
    await signUpByApi(page, customer);
    await page.context().clearCookies();
    await page.goto('/');
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    await expect(page.getByTestId('signed-out-notice')).toHaveCount(0);
    await signInWithForm(page, customer);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/dashboard/myOrders');
    await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
  });

  test('the admin promotes a customer, who then sees the admin menu', async ({ page, browser }) => {
    const customer = newCustomer('Promoted Person');
    const customerContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    const customerPage = await customerContext.newPage();
    await signUpByApi(customerPage, customer);

    await page.goto('/login');
    await signInWithForm(page, E2E_ADMIN);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/dashboard/manageUser');
    const row = page.getByRole('row').filter({ hasText: customer.email });
    await row.getByRole('button', { name: /^Make Admin/ }).click();
    // Promotion asks first, naming the person.
    const confirm = page.getByRole('dialog').filter({ hasText: customer.email });
    await expect(confirm).toContainText(customer.name);
    // ... and for the admin's password, given again (decision 023).
    await confirm.getByLabel('Your password or authenticator code').fill(E2E_ADMIN.password);
    await confirm.getByRole('button', { name: 'Make Admin' }).click();
    await expect(page.getByText('Make user admin successfully')).toBeVisible();
    await expect(row.getByText('Admin', { exact: true })).toBeVisible();

    await customerPage.goto('/dashboard');
    const menu = customerPage.getByRole('navigation', { name: 'Dashboard' });
    await expect(menu.getByRole('link', { name: 'Manage Users' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'My Orders' })).toHaveCount(0);
    await customerContext.close();
  });
});

test.describe('Google sign-in', () => {
  test('signs in through the OpenID Connect provider and returns to where the visitor was going', async ({ page }) => {
    const email = `jane.doe.${Date.now()}@example.com`;
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('button', { name: 'Continue With Google' }).click();
    // The provider's own sign-in page (oidc-provider's development login).
    await expect(page.getByRole('heading', { name: 'Sign-in' })).toBeVisible();
    await page.locator('input[name="login"]').fill(email);
    await page.locator('input[name="password"]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await openAccountMenu(page);
    await expect(page.getByTestId('user-menu-name')).toHaveText(/^Jane Doe/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toMatch(/^ey/);
  });
});
