import { expect, test } from './support/fixtures';

test.describe('contact page', () => {
  test('shows the spec messages for a blank form and sends nothing', async ({ page }) => {
    let posted = false;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/queries')) posted = true;
    });
    await page.goto('/contactUs');
    await page.getByRole('button', { name: 'Sent' }).click();
    await expect(page.getByText('User name is required')).toBeVisible();
    await expect(page.getByText('Email address is required')).toBeVisible();
    await expect(page.getByText('Phone Number is required')).toBeVisible();
    await expect(page.getByText('Your message is required')).toBeVisible();
    expect(posted).toBe(false);
  });

  test('checks the name length and the email pattern', async ({ page }) => {
    await page.goto('/contactUs');
    await page.getByLabel('Name').fill('Al');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Sent' }).click();
    await expect(page.getByText('User name must be contain at least 3 characters')).toBeVisible();
    await expect(page.getByText('Provide a valid email')).toBeVisible();
  });

  test('sends a query, thanks the visitor and clears the form', async ({ page }) => {
    await page.goto('/contactUs');
    await page.getByLabel('Name').fill('Dana Miller');
    await page.getByLabel('Email').fill('dana@example.com');
    await page.getByLabel('Phone').fill('+1 555 0100');
    await page.getByLabel('Message').fill('Do you sell torque wrenches in bulk?');
    const response = page.waitForResponse((r) => r.url().endsWith('/api/queries'));
    await page.getByRole('button', { name: 'Sent' }).click();
    expect((await response).status()).toBe(201);
    await expect(page.getByText('Thank You, for contact with us..')).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('');
    await expect(page.getByLabel('Message')).toHaveValue('');
  });
});
