import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatUsd, lineTotal, quantityProblem, type CartLine, type Tool } from '../../../../shared';
import { paths } from '../../../config/paths';
import { QuantityStepper } from '../../../components/quantity-stepper';
import { SkuLine } from '../../../components/sku-line';

interface CartLineItemProps {
  line: CartLine;
  /** The tool as the catalogue has it now; null when it is no longer sold; undefined while loading. */
  tool: Tool | null | undefined;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}

/** A quantity typed or stepped is saved once it rests for a moment, so "12" is one change, not two. */
const SAVE_AFTER_MS = 400;

/** One line of the cart: the tool, its unit price, a stepper, the line's total and Remove. */
export function CartLineItem({ line, tool, onQuantity, onRemove }: CartLineItemProps) {
  const stepperId = useId();
  const [draft, setDraft] = useState(line.quantity);
  // The cart changed elsewhere (another tab, a merge at sign-in, the saved answer): show what it holds now.
  const [shown, setShown] = useState(line.quantity);
  if (line.quantity !== shown) {
    setShown(line.quantity);
    setDraft(line.quantity);
  }
  const sent = useRef(line.quantity);
  useEffect(() => {
    if (!Number.isInteger(draft) || draft < 1 || draft === line.quantity || draft === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = draft;
      onQuantity(draft);
    }, SAVE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [draft, line.quantity, onQuantity]);

  const name = tool?.name ?? 'A tool no longer sold';
  const problem = tool === null ? 'This tool is no longer sold: remove it to order the rest' : tool ? quantityProblem(tool, draft) : null;
  const problemId = `${stepperId}-problem`;

  return (
    <li data-testid="cart-line" className="flex flex-wrap items-start gap-4 rounded-box p-4 ring-1 ring-base-300">
      {tool ? (
        <img src={tool.image} alt="" width="96" height="72" className="h-18 w-24 shrink-0 rounded bg-base-200 object-contain" />
      ) : (
        <div className="h-18 w-24 shrink-0 rounded bg-base-200" aria-hidden="true" />
      )}
      <div className="min-w-0 flex-1 basis-48">
        <h2 className="font-semibold">{tool ? <Link to={paths.purchase(tool._id)} className="link link-hover">{name}</Link> : name}</h2>
        <SkuLine sku={tool?.sku ?? null} testId="cart-line-sku" />
        {tool ? (
          <p className="text-sm text-base-content/80">
            {formatUsd(tool.price)} each · minimum {tool.minQty} · {tool.availableQty} available
          </p>
        ) : null}
        {problem ? (
          <p id={problemId} role="alert" className="mt-1 text-sm font-medium text-error" data-testid="cart-line-problem">
            {problem}
          </p>
        ) : null}
      </div>
      <div className="flex w-full flex-wrap items-center justify-between gap-3 sm:w-auto sm:flex-col sm:items-end">
        {tool ? (
          <div>
            <label htmlFor={stepperId} className="sr-only">{`Quantity of ${name}`}</label>
            <QuantityStepper
              id={stepperId}
              value={draft}
              start={Math.min(tool.minQty, Math.max(line.quantity, 1))}
              max={tool.availableQty}
              onChange={setDraft}
              invalid={Boolean(problem)}
              describedBy={problem ? problemId : undefined}
            />
          </div>
        ) : null}
        <p className="font-semibold tabular-nums" data-testid="cart-line-total">
          {tool && Number.isInteger(draft) && draft > 0 ? formatUsd(lineTotal(tool.price, draft)) : null}
        </p>
        <button type="button" className="btn btn-ghost btn-sm text-error" onClick={onRemove} aria-label={`Remove ${name} from the cart`}>
          Remove
        </button>
      </div>
    </li>
  );
}
