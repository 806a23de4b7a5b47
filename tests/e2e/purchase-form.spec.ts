import type { Page } from '@playwright/test';
import type { Order, Tool } from '../../src/shared';
import { expect, test } from './support/fixtures';
import { newCustomer, signUpByApi, type E2EUser } from './support/users';

/**
 * The buyer's saved address and phone load while the purchase page is already usable: whatever the
 * buyer types before, while or after they arrive must stay as typed. These tests hold the profile
 * answer (GET /api/user/<email>) and release it at the moment that matters.
 */

const SAVED = { address: '1 Saved Street, Springfield', phone: '+1 555 0100' };

function origin() {
  return new URL(process.env.E2E_BASE_URL as string).origin;
}

/**
 * A tool no other spec looks at or buys (the home page checks the first six, dashboard lists buy
 * the seventh, the others buy from the last six), with stock to spare.
 */
async function toolForThisTest(page: Page, pick: number): Promise<Tool> {
  const tools: Tool[] = await (await page.request.get('/api/items?limit=100')).json();
  const tool = tools.at(-7 - pick);
  if (!tool || tool.availableQty < tool.minQty * 20) throw new Error('no seeded tool with enough stock');
  return tool;
}

/** Saves the customer's delivery details, as the dashboard profile form does. */
async function saveDetails(page: Page, user: E2EUser) {
  const res = await page.request.put(`/api/user/${encodeURIComponent(user.email)}`, { headers: { origin: origin() }, data: SAVED });
  expect(res.status(), await res.text()).toBe(200);
}

async function ordersOf(page: Page, user: E2EUser): Promise<Order[]> {
  const login = await page.request.post('/api/login', { headers: { origin: origin() }, data: { email: user.email } });
  expect(login.status(), await login.text()).toBe(200);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const res = await page.request.get(`/api/order/${encodeURIComponent(user.email)}`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/**
 * Holds the page's profile requests: each is answered by the server at once but handed to the page
 * only on `release()`. `arm()` before each page load; `requested` resolves once the page has asked.
 */
async function holdProfile(page: Page, user: E2EUser) {
  const path = `/api/user/${user.email}`;
  let gate = deferred();
  let asked = deferred();
  await page.route(
    (url) => decodeURIComponent(url.pathname) === path,
    async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      const response = await route.fetch();
      asked.resolve();
      await gate.promise;
      await route.fulfill({ response });
    },
  );
  return {
    arm() {
      gate = deferred();
      asked = deferred();
    },
    get requested() {
      return asked.promise;
    },
    /** The profile's answer as the page receives it, to wait on after `release()`. */
    delivered() {
      return page.waitForResponse((res) => decodeURIComponent(new URL(res.url()).pathname) === path && res.request().method() === 'GET');
    },
    release() {
      gate.resolve();
    },
  };
}

/** Lets the page finish what the last answer set off (render, effects, the re-render they cause). */
async function settle(page: Page) {
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 50)))),
  );
}

async function openPurchasePage(page: Page, tool: Tool) {
  await page.goto(`/purchase/${tool._id}`);
  await expect(page.getByRole('heading', { name: tool.name, level: 1 })).toBeVisible();
  await expect(page.getByLabel('Quantity', { exact: true })).toHaveValue(String(tool.minQty));
}

test.describe('the purchase form keeps what the buyer types', () => {
  test('an address typed before the saved details arrive is the one the order is sent to', async ({ page }) => {
    const user = newCustomer('Tess Typer');
    await signUpByApi(page, user);
    await saveDetails(page, user);
    const tool = await toolForThisTest(page, 0);
    const profile = await holdProfile(page, user);

    await openPurchasePage(page, tool);
    await profile.requested;
    const address = page.getByLabel('Delivery address');
    const phone = page.getByLabel('Phone');
    await address.fill('9 Typed Avenue, Columbus, OH');
    const delivered = profile.delivered();
    profile.release();
    await delivered;
    // The saved phone fills the field the buyer left empty; the typed address stays.
    await expect(phone).toHaveValue(SAVED.phone);
    await settle(page);
    await expect(address).toHaveValue('9 Typed Avenue, Columbus, OH');
    await phone.fill('+1 555 0199');
    await page.getByRole('button', { name: 'Purchase' }).click();

    await expect(page).toHaveURL(/\/dashboard\/myOrders$/);
    await expect(page.getByTestId('order-row')).toHaveCount(1);
    const orders = await ordersOf(page, user);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ toolId: tool._id, quantity: tool.minQty, address: '9 Typed Avenue, Columbus, OH', phone: '+1 555 0199' });
  });

  test('with nothing typed, the saved address and phone are offered when they arrive', async ({ page }) => {
    const user = newCustomer('Sam Saved');
    await signUpByApi(page, user);
    await saveDetails(page, user);
    const tool = await toolForThisTest(page, 1);
    const profile = await holdProfile(page, user);

    await openPurchasePage(page, tool);
    await profile.requested;
    await expect(page.getByLabel('Delivery address')).toHaveValue('');
    profile.release();
    await expect(page.getByLabel('Delivery address')).toHaveValue(SAVED.address);
    await expect(page.getByLabel('Phone')).toHaveValue(SAVED.phone);
  });

  test('keystrokes made while the saved details arrive are all kept', async ({ page }) => {
    test.setTimeout(90_000);
    const user = newCustomer('Rae Racer');
    await signUpByApi(page, user);
    await saveDetails(page, user);
    const tool = await toolForThisTest(page, 2);
    const profile = await holdProfile(page, user);
    // A slow phone: the page takes longer over each step of taking in the answer, as under load.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.E2E_CPU_THROTTLE ?? 4) });
    const address = page.getByLabel('Delivery address');
    const phone = page.getByLabel('Phone');

    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const typedAddress = `${attempt} Racing Lane, Akron, OH`;
      const typedPhone = `+1 555 010${attempt}`;
      profile.arm();
      if (attempt === 1) await openPurchasePage(page, tool);
      else await page.reload();
      await expect(page.getByRole('button', { name: 'Purchase' })).toBeVisible();
      await profile.requested;
      // The buyer has started on both fields (so there is nothing to prefill) and goes on typing
      // the address, key by key, while the saved details come in.
      await phone.fill(typedPhone.slice(0, 1));
      await address.fill(typedAddress.slice(0, 1));
      const delivered = profile.delivered();
      profile.release();
      await page.keyboard.type(typedAddress.slice(1));
      // Playwright puts the caret first when it focuses a field; a person goes on at the end.
      await phone.press('End');
      await phone.pressSequentially(typedPhone.slice(1));
      await delivered;
      await settle(page);
      await expect(address, `attempt ${attempt}`).toHaveValue(typedAddress);
      await expect(phone, `attempt ${attempt}`).toHaveValue(typedPhone);
    }

    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await page.getByRole('button', { name: 'Purchase' }).click();
    await expect(page).toHaveURL(/\/dashboard\/myOrders$/);
    await expect(page.getByTestId('order-row')).toHaveCount(1);
    const orders = await ordersOf(page, user);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ toolId: tool._id, address: '3 Racing Lane, Akron, OH', phone: '+1 555 0103' });
  });
});
