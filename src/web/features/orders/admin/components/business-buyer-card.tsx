import { useQuery } from '@tanstack/react-query';
import type { Order } from '../../../../../shared/schemas/orders';
import { profileQueryOptions } from '../../../accounts/api/get-profile';

const VIES_URL = 'https://ec.europa.eu/taxation_customs/vies/';

/**
 * The tax side of an order for the admin (issue 27 item 3, issue 28 item 4): the buyer's company and
 * tax id as their profile holds them now (what the invoice prints), and under reverse charge the
 * VAT number the order was placed with and where its review stands, with the confirmation when
 * the owner's review setting holds the shipment.
 */
export function BusinessBuyerCard({ order, onConfirm, confirming }: { order: Order; onConfirm: () => void; confirming: boolean }) {
  const profile = useQuery({ ...profileQueryOptions(order.email), enabled: order.email !== '', retry: false });
  // While the profile is on its way, say so: a dash would read as "no company" for a moment.
  const fromProfile = (value: string | null | undefined) => (profile.isLoading ? 'Loading…' : (value ?? '—'));
  return (
    <section aria-labelledby="business-buyer-title" className="card bg-base-100 p-6 shadow-sm ring-1 ring-base-300">
      <h3 id="business-buyer-title" className="text-lg font-semibold">Tax and business buyer</h3>
      <dl className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        <dt className="font-medium">Company</dt>
        <dd data-testid="order-buyer-company" aria-busy={profile.isLoading || undefined}>
          {fromProfile(profile.data?.companyName)}
        </dd>
        <dt className="font-medium">Tax ID</dt>
        <dd className="break-all" data-testid="order-buyer-tax-id" aria-busy={profile.isLoading || undefined}>
          {fromProfile(profile.data?.taxId)}
        </dd>
        <dt className="font-medium">Destination</dt>
        <dd>{[order.country, order.region].filter(Boolean).join(', ') || '—'}</dd>
        <dt className="font-medium">VAT</dt>
        <dd data-testid="order-vat-treatment">
          {order.reverseCharge ? `Reverse charge — VAT number ${order.buyerVatId ?? ''}` : order.tax > 0 ? 'Charged' : 'None'}
        </dd>
      </dl>
      {order.vatReview === 'to-review' ? (
        <div role="status" className="alert alert-warning mt-4 flex flex-col items-start gap-2" data-testid="order-vat-review">
          <p className="font-semibold">Reverse charge — VAT number to review</p>
          <p className="text-sm">
            {`Check that ${order.buyerVatId ?? 'the number'} is live in the EU's `}
            <a className="link" href={VIES_URL} target="_blank" rel="noopener noreferrer">VIES service</a>
            {' (the store cannot check it offline), then confirm it. The order cannot be shipped until then.'}
          </p>
          <button type="button" className="btn btn-sm btn-primary" onClick={onConfirm} disabled={confirming} aria-busy={confirming || undefined}>
            Confirm VAT number
          </button>
        </div>
      ) : null}
      {order.vatReview === 'confirmed' ? (
        <p className="mt-4 text-sm" data-testid="order-vat-review">VAT number confirmed for reverse charge.</p>
      ) : null}
    </section>
  );
}
