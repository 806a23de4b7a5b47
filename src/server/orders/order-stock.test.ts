import { describe, expect, it } from 'vitest';
import { stockCheckOf } from './order-stock';
import type { OrderLineRow } from './orders-repository';

const line = (toolId: string | null, productName: string, quantity: number): OrderLineRow => ({
  orderId: '00000000-0000-4000-8000-000000000001',
  position: 0,
  toolId,
  productName,
  sku: null,
  productImage: '/images/tools/tool.svg',
  description: 'A tool.',
  priceCents: 1000,
  quantity,
  taxName: null,
  taxPercentMilli: 0,
  taxCents: 0,
  taxClass: 'standard',
});

const vise = '00000000-0000-4000-8000-0000000000a1';
const wrench = '00000000-0000-4000-8000-0000000000b2';

// The stock read with the order when a payment is asked for (findOrderWithStock), judged before
// the buyer types a card number.
describe('stockCheckOf', () => {
  it('passes an order every line of which its tool still covers', () => {
    expect(stockCheckOf([line(vise, 'Bench Vise', 3), line(wrench, 'Torque Wrench', 1)], new Map([[vise, 3], [wrench, 9]]))).toEqual({ kind: 'covered' });
  });

  it('names each line the stock no longer covers, with what is left', () => {
    expect(stockCheckOf([line(vise, 'Bench Vise', 4), line(wrench, 'Torque Wrench', 1)], new Map([[vise, 3], [wrench, 0]]))).toEqual({
      kind: 'short',
      shortages: [
        { productName: 'Bench Vise', wanted: 4, available: 3 },
        { productName: 'Torque Wrench', wanted: 1, available: 0 },
      ],
    });
  });

  it('says a tool is gone when a line lost its tool, or its tool was not found with the order', () => {
    expect(stockCheckOf([line(null, 'Bench Vise', 1)], new Map())).toEqual({ kind: 'tool-deleted' });
    expect(stockCheckOf([line(vise, 'Bench Vise', 1), line(wrench, 'Torque Wrench', 1)], new Map([[vise, 5]]))).toEqual({ kind: 'tool-deleted' });
  });
});
