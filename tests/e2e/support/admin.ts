import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { Tool } from '../../../src/shared';
import { expect } from './fixtures';
import { E2E_ADMIN } from './users';

const origin = () => new URL(process.env.E2E_BASE_URL as string).origin;

/** Signs the page's browser context in as the admin through the identity API. */
export async function signInAdminByApi(page: Page) {
  const res = await page.request.post('/api/auth/sign-in/email', {
    headers: { origin: origin() },
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Headers for the admin API, with the access token of the admin the page is signed in as. */
async function adminHeaders(page: Page) {
  const login = await page.request.post('/api/login', { headers: { origin: origin() }, data: { email: E2E_ADMIN.email } });
  expect(login.status(), await login.text()).toBe(200);
  return { authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}`, origin: origin() };
}

async function deleteTool(page: Page, headers: Record<string, string>, id: string) {
  const deleted = await page.request.delete(`/api/items/${id}`, { headers });
  // Gone already (the test deleted it through the page) is as good.
  expect([200, 404], await deleted.text()).toContain(deleted.status());
}

/**
 * A tool of the test's own, made through the admin API (the page must be signed in as the admin),
 * and a way to delete it again. Specs that add tools run after the others (playwright.config.ts):
 * a new tool moves the catalogue places other specs pick from.
 */
export async function createToolByApi(page: Page, fields: Partial<Omit<Tool, '_id'>> = {}) {
  const headers = await adminHeaders(page);
  const tool = {
    name: `E2E Tool ${randomUUID().slice(0, 8)}`,
    price: 12.5,
    // One of the store's own pictures: nothing is fetched from outside.
    image: '/images/tools/soldering-station.svg',
    description: 'A tool made by a browser test.',
    minQty: 1,
    availableQty: 6,
    ...fields,
  };
  const res = await page.request.post('/api/items', { headers, data: tool });
  expect(res.status(), await res.text()).toBe(201);
  const { insertedId } = (await res.json()) as { insertedId: string };
  return {
    tool: { _id: insertedId, ...tool },
    remove: () => deleteTool(page, headers, insertedId),
  };
}

/** Deletes a tool (one made through the page, say) through the admin API; the page must be signed in as the admin. */
export async function deleteToolByApi(page: Page, id: string) {
  await deleteTool(page, await adminHeaders(page), id);
}
