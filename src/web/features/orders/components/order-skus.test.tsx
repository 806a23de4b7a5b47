import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderLine } from '../../../../shared/schemas/orders';
import { OrderItems } from './order-items';
import { OrderLines } from './order-lines';

/**
 * Issue 24: a line's SKU (the part number a workshop reorders by) shows wherever an order's lines
 * are listed: the receipt of the checkout and order pages, and the cells of My Orders and Manage
 * Orders. A line ordered before tools had SKUs (null) shows none.
 */
const line = (productName: string, sku: string | null, quantity = 1): OrderLine => ({
  toolId: `tool-${productName}`,
  productName,
  sku,
  productImage: '/images/tool.png',
  description: '',
  price: 10,
  quantity,
  total: 10 * quantity,
  taxPercent: 0,
  tax: 0,
});

const orderOf = (lines: OrderLine[]) => ({
  lines,
  total: lines.reduce((sum, l) => sum + l.total, 0),
  subtotal: lines.reduce((sum, l) => sum + l.total, 0),
  taxLines: [],
  pricesIncludeTax: false,
  productName: lines[0]!.productName,
  productImage: lines[0]!.productImage,
});

describe("an order's lines", () => {
  it('give each SKU under its tool on the receipt, and nothing for a line that has none', () => {
    render(<OrderLines order={orderOf([line('Digital Multimeter', 'TM-DMM-6000', 2), line('Old Vise', null)])} lineTestId="line" totalTestId="total" />);
    const [meter, vise] = screen.getAllByTestId('line');
    expect(within(meter!).getByTestId('order-line-sku').textContent).toBe('SKU TM-DMM-6000');
    expect(within(vise!).queryByTestId('order-line-sku')).toBeNull();
    expect(vise!.textContent).not.toContain('SKU');
  });

  it('give each SKU beside its line in a list cell of several tools', () => {
    render(<OrderItems order={orderOf([line('Digital Multimeter', 'TM-DMM-6000', 2), line('Torque Wrench', 'TW-180')])} />);
    expect(within(screen.getByTestId('order-lines')).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '2 × Digital Multimeter · SKU TM-DMM-6000',
      '1 × Torque Wrench · SKU TW-180',
    ]);
  });

  it('give the SKU under the name in a list cell of one tool, and nothing for an order from before SKUs', () => {
    const { unmount } = render(<OrderItems order={orderOf([line('Digital Multimeter', 'TM-DMM-6000')])} />);
    expect(screen.getByText('SKU TM-DMM-6000')).toBeTruthy();
    unmount();
    const { container } = render(<OrderItems order={orderOf([line('Old Vise', null)])} />);
    expect(container.textContent).toBe('Old Vise');
  });
});
