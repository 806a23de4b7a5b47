import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toolHead } from '../../../shared/page-heads';
import { NotFound } from '../../components/not-found';
import { paths } from '../../config/paths';
import { isApiError } from '../../lib/api-client';
import { useDocumentHead } from '../../lib/document-head';
import { relatedCategoryOf, useRelatedTools, useToolPage } from './api/get-tool-page';
import { RelatedTools } from './components/tool-page/related-tools';
import { ToolBreadcrumb } from './components/tool-page/tool-breadcrumb';
import { ToolDocuments } from './components/tool-page/tool-documents';
import { ToolGallery } from './components/tool-page/tool-gallery';
import { ToolPageSkeleton } from './components/tool-page/tool-page-skeleton';
import { ToolSpecs } from './components/tool-page/tool-specs';
import { ToolSummary } from './components/tool-page/tool-summary';
import type { ToolDetail } from '../../../shared/schemas/catalogue';

/**
 * A tool's own page (/tools/{slug}), open to everyone: photos, name, SKU, category, price, stock,
 * description, specifications, documents and related tools, with Purchase and Add to cart. The
 * server renders its first HTML from these same components (decision 040), and the app then
 * hydrates it with the data it was drawn from, so nothing moves or flashes.
 */
export default function ToolPage() {
  const { id: slug = '' } = useParams();
  const tool = useToolPage(slug);
  const navigate = useNavigate();
  const found = tool.data;

  // A renamed tool's old address: its answer came from the new one, and the address follows it.
  useEffect(() => {
    if (found && found.slug !== slug) void navigate(paths.toolPage(found.slug), { replace: true });
  }, [found, slug, navigate]);

  if (tool.isPending) return <ToolPageSkeleton />;
  if (!found) {
    if (isApiError(tool.error, 'TOOL_NOT_FOUND')) return <NotFound />;
    return (
      <div role="alert" className="alert alert-error mx-auto mt-12 max-w-xl">
        <span>This tool could not be loaded.</span>
        <button type="button" className="btn btn-sm" onClick={() => void tool.refetch()}>Try again</button>
      </div>
    );
  }
  return <ToolPageContent tool={found} />;
}

function ToolPageContent({ tool }: { tool: ToolDetail }) {
  useDocumentHead(toolHead(tool));
  const related = useRelatedTools(tool);
  const category = tool.categoryPath.at(-1);
  return (
    <article className="mx-auto max-w-7xl px-4 py-8" aria-labelledby="tool-name" data-testid="tool-page">
      <ToolBreadcrumb categoryPath={tool.categoryPath} name={tool.name} />
      <div className="mt-6 grid gap-10 lg:grid-cols-2">
        <ToolGallery name={tool.name} photos={tool.photos} />
        <ToolSummary tool={tool} />
      </div>
      <ToolSpecs specs={tool.specs} />
      <ToolDocuments documents={tool.documents} />
      {category && relatedCategoryOf(tool) ? <RelatedTools category={category.name} tools={related.data ?? []} /> : null}
    </article>
  );
}
