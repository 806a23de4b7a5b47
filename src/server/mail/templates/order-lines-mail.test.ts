import { describe, expect, it } from 'vitest';
import { orderShippedMail, type OrderForMail } from './order-mail';
import { ownerPaidOrderMail } from './owner-mail';

/**
 * Issue 24: the order mails name each line's tool with its SKU, and an order placed before tools
 * had SKUs (its lines' `sku` null) reads as it always did.
 */
const order = (lines: OrderForMail['lines']): OrderForMail => ({
  id: '3f0c1d9e-0000-4000-8000-000000000001',
  number: 100_042,
  email: 'olive@example.com',
  name: 'Olive Orderer',
  address: '3 Card Court',
  phone: '555-0123',
  totalCents: lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0),
  createdAt: new Date('2026-11-25T10:00:00Z'),
  transactionId: 'pi_test_1',
  lines,
});
const settings = { storeUrl: 'https://shop.example.com', payMinutes: 60 };

describe('order mail lines', () => {
  it("give the buyer and the owner each tool's SKU beside its name", () => {
    const lines = [
      { productName: 'Digital Multimeter', sku: 'TM-DMM-6000', priceCents: 4_999, quantity: 2 },
      { productName: 'Torque Wrench', sku: 'TW-180', priceCents: 12_950, quantity: 1 },
    ];
    const buyer = orderShippedMail(order(lines), settings);
    expect(buyer.text).toContain('2 × Digital Multimeter · SKU TM-DMM-6000: $99.98 ($49.99 each)');
    expect(buyer.text).toContain('1 × Torque Wrench · SKU TW-180: $129.50');
    expect(buyer.html).toContain('2 × Digital Multimeter · SKU TM-DMM-6000');
    const owner = ownerPaidOrderMail('owner@example.com', order(lines), settings.storeUrl);
    expect(owner.text).toContain('Tool: 2 × Digital Multimeter · SKU TM-DMM-6000');
    expect(owner.text).toContain('Tool: 1 × Torque Wrench · SKU TW-180');
  });

  it('name the tool alone for a line ordered before tools had SKUs', () => {
    const lines = [{ productName: 'Bench Vise', sku: null, priceCents: 4_999, quantity: 1 }];
    expect(orderShippedMail(order(lines), settings).text).toContain('1 × Bench Vise: $49.99');
    const owner = ownerPaidOrderMail('owner@example.com', order(lines), settings.storeUrl);
    expect(owner.text).toContain('Tool: 1 × Bench Vise\n');
    expect(owner.text).not.toContain('SKU');
    // Issue 28: no stray colon between the quantity and the tool.
    expect(owner.text).not.toContain('×:');
  });
});
