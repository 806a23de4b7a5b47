import { useId } from 'react';
import { Link } from 'react-router';
import { PREVIEW, formatUsd, preview, type Tool } from '../../shared';
import { paths } from '../config/paths';

export function ToolCard({ tool }: { tool: Tool }) {
  const headingId = useId();
  return (
    <article
      data-testid="tool-card"
      aria-labelledby={headingId}
      className="card h-full border border-base-300 bg-base-100 shadow-sm transition-shadow hover:shadow-md"
    >
      <figure className="bg-base-200">
        <img
          src={tool.image}
          alt={tool.name}
          width={400}
          height={300}
          loading="lazy"
          className="aspect-[4/3] w-full object-contain"
        />
      </figure>
      <div className="card-body gap-3">
        <div className="flex items-start justify-between gap-2">
          <h3 id={headingId} className="card-title text-lg leading-snug">
            {tool.name}
          </h3>
          <span className="badge badge-secondary shrink-0">NEW</span>
        </div>
        <p className="text-sm text-base-content/80">{preview(tool.description, PREVIEW.toolCard, ' ...')}</p>
        {/* Each label and value stay one text node so "Price: $129.99" is findable as a whole. */}
        <p className="text-lg font-bold text-primary">{`Price: ${formatUsd(tool.price)}`}</p>
        <div className="grid gap-1 rounded-box bg-base-200 px-3 py-2 text-sm">
          <p>{`Minimum Quantity: ${tool.minQty}`}</p>
          <p>{`Available Quantity: ${tool.availableQty}`}</p>
        </div>
        <div className="card-actions mt-auto pt-2">
          {/* The visible name stays "Purchase"; the description ties each link to its tool. */}
          <Link to={paths.purchase(tool._id)} aria-describedby={headingId} className="btn btn-primary btn-block">
            Purchase
          </Link>
        </div>
      </div>
    </article>
  );
}
