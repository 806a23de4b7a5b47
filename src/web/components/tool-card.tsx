import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PREVIEW, formatUsd, preview, type Tool } from '../../shared';
import { paths } from '../config/paths';

// The card's parts have fixed minimum heights (two lines of name, three of description) so that
// every card, and the skeleton shown while the list loads, has the same height: the page does not
// shift when the tools arrive.
const CARD = 'card h-full border border-base-300 bg-base-100 shadow-sm';
const IMAGE_BOX = 'aspect-[4/3] w-full';
const NAME = 'min-h-[2lh] text-lg leading-snug';
const SKU = 'text-xs text-base-content/80';
const DESCRIPTION = 'min-h-[3lh] text-sm';
/**
 * A card below the first row is laid out and painted only when it comes near the screen: a page of
 * 24 cards drawn at once was one long task on a phone (most of Our Tools' blocking time). The size
 * kept meanwhile is the card's last drawn size, first about a card's height, so the page's length
 * and the scrollbar barely move. Its content stays in the accessibility tree and find-in-page.
 */
const RENDERED_NEAR_SCREEN = '[content-visibility:auto] [contain-intrinsic-size:auto_34rem]';

interface ToolCardProps {
  tool: Tool;
  /** The card title's heading level: 3 under a section's h2 (Home), 2 under the page's h1 (Our Tools). */
  headingLevel?: 2 | 3;
  /**
   * A card in the first visible row: its image loads at once with high priority (it is likely the
   * largest thing on the screen). Other images load when scrolled near.
   */
  priority?: boolean;
  /** A second action under Purchase (the page passes 'Add to cart'), given the card heading's id to describe it. */
  secondaryAction?: (headingId: string) => ReactNode;
}

export function ToolCard({ tool, headingLevel = 3, priority = false, secondaryAction }: ToolCardProps) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article
      data-testid="tool-card"
      aria-labelledby={headingId}
      className={`${CARD} transition-shadow hover:shadow-md ${priority ? '' : RENDERED_NEAR_SCREEN}`}
    >
      {/* The photo opens the tool's page too; the name's link is the one the Tab key meets. */}
      <Link to={paths.toolPage(tool.slug)} tabIndex={-1} className="block bg-base-200">
        <img
          src={tool.image}
          alt={tool.name}
          width={400}
          height={300}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          className={`${IMAGE_BOX} object-contain`}
        />
      </Link>
      <div className="card-body gap-3">
        <div className="flex items-start justify-between gap-2">
          <div>
            <Heading id={headingId} className={`card-title items-start ${NAME}`}>
              <Link to={paths.toolPage(tool.slug)} className="link link-hover" data-testid="tool-card-link">
                {tool.name}
              </Link>
            </Heading>
            <p className={SKU}>{`SKU ${tool.sku}`}</p>
          </div>
          <span className="badge badge-secondary shrink-0">NEW</span>
        </div>
        <p className={`${DESCRIPTION} text-base-content/80`}>{preview(tool.description, PREVIEW.toolCard, ' ...')}</p>
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
          {secondaryAction?.(headingId)}
        </div>
      </div>
    </article>
  );
}

/** A grey card of a tool card's size, shown while the tools load. Hidden from screen readers. */
export function ToolCardSkeleton() {
  const line = 'skeleton h-[1lh]';
  return (
    <div data-testid="tool-card-skeleton" aria-hidden="true" className={CARD}>
      <div className={`${IMAGE_BOX} skeleton rounded-b-none`} />
      <div className="card-body gap-3">
        <div>
          <div className={`${NAME} flex flex-col gap-1 font-semibold`}>
            <span className={`${line} w-3/4`} />
          </div>
          <p className={SKU}>&nbsp;</p>
        </div>
        <div className={`${DESCRIPTION} flex flex-col gap-1`}>
          <span className={`${line} w-full`} />
          <span className={`${line} w-5/6`} />
        </div>
        <p className="text-lg font-bold">
          <span className={`${line} block w-1/3`} />
        </p>
        <div className="grid gap-1 rounded-box bg-base-200 px-3 py-2 text-sm">
          <p>&nbsp;</p>
          <p>&nbsp;</p>
        </div>
        <div className="card-actions mt-auto pt-2">
          <span className="btn btn-block btn-disabled skeleton" />
          <span className="btn btn-block btn-disabled skeleton" />
        </div>
      </div>
    </div>
  );
}
