import { readFile } from 'node:fs/promises';
import type { Tool } from '../../src/shared';
import { accessibilityViolations, expect, test } from './support/fixtures';
import { accessToken } from './support/buying-by-api';
import { expectNoSidewaysScroll, PHONE } from './support/phone';
import { newCustomer, signInWithForm, signUpByApi } from './support/users';

/** GDPR's access and erasure for a customer (decision 046): My Profile's "Your data", at desktop width and on a 390 px phone. */
test.describe('a customer’s own data', () => {
  for (const tag of ['', ' @mobile']) {
    test(`a customer downloads their data and deletes their account${tag}`, async ({ page }) => {
      // Sign-up, an order, a download and a deletion: more than the default 30 s on a busy machine.
      test.setTimeout(60_000);
      if (tag) await page.setViewportSize(PHONE);
      const user = newCustomer('Della Leaving');
      await signUpByApi(page, user);
      // An unpaid order, which goes with the account.
      const authorization = `Bearer ${await accessToken(page.request, user.email)}`;
      const tools = (await (await page.request.get('/api/items?limit=100')).json()) as Tool[];
      const tool = tools.find((t) => t.availableQty >= t.minQty)!;
      const placed = await page.request.post('/api/order', {
        headers: { authorization },
        data: { toolId: tool._id, quantity: tool.minQty, address: '4 Exit Road, Dayton, OH', phone: '+1 555 0142' },
      });
      expect(placed.status(), await placed.text()).toBe(201);
      const { insertedId } = (await placed.json()) as { insertedId: string };

      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
      const section = page.getByRole('region', { name: 'Your data' });
      await expect(section).toBeVisible();
      expect(await accessibilityViolations(page)).toEqual([]);

      // Download my data: a dated JSON file with this account's profile and order.
      const downloading = page.waitForEvent('download');
      await section.getByRole('button', { name: 'Download my data' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^toolhouse-my-data-\d{4}-\d{2}-\d{2}\.json$/);
      const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as { account: { email: string }; orders: Array<{ _id: string }> };
      expect(data.account.email).toBe(user.email);
      expect(data.orders.map((order) => order._id)).toEqual([insertedId]);
      await expect(page.getByText('Your data is downloaded')).toBeVisible();
      if (tag) await expectNoSidewaysScroll(page);

      // Delete my account: the dialog opens from the keyboard, is labelled, and Escape closes it.
      const open = section.getByRole('button', { name: 'Delete my account' });
      await open.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      await expect(dialog).toBeVisible();
      const secret = dialog.getByLabel('Your password or authenticator code');
      await expect(secret).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(open).toBeFocused();
      if (tag) await expectNoSidewaysScroll(page);

      await page.keyboard.press('Enter');
      await expect(dialog).toBeVisible();
      expect(await accessibilityViolations(page)).toEqual([]);
      // A wrong password is said under the field, and nothing is deleted.
      await secret.fill('not-my-password');
      await page.keyboard.press('Enter');
      await expect(dialog.getByText('That password is not right, so nothing was deleted')).toBeVisible();
      await expect(secret).toHaveAttribute('aria-invalid', 'true');
      if (tag) {
        const box = await dialog.getByRole('button', { name: 'Delete my account' }).boundingBox();
        expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
      }
      await secret.fill(user.password);
      await dialog.getByRole('button', { name: 'Delete my account' }).click();

      // Signed out, on the home page, told so.
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByText('Your account is deleted. Thank you for shopping with us')).toBeVisible();
      await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
      expect((await page.request.get('/api/me/export', { headers: { authorization } })).status()).toBe(401);

      // The account is gone: its password signs nobody in.
      await page.goto('/login');
      await signInWithForm(page, user);
      await expect(page.getByRole('alert').filter({ hasText: 'The email or password is wrong' })).toBeVisible();
    });
  }
});
