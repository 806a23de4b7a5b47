import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import type { Tool } from '../../src/shared';
import { expect, test } from './support/fixtures';
import { E2E_ADMIN } from './support/users';

/**
 * Our Tools loads a long list a page at a time, each page starting where the one before ended
 * (the API's x-next-cursor), with the search and order kept. It needs more tools than a page
 * holds, so it adds some: it runs in the back-office projects, after the specs that count the
 * seeded catalogue (playwright.config.ts), and deletes its tools again.
 */
const PAGE_SIZE = 24;
const ADDED = PAGE_SIZE + 6;

const origin = () => new URL(process.env.E2E_BASE_URL as string).origin;

/** An admin's bearer credential, for the API's catalogue writes. */
async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const signIn = await request.post('/api/auth/sign-in/email', {
    headers: { origin: origin() },
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const login = await request.post('/api/login', { headers: { origin: origin() }, data: { email: E2E_ADMIN.email } });
  expect(login.status(), await login.text()).toBe(200);
  return { authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}`, origin: origin() };
}

test.describe('Our Tools, page after page', () => {
  test('loads the next page of a sorted search where the first ended, and lists every match once', async ({ page, playwright }) => {
    // A word no other tool has, so the search lists exactly the tools made here.
    const word = `keysetprobe${randomUUID().slice(0, 8)}`;
    const api = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
    const headers = await adminHeaders(api);
    const ids: string[] = [];
    try {
      for (let n = 1; n <= ADDED; n += 1) {
        const res = await api.post('/api/items', {
          headers,
          data: {
            name: `Probe Spanner ${n}`,
            price: 10 + n,
            image: '/images/tools/soldering-station.svg',
            description: `A spanner made by the paging test (${word}).`,
            minQty: 1,
            // Little stock, as the back-office specs do: other specs pick tools with more.
            availableQty: 3,
          },
        });
        expect(res.status(), await res.text()).toBe(201);
        ids.push(((await res.json()) as { insertedId: string }).insertedId);
      }
      const expected = ((await (await api.get(`/api/items?limit=100&q=${word}&sort=price_desc`)).json()) as Tool[]).map((t) => t.name);
      expect(expected).toHaveLength(ADDED);

      const catalogueRequests: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/items?')) catalogueRequests.push(request.url());
      });
      await page.goto(`/ourTools?q=${word}&sort=price_desc`);
      const titles = page.getByTestId('tool-card').getByRole('heading', { level: 2 });
      await expect(titles.first()).toHaveText('Probe Spanner 30');
      await expect(page.getByText(`${ADDED} tools match “${word}”.`)).toBeVisible();

      // The next page loads as the visitor scrolls to the end of the grid.
      await expect(async () => {
        await page.mouse.wheel(0, 10_000);
        await expect(titles).toHaveCount(ADDED, { timeout: 1_000 });
      }).toPass({ timeout: 15_000 });
      await expect(titles).toHaveText(expected);
      await expect(page.getByRole('button', { name: 'Load more tools' })).toHaveCount(0);

      // The second page asked for the tools after the first page's last one, not for an offset.
      const second = catalogueRequests.find((url) => url.includes('after='));
      expect(second, catalogueRequests.join('\n')).toBeDefined();
      expect(new URL(second!).searchParams.get('q')).toBe(word);
      expect(new URL(second!).searchParams.get('sort')).toBe('price_desc');
      expect(catalogueRequests.filter((url) => url.includes('offset='))).toEqual([]);
    } finally {
      for (const id of ids) await api.delete(`/api/items/${id}`, { headers });
      await api.dispose();
    }
  });
});
