import { SERVER_DATA_ELEMENT_ID, type ToolPageData } from '../../shared/server-rendering';
import { queryClient } from '../lib/query-client';

/**
 * The data a server-rendered page was drawn from (a tool's page: decision 040), from the JSON data
 * block the server wrote beside it; null on every other page, which the browser renders alone.
 */
export function serverData(): ToolPageData | null {
  const block = document.getElementById(SERVER_DATA_ELEMENT_ID);
  if (!block?.textContent) return null;
  try {
    return JSON.parse(block.textContent) as ToolPageData;
  } catch {
    // A page whose data cannot be read is rendered afresh, as any other.
    return null;
  }
}

/**
 * Puts a server-rendered page's data into the query client, so the first render in the browser is
 * the server's, to the byte. Loaded with the tool page's own code (it is that page's API module),
 * so the other pages' first visit carries none of it.
 */
export async function seedServerData(data: ToolPageData): Promise<void> {
  const { seedToolPage } = await import('../features/catalogue/api/get-tool-page');
  seedToolPage(queryClient, data);
}
