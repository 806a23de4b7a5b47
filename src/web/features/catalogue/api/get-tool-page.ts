import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { DEFAULT_CATALOGUE_SORT } from '../../../../shared/catalogue-search';
import { RELATED_TOOLS_SHOWN, type ToolPageData } from '../../../../shared/server-rendering';
import type { Tool, ToolDetail } from '../../../../shared/schemas/catalogue';
import { apiGet } from '../../../lib/api-client';
import { getCataloguePage } from './get-catalogue-page';
import { itemsQueryKey } from './get-items';

/**
 * A tool's page: the tool by its address (GET /items/{slug}: a renamed tool's old address answers
 * with a redirect, which fetch follows, so the tool arrives with its address now), and the tools
 * shown beside it. The server renders the page from the same answers and hands them to the app
 * (app/server-rendered.ts), which puts them under these keys before hydrating.
 */
export const toolPageQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: [...itemsQueryKey, 'page', slug],
    queryFn: ({ signal }) => apiGet<ToolDetail>(`/items/${encodeURIComponent(slug)}`, signal),
  });

export function useToolPage(slug: string) {
  return useQuery(toolPageQueryOptions(slug));
}

/** The first tools of a category, one more than shown: the page leaves its own tool out. */
export const relatedToolsQueryOptions = (categorySlug: string) =>
  queryOptions({
    queryKey: [...itemsQueryKey, 'related', categorySlug],
    queryFn: ({ signal }) =>
      getCataloguePage(RELATED_TOOLS_SHOWN + 1, { q: '', sort: DEFAULT_CATALOGUE_SORT, category: categorySlug }, null, signal).then((page) => page.items),
  });

/** Others of the tool's own category (its subcategory when it has one), at most RELATED_TOOLS_SHOWN. */
export function relatedTo(tool: ToolDetail, tools: readonly Tool[]): Tool[] {
  return tools.filter((other) => other._id !== tool._id).slice(0, RELATED_TOOLS_SHOWN);
}

/** The category a tool's related tools come from. */
export const relatedCategoryOf = (tool: ToolDetail) => tool.categoryPath.at(-1)?.slug ?? null;

export function useRelatedTools(tool: ToolDetail) {
  const category = relatedCategoryOf(tool);
  return useQuery({ ...relatedToolsQueryOptions(category ?? ''), enabled: category !== null, select: (tools) => relatedTo(tool, tools) });
}

/**
 * Puts a tool page's data where its queries read it: the server's renderer before it renders, the
 * browser before it hydrates the page the server sent, so both draw the same thing.
 */
export function seedToolPage(client: QueryClient, { tool, related }: ToolPageData): void {
  client.setQueryData(toolPageQueryOptions(tool.slug).queryKey, tool);
  const category = relatedCategoryOf(tool);
  if (category !== null) client.setQueryData(relatedToolsQueryOptions(category).queryKey, related);
}
