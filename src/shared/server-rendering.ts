import type { Tool, ToolDetail } from './schemas/catalogue';

/**
 * The contract between the server and the web app's server renderer (decision 040): the server
 * reads a tool page's data and hands it over; the renderer answers the page's markup, rendered
 * from the same React components the browser then hydrates with the same data.
 */

/** What a tool's page is drawn from: the tool and the tools shown beside it. */
export interface ToolPageData {
  tool: ToolDetail;
  related: Tool[];
}

export interface ToolPageRenderer {
  /** The markup of the app for `path` (a tool page's), to go inside its root element. */
  renderToolPage(path: string, data: ToolPageData): Promise<string>;
}

/** The id of the data block (a JSON script element) holding what a server-rendered page was drawn from. */
export const SERVER_DATA_ELEMENT_ID = 'server-data';

/** Related tools shown on a tool's page: others of its category. */
export const RELATED_TOOLS_SHOWN = 4;
