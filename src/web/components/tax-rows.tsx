import type { TaxLine } from '../../shared/schemas/tax';
import { formatUsd } from '../../shared/text';

interface TaxRowsProps {
  subtotal: number;
  taxLines: TaxLine[];
  pricesIncludeTax: boolean;
  total: number;
  totalTestId: string;
  /** EU reverse charge (decision 048): no VAT, the business buyer accounts for it under this VAT number. */
  reverseCharge?: boolean;
  buyerVatId?: string | null;
}

const percentText = (percent: number) => `${percent.toLocaleString('en-US', { maximumFractionDigits: 3 })}%`;

/**
 * The money part of a receipt (decision 048): subtotal, each tax line, delivery and the total. Tax
 * added to net prices reads "CA sales tax (7.25%)"; tax included in gross prices reads
 * "Includes VAT (19%)" and leaves the total equal to the subtotal. Under EU reverse charge, no VAT
 * and the words that say why, with the buyer's VAT number.
 */
export function TaxRows({ subtotal, taxLines, pricesIncludeTax, total, totalTestId, reverseCharge = false, buyerVatId = null }: TaxRowsProps) {
  return (
    <dl className="mt-4 grid grid-cols-2 gap-y-2 border-t border-base-300 pt-4 text-sm" data-testid="tax-rows">
      <dt>Subtotal</dt>
      <dd className="text-right tabular-nums" data-testid="order-subtotal">{formatUsd(subtotal)}</dd>
      {reverseCharge ? (
        <>
          <dt>VAT</dt>
          <dd className="text-right tabular-nums" data-testid="order-tax-line">{formatUsd(0)}</dd>
          <dd className="col-span-2 text-base-content/80" data-testid="order-reverse-charge">
            {`Reverse charge: no VAT is charged, the buyer accounts for it${buyerVatId ? ` (VAT number ${buyerVatId})` : ''}.`}
          </dd>
        </>
      ) : taxLines.length === 0 ? (
        <>
          <dt>Tax</dt>
          <dd className="text-right tabular-nums" data-testid="order-tax-line">{formatUsd(0)}</dd>
        </>
      ) : (
        taxLines.map((line) => (
          <TaxLineRow key={`${line.name}-${line.percent}`} label={`${pricesIncludeTax ? 'Includes ' : ''}${line.name} (${percentText(line.percent)})`} amount={line.amount} />
        ))
      )}
      <dt>Delivery</dt>
      <dd className="text-right">Free</dd>
      <dt className="text-base font-semibold">Total</dt>
      <dd className="text-right text-base font-semibold tabular-nums" data-testid={totalTestId}>
        {formatUsd(total)}
      </dd>
    </dl>
  );
}

function TaxLineRow({ label, amount }: { label: string; amount: number }) {
  return (
    <>
      <dt>{label}</dt>
      <dd className="text-right tabular-nums" data-testid="order-tax-line">{formatUsd(amount)}</dd>
    </>
  );
}
