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

const SETTINGS_FIELDS = ['companyName', 'companyAddress', 'taxId', 'notifyEmail', 'lowStockThreshold'] as const;

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
  const form = useForm<StoreSettingsForm, unknown, StoreSettingsUpdate>({
    resolver: zodResolver(storeSettingsUpdateSchema),
    defaultValues: {
      companyName: saved.companyName,
      companyAddress: saved.companyAddress,
      taxId: saved.taxId ?? '',
      notifyEmail: saved.notifyEmail ?? '',
      lowStockThreshold: saved.lowStockThreshold,
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
      <SubmitButton busy={update.isPending}>Save settings</SubmitButton>
    </form>
  );
}
