import { expect, type Page } from '@playwright/test';

/** On the checkout page: pays with the test processor's 4242 card and waits for the success text. */
export async function payWithTestCard(page: Page) {
  await expect(page).toHaveURL(/\/dashboard\/checkOut\//);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText('Congratulation! Your payment is successfully completed')).toBeVisible();
}
