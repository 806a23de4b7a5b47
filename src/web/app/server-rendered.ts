import { SERVER_DATA_ELEMENT_ID, type ToolPageData } from '../../shared/server-rendering';
import { seedToolPage } from '../features/catalogue/api/get-tool-page';
import { queryClient } from '../lib/query-client';

/**
 * The data a server-rendered page was drawn from (a tool's page: decision 040), from the JSON data
 * block the server wrote beside it; null on every other page, which the browser renders alone.
 * Put into the query client, so the first render in the browser is the server's, to the byte.
 */
export function takeServerData(): boolean {
  const block = document.getElementById(SERVER_DATA_ELEMENT_ID);
  if (!block?.textContent) return false;
  try {
    seedToolPage(queryClient, JSON.parse(block.textContent) as ToolPageData);
    return true;
  } catch {
    // A page whose data cannot be read is rendered afresh, as any other.
    return false;
  }
}
