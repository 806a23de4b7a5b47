import { AddToCartButton } from '../../../../components/add-to-cart-button';
import { ToolCard } from '../../../../components/tool-card';
import type { Tool } from '../../../../../shared/schemas/catalogue';

/** Other tools of the same category, as cards like Our Tools'. Nothing when there are none. */
export function RelatedTools({ category, tools }: { category: string; tools: readonly Tool[] }) {
  if (tools.length === 0) return null;
  return (
    <section aria-labelledby="related-tools-title" className="mt-12">
      <h2 id="related-tools-title" className="text-2xl font-bold">{`More in ${category}`}</h2>
      <div className="mt-6 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-4" data-testid="related-tools">
        {tools.map((tool) => (
          <ToolCard key={tool._id} tool={tool} headingLevel={3} secondaryAction={(headingId) => <AddToCartButton tool={tool} describedBy={headingId} />} />
        ))}
      </div>
    </section>
  );
}
