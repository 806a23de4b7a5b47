import type { Page } from '@playwright/test';
import type { Tool } from '../../src/shared';
import { accessToken } from './support/buying-by-api';
import { expect, test } from './support/fixtures';
import { PHONE, expectNoSidewaysScroll } from './support/phone';
import { newCustomer, signUpByApi } from './support/users';

/**
 * The test-mode card form (issue 28) lays out what is typed as card fields do: the number in
 * groups of four, the expiry as "MM / YY" (typing "0330" is March 2030), on a number keypad and
 * with the browser's card autofill tokens; unfinished fields get the spec-side messages, and the
 * payment goes through. On a desktop and on a 390 px phone.
 */

/** A new customer's unpaid order of one tool, placed through the API; the page is on its checkout. */
async function openCheckout(page: Page) {
  const customer = newCustomer('Card Typer');
  await signUpByApi(page, customer);
  const authorization = `Bearer ${await accessToken(page.request, customer.email)}`;
  const tools = (await (await page.request.get('/api/items?limit=100')).json()) as Tool[];
  const tool = tools.filter((candidate) => candidate.availableQty >= candidate.minQty * 20).at(-2)!;
  const placed = await page.request.post('/api/order', {
    headers: { authorization },
    data: { toolId: tool._id, quantity: tool.minQty, address: '4 Keypad Lane, Dayton, OH', phone: '+1 555 0142' },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { insertedId } = (await placed.json()) as { insertedId: string };
  await page.goto(`/dashboard/checkOut/${insertedId}`);
}

for (const [screen, viewport] of [['a desktop', { width: 1280, height: 800 }], ['a 390 px phone', PHONE]] as const) {
  test(`the card form formats the number and the expiry as they are typed, on ${screen}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openCheckout(page);
    const form = page.getByRole('form', { name: 'Card payment form' });
    const number = form.getByLabel('Card number');
    const expiry = form.getByLabel('Expiry (MM/YY)');
    const cvc = form.getByLabel('CVC');
    for (const [field, token] of [[number, 'cc-number'], [expiry, 'cc-exp'], [cvc, 'cc-csc']] as const) {
      await expect(field).toHaveAttribute('inputmode', 'numeric');
      await expect(field).toHaveAttribute('autocomplete', token);
    }

    await number.pressSequentially('4242424242424242');
    await expect(number).toHaveValue('4242 4242 4242 4242');
    await expiry.pressSequentially('03');
    await cvc.pressSequentially('12');
    await form.getByRole('button', { name: 'Pay' }).click();
    // Unfinished fields, in the words of the spec's card form.
    await expect(form.getByText("Your card's expiration date is incomplete.")).toBeVisible();
    await expect(form.getByText("Your card's security code is incomplete.")).toBeVisible();

    await expiry.pressSequentially('30');
    await expect(expiry).toHaveValue('03 / 30');
    // Backspace steps back over the " / " as over any character.
    await expiry.press('Backspace');
    await expiry.press('Backspace');
    await expect(expiry).toHaveValue('03');
    await expiry.pressSequentially('30');
    await expect(expiry).toHaveValue('03 / 30');
    // Letters are not digits: nothing is added (typed after the two digits already there).
    await cvc.click();
    await cvc.press('End');
    await cvc.pressSequentially('x3');
    await expect(cvc).toHaveValue('123');
    if (viewport === PHONE) await expectNoSidewaysScroll(page);

    await form.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByText('Congratulation! Your payment is successfully completed')).toBeVisible();
  });
}
