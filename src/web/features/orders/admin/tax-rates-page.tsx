import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useFieldArray, useForm, type FieldError } from 'react-hook-form';
import { LIMITS } from '../../../../shared/constants';
import { taxRatesFormSchema, type TaxRatesForm, type TaxRateView } from '../../../../shared/schemas/tax';
import { RATED_TAX_CLASSES } from '../../../../shared/tax';
import type { z } from 'zod';
import { Loading } from '../../../components/loading';
import { SubmitButton } from '../../../components/submit-button';
import { applyServerFieldErrors } from '../../../lib/server-field-errors';
import { RATE_CLASS_LABELS } from '../../../lib/tax-class-labels';
import { notify } from '../../../lib/toast';
import { useTaxConfig } from '../api/get-tax-config';
import { useSaveTaxRates, useTaxRates } from './api/tax-rates';

type RatesOut = z.output<typeof taxRatesFormSchema>;

/**
 * The owner's tax rates by destination (decision 048): a country's rate, or a region's (ISO 3166-2,
 * such as US-CA), which wins over its country's. A destination without a rate pays no tax. Each
 * rate is for a class of tools: standard, or reduced (tools marked "Reduced rate" pay it where it
 * is set, the standard rate elsewhere; exempt tools pay none). Saving replaces the whole list;
 * orders already placed keep the rates they were placed with.
 */
export default function TaxRatesPage() {
  const rates = useTaxRates();
  const config = useTaxConfig();
  return (
    <section aria-labelledby="tax-rates-title" className="max-w-4xl">
      <h2 id="tax-rates-title" className="text-3xl font-bold">Tax rates</h2>
      <p className="mt-2 text-sm text-base-content/80">
        A region’s rate wins over its country’s; a destination with no rate pays no tax. A reduced rate is for tools marked “Reduced rate”, which pay the standard rate where none is set. Orders keep the rates they were placed with.
      </p>
      {rates.data && config.data ? <TaxRatesEditor saved={rates.data} /> : <Loading label="Loading the tax rates" />}
    </section>
  );
}

const emptyRate = (country: string) => ({ country, region: '', name: '', percent: 0, taxClass: 'standard' as const });

function TaxRatesEditor({ saved }: { saved: TaxRateView[] }) {
  const save = useSaveTaxRates();
  const config = useTaxConfig();
  const form = useForm<TaxRatesForm, unknown, RatesOut>({
    resolver: zodResolver(taxRatesFormSchema),
    defaultValues: { rates: saved.map((rate) => ({ ...rate, region: rate.region ?? '' })) },
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'rates' });
  const errors = form.formState.errors.rates;

  const onSubmit = form.handleSubmit(async ({ rates }) => {
    try {
      const list = await save.mutateAsync(rates);
      form.reset({ rates: list.map((rate) => ({ ...rate, region: rate.region ?? '' })) });
      notify.success('Tax rates saved');
    } catch (error) {
      // The server names `3.region`; the form's field is `rates.3.region`.
      applyServerFieldErrors(error, (field) => (/^\d+\.(country|region|name|percent|taxClass)$/.test(field) ? (`rates.${field}` as 'rates.0.country') : null), form.setError);
      notify.failure(error);
    }
  });

  const rowError = (index: number, name: 'country' | 'region' | 'taxClass' | 'name' | 'percent'): FieldError | undefined => errors?.[index]?.[name];
  const countries = config.data?.countries ?? [];

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="tax-rates-title" className="card mt-6 space-y-4 bg-base-100 p-4 shadow-sm ring-1 ring-base-300 sm:p-6">
      {fields.length === 0 ? <p data-testid="no-tax-rates">No rates yet: every order pays no tax.</p> : null}
      <ul className="space-y-4" aria-label="Rates">
        {fields.map((field, index) => (
          // Six controls: one column on a phone, two lines of three beside the dashboard's menu, one line where the page is at its widest.
          <li
            key={field.id}
            className="grid gap-3 rounded-box p-3 ring-1 ring-base-300 sm:grid-cols-3 sm:items-start 2xl:grid-cols-[1.4fr_1fr_1fr_1.4fr_0.8fr_auto]"
            data-testid="tax-rate-row"
          >
            <Cell label="Country" id={`rate-${index}-country`} error={rowError(index, 'country')}>
              {(props) => (
                <select {...props} className="select select-sm w-full" {...form.register(`rates.${index}.country`)}>
                  {countries.map((c) => (
                    <option key={c.code} value={c.code}>{`${c.name} (${c.code})`}</option>
                  ))}
                </select>
              )}
            </Cell>
            <Cell label="Region (optional)" id={`rate-${index}-region`} error={rowError(index, 'region')}>
              {(props) => <input {...props} className="input input-sm w-full uppercase" placeholder="US-CA" {...form.register(`rates.${index}.region`)} />}
            </Cell>
            <Cell label="Class" id={`rate-${index}-class`} error={rowError(index, 'taxClass')}>
              {(props) => (
                <select {...props} className="select select-sm w-full" {...form.register(`rates.${index}.taxClass`)}>
                  {RATED_TAX_CLASSES.map((taxClass) => (
                    <option key={taxClass} value={taxClass}>{RATE_CLASS_LABELS[taxClass]}</option>
                  ))}
                </select>
              )}
            </Cell>
            <Cell label="Name" id={`rate-${index}-name`} error={rowError(index, 'name')}>
              {(props) => <input {...props} className="input input-sm w-full" placeholder="Sales tax" maxLength={LIMITS.taxNameMax} {...form.register(`rates.${index}.name`)} />}
            </Cell>
            <Cell label="Rate (%)" id={`rate-${index}-percent`} error={rowError(index, 'percent')}>
              {(props) => (
                <input {...props} className="input input-sm w-full" type="number" inputMode="decimal" min={0} max={100} step={0.001} {...form.register(`rates.${index}.percent`, { valueAsNumber: true })} />
              )}
            </Cell>
            <button type="button" className="btn btn-ghost btn-sm sm:mt-6 sm:justify-self-start" onClick={() => remove(index)}>
              Remove<span className="sr-only">{` rate ${index + 1}`}</span>
            </button>
          </li>
        ))}
      </ul>
      {errors?.root?.message || errors?.message ? <p role="alert" className="text-sm text-error">{errors.root?.message ?? errors.message}</p> : null}
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-outline" disabled={fields.length >= LIMITS.taxRatesMax} onClick={() => append(emptyRate(config.data?.country ?? 'US'))}>
          Add a rate
        </button>
        <SubmitButton busy={save.isPending}>Save tax rates</SubmitButton>
      </div>
    </form>
  );
}

interface CellProps {
  label: string;
  id: string;
  error: FieldError | undefined;
  children: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}

/** One labelled control of a rate, with its error under it. */
function Cell({ label, id, error, children }: CellProps) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium">{label}</label>
      {children({ id, ...(error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {}) })}
      {error?.message ? <p id={`${id}-error`} role="alert" className="mt-1 text-xs text-error">{error.message}</p> : null}
    </div>
  );
}
