import type { NewToolRow } from '../../src/server/catalogue/tools-repository';
import { bearer, type TestUser } from './accounts';
import { createTools } from './factories';
import type { TestApp } from './test-app';

/**
 * A tool of the test's own (`tool` on top of the factory's defaults), and `buyer`'s order of it
 * placed through the API. Answers the API's reply as it came, for the test to check.
 */
export async function orderNewTool(
  t: Pick<TestApp, 'app' | 'database'>,
  buyer: Pick<TestUser, 'token'>,
  tool: Partial<NewToolRow>,
  order: { quantity: number; address: string; phone: string },
) {
  const [created] = await createTools(t.database.db, 1, tool);
  return t.app.inject({ method: 'POST', url: '/api/order', headers: bearer(buyer), payload: { toolId: created!.id, ...order } });
}
