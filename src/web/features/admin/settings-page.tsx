import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { storeSettingsUpdateSchema, type StoreSettings, type StoreSettingsForm, type StoreSettingsUpdate } from '../../../shared/schemas/settings';
import { TextField, TextAreaField } from '../../components/form-field';
import { Loading } from '../../components/loading';
import { SubmitButton } from '../../components/submit-button';
import { notify } from '../../lib/toast';
import { useStoreSettings, useUpdateStoreSettings } from './api/store-settings';
import { applyServerFieldErrors } from '../../lib/server-field-errors';
import { LegalTextsEditor } from './components/legal-texts-editor';
import { useTaxConfig } from '../orders/api/get-tax-config';
import { paths } from '../../config/paths';
import { Link } from 'react-router';

const SETTINGS_FIELDS = ['companyName', 'companyAddress', 'taxId', 'notifyEmail', 'lowStockThreshold', 'country'] as const;

/** The owner's settings: who the seller is on invoices, where the store's notices go, when stock is low; the legal pages' texts. */
export default function SettingsPage() {
  const settings = useStoreSettings();
  return (
    <section aria-labelledby="settings-title" className="max-w-2xl">
      <h2 id="settings-title" className="text-3xl font-bold">Store settings</h2>
      {settings.data ? <SettingsForm saved={settings.data} /> : <Loading label="Loading the settings" />}
      <LegalTextsEditor />
    </section>
  );
}

function SettingsForm({ saved }: { saved: StoreSettings }) {
  const update = useUpdateStoreSettings();
  const taxConfig = useTaxConfig();
  const form = useForm<StoreSettingsForm, unknown, StoreSettingsUpdate>({
    resolver: zodResolver(storeSettingsUpdateSchema),
    defaultValues: {
      companyName: saved.companyName,
      companyAddress: saved.companyAddress,
      taxId: saved.taxId ?? '',
      notifyEmail: saved.notifyEmail ?? '',
      lowStockThreshold: saved.lowStockThreshold,
      country: saved.country,
      pricesIncludeTax: saved.pricesIncludeTax,
      reviewReverseCharge: saved.reviewReverseCharge,
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      notify.success('Settings saved');
    } catch (error) {
      applyServerFieldErrors(error, SETTINGS_FIELDS, form.setError);
      notify.failure(error);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="settings-title" className="card mt-6 space-y-6 bg-base-100 p-4 shadow-sm ring-1 ring-base-300 sm:p-6">
      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">On invoices</legend>
        <TextField label="Company name" autoComplete="organization" registration={form.register('companyName')} error={errors.companyName} />
        <TextAreaField label="Company address" rows={3} registration={form.register('companyAddress')} error={errors.companyAddress} />
        <TextField label="Tax id (VAT number, EIN...)" registration={form.register('taxId')} error={errors.taxId} />
        <p className="text-sm text-base-content/80">An invoice keeps the details it was issued with; changes apply to the next ones.</p>
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">Notices to you</legend>
        <TextField
          label="Send notices to (paid orders, messages, low stock)"
          type="email"
          autoComplete="email"
          placeholder="Every admin, when empty"
          registration={form.register('notifyEmail')}
          error={errors.notifyEmail}
        />
        <TextField
          label="Low stock at (units or fewer)"
          type="number"
          inputMode="numeric"
          min={0}
          registration={form.register('lowStockThreshold', { valueAsNumber: true })}
          error={errors.lowStockThreshold}
        />
        <p className="text-sm text-base-content/80">A tool can have a mark of its own (Manage Tools, Edit).</p>
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">Tax</legend>
        <div className="form-control w-full">
          <label htmlFor="settings-country" className="mb-1 block text-sm font-medium">Your country (orders that name none go here)</label>
          <select
            id="settings-country"
            className={`select w-full ${errors.country ? 'select-error' : ''}`}
            aria-invalid={errors.country ? true : undefined}
            aria-describedby={errors.country ? 'settings-country-error' : undefined}
            {...form.register('country')}
          >
            {(taxConfig.data?.countries ?? [{ code: saved.country, name: saved.country }]).map((c) => (
              <option key={c.code} value={c.code}>{`${c.name} (${c.code})`}</option>
            ))}
          </select>
          {errors.country?.message ? <p id="settings-country-error" role="alert" className="mt-1 text-sm text-error">{errors.country.message}</p> : null}
        </div>
        <label className="flex cursor-pointer items-start gap-3">
          <input type="checkbox" className="checkbox mt-0.5" {...form.register('pricesIncludeTax')} />
          <span>
            <span className="block font-medium">Prices include tax</span>
            <span className="block text-sm text-base-content/80">On for a consumer store in the EU (prices read “incl. VAT”); off for US-style prices, with tax added at checkout (“plus tax”).</span>
          </span>
        </label>
        <label className="flex cursor-pointer items-start gap-3">
          <input type="checkbox" className="checkbox mt-0.5" {...form.register('reviewReverseCharge')} />
          <span>
            <span className="block font-medium">Review reverse-charge orders before shipping</span>
            <span className="block text-sm text-base-content/80">
              An EU business with a VAT number of the right format, buying from another EU country, pays no VAT. The store can’t check offline that
              the number is live: when this is on, such an order can’t be shipped until you have checked the number (in the EU’s VIES service) and
              confirmed it on the order’s page.
            </span>
          </span>
        </label>
        <p className="text-sm text-base-content/80">
          The rates themselves are on <Link className="link" to={paths.taxRates}>Tax rates</Link>. An order keeps the rates it was placed with.
        </p>
      </fieldset>
      <SubmitButton busy={update.isPending}>Save settings</SubmitButton>
    </form>
  );
}
