import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TaxClass } from '../../../../../shared';
import type { ToolDetail } from '../../../../../shared/schemas/catalogue';
import { FAKE_TAX_CONFIG, fakeStore, fakeTool } from '../../../../../../tests/support/web/fake-store';
import { renderPage } from '../../../../../../tests/support/web/render';
import { ToolSummary } from './tool-summary';

/** The words beside a tool's price (decision 048): what its price means for tax, by the tool's class. */

const RATES = [{ country: 'US', region: null, name: 'Sales tax', percent: 5, taxClass: 'standard' as const }];

function renderSummary(taxClass: TaxClass, { pricesIncludeTax = false, rates = RATES } = {}) {
  fakeStore({ taxConfig: { ...FAKE_TAX_CONFIG, pricesIncludeTax, rates } });
  const tool: ToolDetail = { ...fakeTool({ _id: 'tool-1', name: 'Bench Vise', price: 24.5, taxClass }), categoryPath: [], specs: [], photos: [], documents: [] };
  renderPage(<ToolSummary tool={tool} />);
}

describe("a tool's price", () => {
  it('says tax is added to a standard tool\'s price', async () => {
    renderSummary('standard');
    expect((await screen.findByTestId('price-tax-note')).textContent).toBe('plus tax');
  });

  it('says a reduced tool\'s price includes VAT where prices do', async () => {
    renderSummary('reduced', { pricesIncludeTax: true });
    expect((await screen.findByTestId('price-tax-note')).textContent).toBe('incl. VAT');
  });

  it('says an exempt tool is tax exempt where tax is added', async () => {
    renderSummary('exempt');
    expect((await screen.findByTestId('price-tax-note')).textContent).toBe('tax exempt');
    expect(screen.queryByText('plus tax')).toBeNull();
  });

  it('says an exempt tool is tax exempt where prices include VAT', async () => {
    renderSummary('exempt', { pricesIncludeTax: true });
    expect((await screen.findByTestId('price-tax-note')).textContent).toBe('tax exempt');
    expect(screen.queryByText('incl. VAT')).toBeNull();
  });
});
