import { Link } from 'react-router';
import { HOME_TOOL_COUNT } from '../../../../shared';
import { paths } from '../../../config/paths';
import { ToolCard, ToolCardSkeleton } from '../../../components/tool-card';
import { useFirstItems } from '../../catalogue/api/get-items';
import { AddToCartButton } from '../../../components/add-to-cart-button';

export function HomeToolsSection() {
  const { data, isPending } = useFirstItems(HOME_TOOL_COUNT);
  // The API is asked for 6, but the spec caps the home page at 6 whatever comes back.
  const tools = (data ?? []).slice(0, HOME_TOOL_COUNT);

  return (
    <section aria-labelledby="home-tools-heading" className="mx-auto max-w-7xl px-4 py-16">
      <div className="mb-10 text-center">
        <h2 id="home-tools-heading" className="text-3xl font-bold sm:text-4xl">
          Our Manufacturer Tools
        </h2>
        <p className="mt-3 text-base-content/80">Made in our own plant, tested before they ship, delivered free.</p>
      </div>
      {isPending ? (
        // Cards of the final size while the tools load, so the sections below do not move.
        <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          <p role="status" className="sr-only">Loading tools</p>
          {Array.from({ length: HOME_TOOL_COUNT }, (_, i) => (
            <ToolCardSkeleton key={i} />
          ))}
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {tools.map((tool) => (
            <li key={tool._id}>
              <ToolCard tool={tool} secondaryAction={(headingId) => <AddToCartButton tool={tool} describedBy={headingId} />} />
            </li>
          ))}
        </ul>
      )}
      <div className="mt-10 text-center">
        <Link to={paths.ourTools} className="btn btn-outline btn-primary">
          See all tools
          <span aria-hidden="true">→</span>
        </Link>
      </div>
    </section>
  );
}
