import { useState } from 'react';
import { useNavigate } from 'react-router';
import { TOASTS } from '../../../../shared/messages';
import { paths } from '../../../config/paths';
import { failureMessage } from '../../../lib/request-failure';
import { notify } from '../../../lib/toast';
import { useDownloadMyData } from '../api/download-my-data';
import { DeleteAccountDialog } from './delete-account-dialog';

/**
 * My Profile's "Your data": a copy of everything the store holds about the person (a JSON file),
 * and deleting the account (decision 046). After a deletion the person is signed out already and
 * lands on the home page, told so.
 */
export function DataRightsSection() {
  const download = useDownloadMyData();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);

  const onDownload = () =>
    download.mutate(undefined, {
      onSuccess: () => notify.success(TOASTS.dataDownloaded),
      onError: (failure) => notify.error(failureMessage(failure)),
    });

  const onDeleted = () => {
    setConfirming(false);
    notify.success(TOASTS.accountDeleted);
    void navigate(paths.home, { replace: true });
  };

  return (
    <section aria-labelledby="my-data-title" className="card mt-6 space-y-4 bg-base-100 p-6 shadow-sm ring-1 ring-base-300">
      <h3 id="my-data-title" className="text-xl font-bold">Your data</h3>
      <div className="space-y-2">
        <p className="text-sm text-base-content/80">
          A copy of everything we hold about you: your profile, addresses, orders, cart, reviews, messages and signed-in browsers, as a JSON file.
        </p>
        <button type="button" className="btn btn-outline" onClick={onDownload} disabled={download.isPending} aria-busy={download.isPending}>
          {download.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          Download my data
        </button>
      </div>
      <div className="space-y-2 border-t border-base-300 pt-4">
        <h4 className="font-semibold">Delete my account</h4>
        <p className="text-sm text-base-content/80">
          Deletes your account and signs you out everywhere. Paid orders and their invoices are kept for as long as tax law requires.
        </p>
        <button type="button" className="btn btn-error btn-outline" onClick={() => setConfirming(true)}>
          Delete my account
        </button>
      </div>
      <DeleteAccountDialog open={confirming} onClose={() => setConfirming(false)} onDeleted={onDeleted} />
    </section>
  );
}
