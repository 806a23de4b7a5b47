import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { VALIDATION } from '../../../../shared/messages';
import type { TaxRateView } from '../../../../shared/schemas/tax';
import { apiError } from '../../../../../tests/support/web/fake-api';
import '../../../../../tests/support/web/happy-dom-select';
import { ADMIN, fakeStore } from '../../../../../tests/support/web/fake-store';
import { renderPage } from '../../../../../tests/support/web/render';
import { paths } from '../../../config/paths';
import TaxRatesPage from './tax-rates-page';

/**
 * The Tax rates page (decision 048): each rate is for a destination and a class of tools, the
 * standard or the reduced one (tax classes); the whole list is sent when saved.
 */

const CALIFORNIA: TaxRateView = { country: 'US', region: 'US-CA', name: 'CA sales tax', percent: 7.25, taxClass: 'standard' };

/** Fills a rate's row as the owner does: country, region if any, class, name and rate. */
async function fillRate(
  user: ReturnType<typeof userEvent.setup>,
  row: HTMLElement,
  rate: { country: string; region?: string; taxClass: string; name: string; percent: string },
) {
  const field = (label: string) => within(row).getByLabelText(label);
  await user.selectOptions(field('Country'), rate.country);
  if (rate.region) await user.type(field('Region (optional)'), rate.region);
  await user.selectOptions(field('Class'), rate.taxClass);
  await user.type(field('Name'), rate.name);
  await user.clear(field('Rate (%)'));
  await user.type(field('Rate (%)'), rate.percent);
}

function renderTaxRates(saved: TaxRateView[] = [CALIFORNIA]) {
  const store = fakeStore({ signedIn: ADMIN });
  store.api
    .on('GET', '/api/tax-rates', store.withToken(() => ({ body: saved })))
    .on(
      'PUT',
      '/api/tax-rates',
      store.withToken(({ body }) => ({ body: body as TaxRateView[] })),
    );
  const user = userEvent.setup({ delay: null });
  renderPage(<TaxRatesPage />, { path: paths.taxRates });
  return { store, user };
}

const rows = () => screen.getAllByTestId('tax-rate-row');
const saves = (store: ReturnType<typeof fakeStore>) => store.api.requestsTo('PUT', '/api/tax-rates').map((request) => request.body);

describe('the Tax rates page', () => {
  it("shows each rate's class, starts a new rate at standard, and sends the class chosen", async () => {
    const { store, user } = renderTaxRates();
    const saved = within(await waitFor(() => rows()[0]!)).getByLabelText<HTMLSelectElement>('Class');
    expect(Array.from(saved.options).map((option) => [option.value, option.textContent])).toEqual([
      ['standard', 'Standard'],
      ['reduced', 'Reduced'],
    ]);
    expect(saved.selectedOptions[0]?.textContent).toBe('Standard');

    await user.click(screen.getByRole('button', { name: 'Add a rate' }));
    const added = rows()[1]!;
    expect(within(added).getByLabelText<HTMLSelectElement>('Class').selectedOptions[0]?.textContent).toBe('Standard');
    await fillRate(user, added, { country: 'US', region: 'US-CA', taxClass: 'Reduced', name: 'CA reduced', percent: '2' });
    await user.click(screen.getByRole('button', { name: 'Save tax rates' }));

    expect(await screen.findByText('Tax rates saved')).toBeTruthy();
    expect(saves(store)).toEqual([
      [
        { country: 'US', region: 'US-CA', name: 'CA sales tax', percent: 7.25, taxClass: 'standard' },
        { country: 'US', region: 'US-CA', name: 'CA reduced', percent: 2, taxClass: 'reduced' },
      ],
    ]);
    // As saved: the new rate keeps its class.
    expect(within(rows()[1]!).getByLabelText<HTMLSelectElement>('Class').selectedOptions[0]?.textContent).toBe('Reduced');
  });

  it('refuses a reduced rate where no standard rate applies, under its Class, sending nothing', async () => {
    const { store, user } = renderTaxRates();
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Add a rate' }));
    const added = rows()[1]!;
    await fillRate(user, added, { country: 'DE', taxClass: 'Reduced', name: 'VAT reduced', percent: '7' });
    await user.click(screen.getByRole('button', { name: 'Save tax rates' }));
    expect(await within(rows()[1]!).findByText(VALIDATION.taxRateReducedWithoutStandard)).toBeTruthy();
    expect(saves(store)).toHaveLength(0);
  });

  it('takes a standard and a reduced rate for one destination, but not two of one class', async () => {
    const germany: TaxRateView[] = [
      { country: 'DE', region: null, name: 'VAT', percent: 19, taxClass: 'standard' },
      { country: 'DE', region: null, name: 'VAT reduced', percent: 7, taxClass: 'reduced' },
    ];
    const { store, user } = renderTaxRates(germany);
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.selectOptions(within(rows()[1]!).getByLabelText('Class'), 'Standard');
    await user.click(screen.getByRole('button', { name: 'Save tax rates' }));
    expect(await within(rows()[1]!).findByText(VALIDATION.taxRateRepeated)).toBeTruthy();
    expect(saves(store)).toHaveLength(0);

    await user.selectOptions(within(rows()[1]!).getByLabelText('Class'), 'Reduced');
    await user.click(screen.getByRole('button', { name: 'Save tax rates' }));
    expect(await screen.findByText('Tax rates saved')).toBeTruthy();
    expect(saves(store)).toEqual([germany]);
  });

  it("puts the server's refusal of a rate's class under that rate's Class", async () => {
    const { store, user } = renderTaxRates();
    store.api.on('PUT', '/api/tax-rates', () => {
      const refusal = apiError(400, 'Invalid tax rates') as { body: Record<string, unknown> };
      return { status: 400, contentType: 'application/problem+json', body: { ...refusal.body, errors: [{ field: '0.taxClass', detail: VALIDATION.taxRateClassInvalid }] } };
    });
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Save tax rates' }));

    const taxClass = within(rows()[0]!).getByLabelText('Class');
    await waitFor(() => expect(taxClass.getAttribute('aria-invalid')).toBe('true'));
    expect(within(rows()[0]!).getByRole('alert').textContent).toBe(VALIDATION.taxRateClassInvalid);
    expect(document.getElementById(taxClass.getAttribute('aria-describedby')!)?.textContent).toBe(VALIDATION.taxRateClassInvalid);
  });
});
