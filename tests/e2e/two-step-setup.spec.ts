import type { Page } from '@playwright/test';
import jsQR from 'jsqr';
import { totpCodeFromSecret } from '../support/totp';
import { accessibilityViolations, expect, test } from './support/fixtures';
import { newCustomer, signUpByApi } from './support/users';

/**
 * Setting up two-step sign-in (issue 28): the key shown as a QR code drawn in the page (read back
 * here with a QR reader, as a phone's camera would) with the key written beside it, and a reload
 * half-way that brings back the same key rather than a new one.
 */

const QR_NAME = 'QR code of the setup key, for your authenticator app to scan';

/** What the QR code on the page says, read from its pixels. */
async function readQrCode(page: Page): Promise<string | null> {
  const image = page.getByRole('img', { name: QR_NAME });
  await expect(image).toBeVisible();
  const pixels = await image.evaluate(async (element: HTMLImageElement) => {
    await element.decode();
    const canvas = document.createElement('canvas');
    canvas.width = element.naturalWidth || element.width;
    canvas.height = element.naturalHeight || element.height;
    const context = canvas.getContext('2d')!;
    context.drawImage(element, 0, 0, canvas.width, canvas.height);
    const data = context.getImageData(0, 0, canvas.width, canvas.height);
    return { width: data.width, height: data.height, rgba: Array.from(data.data) };
  });
  return jsQR(Uint8ClampedArray.from(pixels.rgba), pixels.width, pixels.height)?.data ?? null;
}

async function startSetUp(page: Page, password: string) {
  const start = page.getByRole('form', { name: 'Start two-step sign-in' });
  await start.getByLabel('Your password').fill(password);
  await start.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  await expect(page.getByTestId('totp-secret')).toBeVisible();
}

test('the set-up shows a QR code of the key with the key beside it, and a reload keeps the same key until it is confirmed', async ({ page }) => {
  // Several sign-ins, pages and checks in one journey: longer than the default 30 s on a busy machine.
  test.setTimeout(120_000);
  const person = newCustomer('Quinn Scanner');
  await signUpByApi(page, person);
  await page.goto('/dashboard/twoFactor');
  await startSetUp(page, person.password);

  const setupKey = (await page.getByTestId('totp-secret').textContent())!.trim();
  const link = await page.getByRole('link', { name: 'open it in the app' }).getAttribute('href');
  expect(link).toMatch(/^otpauth:\/\/totp\/ToolHouse:/);
  // The QR code is the otpauth:// link itself, drawn in the page: no request left for a QR service.
  expect(await readQrCode(page)).toBe(link);
  expect(await page.getByRole('img', { name: QR_NAME }).getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  expect(new URL(link!).searchParams.get('secret')).toBe(setupKey.replace(/\s/g, ''));
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  expect(await accessibilityViolations(page)).toEqual([]);

  // A reload half-way: the password brings back the same key (the app may have it already).
  await page.reload();
  await startSetUp(page, person.password);
  await expect(page.getByTestId('totp-secret')).toHaveText(setupKey);
  expect(await readQrCode(page)).toBe(link);
  await expect(page.getByTestId('setup-resumed')).toContainText('this is the same key');

  // The key from before the reload is the one the app's code confirms.
  const confirm = page.getByRole('form', { name: 'Confirm two-step sign-in' });
  await confirm.getByLabel('Code from your authenticator app').fill(totpCodeFromSecret(setupKey.replace(/\s/g, '')));
  await confirm.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(page.getByRole('heading', { name: /Two-step sign-in is on/ })).toBeVisible();
});

test('a set-up cancelled drops its key: the next one has a new key', async ({ page }) => {
  const person = newCustomer('Casey Cancel');
  await signUpByApi(page, person);
  await page.goto('/dashboard/twoFactor');
  await startSetUp(page, person.password);
  const firstKey = (await page.getByTestId('totp-secret').textContent())!.trim();

  await page.getByText('Cancel the set-up', { exact: true }).first().click();
  const cancel = page.getByRole('form', { name: 'Cancel two-step sign-in set-up' });
  await cancel.getByLabel('Your password').fill(person.password);
  await cancel.getByRole('button', { name: 'Cancel the set-up' }).click();
  await expect(page.getByText('The set-up is cancelled')).toBeVisible();

  await startSetUp(page, person.password);
  await expect(page.getByTestId('totp-secret')).not.toHaveText(firstKey);
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
});
