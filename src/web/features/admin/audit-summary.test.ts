import { describe, expect, it } from 'vitest';
import { auditChangeLines, auditTargetName } from './audit-summary';

describe('auditChangeLines', () => {
  it('lists only the fields an edit changed', () => {
    expect(auditChangeLines({ name: 'Vise', price: 10, minQty: 1 }, { name: 'Vise', price: 12.5, minQty: 1 })).toEqual(['price: 10 → 12.5']);
  });

  it('shows a status change', () => {
    expect(auditChangeLines({ status: 'pending' }, { status: 'shipped' })).toEqual(['status: pending → shipped']);
  });

  it('shows the main fields of something added or deleted, four at most', () => {
    expect(
      auditChangeLines(null, { _id: 't1', image: 'x', description: 'y', minQty: 1, availableQty: 5, price: 10, name: 'Vise' }),
    ).toEqual(['name: Vise', 'price: 10', 'availableQty: 5', 'minQty: 1', '+2 more']);
    expect(auditChangeLines({ paid: false, productName: 'Vise' }, null)).toEqual(['productName: Vise', 'paid: false']);
  });

  it('cuts long values', () => {
    const [line] = auditChangeLines(null, { description: 'x'.repeat(60) });
    expect(line).toBe(`description: ${'x'.repeat(40)}…`);
  });

  it("shows an automatic refund's buyer, reason, amount and payment", () => {
    const refund = { email: 'penny@example.com', reason: 'Order deleted while it was being paid', amount: 37.02, transactionId: 'pi_test_abc123' };
    expect(auditChangeLines(null, refund)).toEqual([
      'email: penny@example.com',
      'reason: Order deleted while it was being paid',
      'amount: 37.02',
      'transactionId: pi_test_abc123',
    ]);
    expect(auditTargetName(null, refund)).toBe('penny@example.com');
  });

  it('is empty when there is nothing to compare', () => {
    expect(auditChangeLines(null, null)).toEqual([]);
  });
});

describe('auditTargetName', () => {
  it('prefers the name after the change, then before', () => {
    expect(auditTargetName({ name: 'Old' }, { name: 'New' })).toBe('New');
    expect(auditTargetName({ productName: 'Vise' }, null)).toBe('Vise');
    expect(auditTargetName({ handled: false }, { handled: true })).toBeNull();
  });
});
