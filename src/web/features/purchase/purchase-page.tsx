import { Link, useParams } from 'react-router';
import { canBeBought } from '../../../shared/buying';
import { largeImageUrl } from '../../../shared/images';
import { formatUsd } from '../../../shared/text';
import { paths } from '../../config/paths';
import { Loading } from '../../components/loading';
import { useSession } from '../../lib/session-query';
import { useAuthOptions } from '../accounts/api/get-auth-options';
import { useProfile } from '../accounts/api/get-profile';
import { useItem } from '../catalogue/api/get-item';
import { EmailNotVerifiedNotice } from './email-not-verified-notice';
import { PurchaseForm } from './purchase-form';
import { PriceTaxNote } from '../../components/price-tax-note';
import { useTaxConfig } from '../orders/api/get-tax-config';

export default function PurchasePage() {
  const { id = '' } = useParams();
  const tool = useItem(id);
  const { data: session } = useSession();
  const email = session?.user.email ?? '';
  // Asked for here, beside the tool, so both load at once; the form prefills from it when it comes.
  const profile = useProfile(email);
  // Where the store confirms addresses, an unconfirmed one cannot order yet: said once, above the form.
  const authOptions = useAuthOptions();
  const taxConfig = useTaxConfig();
  const mustConfirm = Boolean(session && !session.user.emailVerified && authOptions.data?.emailVerification === 'required');

  if (tool.isPending) return <Loading label="Loading the tool" />;
  if (tool.isError || !tool.data) {
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-3xl font-bold">Tool not found</h1>
        <p className="mt-4">This tool is no longer in our catalogue.</p>
        <Link to={paths.ourTools} className="btn btn-primary mt-8">Browse tools</Link>
      </section>
    );
  }
  const item = tool.data;
  const soldOut = !canBeBought(item);

  return (
    <section className="mx-auto grid max-w-6xl gap-10 px-4 py-12 lg:grid-cols-2">
      <div>
        {/* An uploaded photo also has a 1200 px rendition for sharp screens; other images have one size. */}
        <img
          src={item.image}
          srcSet={largeImageUrl(item.image) === item.image ? undefined : `${item.image} 600w, ${largeImageUrl(item.image)} 1200w`}
          sizes="(min-width: 1024px) 576px, 100vw"
          alt={item.name}
          width="400"
          height="300"
          className="w-full rounded-box bg-base-200"
        />
      </div>
      <div>
        <h1 className="text-3xl font-bold">{item.name}</h1>
        <p className="mt-4 text-base-content/80">{item.description}</p>
        <p className="mt-4 text-2xl font-semibold text-primary">{formatUsd(item.price)} <span className="text-base font-normal text-base-content/80">per unit</span> <PriceTaxNote config={taxConfig.data} taxClass={item.taxClass} /></p>
        <dl className="mt-4 grid grid-cols-2 gap-2 text-sm">
          <dt className="font-medium">Minimum Quantity:</dt>
          <dd>{item.minQty}</dd>
          <dt className="font-medium">Available Quantity:</dt>
          <dd>{item.availableQty}</dd>
        </dl>
        {mustConfirm ? <EmailNotVerifiedNotice email={email} /> : null}
        {soldOut ? (
          <p role="status" className="alert alert-warning mt-6">This tool is out of stock for now.</p>
        ) : (
          // Keyed by tool: another tool's page starts a fresh form at that tool's minimum.
          <PurchaseForm key={item._id} item={item} profile={profile.data} canOrder={!mustConfirm} onFailure={() => void tool.refetch()} />
        )}
      </div>
    </section>
  );
}
