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
  });

  it("shows an admin's profile edit as the fields it changed", () => {
    expect(auditChangeLines({ email: 'dana@example.com', address: '1 Old Road' }, { email: 'dana@example.com', address: '2 New Road' })).toEqual([
      'address: 1 Old Road → 2 New Road',
    ]);
  });

  it('shows a hidden review as the change of its state, and a deleted one by its text first', () => {
    const about = { userName: 'Rita', email: 'rita@example.com', rating: 2, text: 'Broke on day one' };
    expect(auditChangeLines({ ...about, hidden: false }, { ...about, hidden: true })).toEqual(['hidden: false → true']);
    expect(auditChangeLines({ ...about, createdAt: '2025-01-01T00:00:00.000Z', hidden: false }, null)).toEqual([
      'userName: Rita',
      'email: rita@example.com',
      'text: Broke on day one',
      'rating: 2',
      '+2 more',
    ]);
  });

  it('is empty when there is nothing to compare', () => {
    expect(auditChangeLines(null, null)).toEqual([]);
  });
});

describe('auditTargetName', () => {
  it("names a tool by its name, after the change when it was renamed", () => {
    expect(auditTargetName('tool.updated', { name: 'Old' }, { name: 'New' })).toBe("Tool 'New'");
    expect(auditTargetName('tool.deleted', { name: 'Torque Wrench', price: 10 }, null)).toBe("Tool 'Torque Wrench'");
    expect(auditTargetName('tool.created', null, { name: 'Vise' })).toBe("Tool 'Vise'");
  });

  it('names an order by its number and buyer, and its tools when the entry lists them', () => {
    expect(auditTargetName('order.shipped', { number: 'TH-100042', status: 'pending' }, { number: 'TH-100042', email: 'dana@example.com', status: 'shipped' })).toBe(
      'Order TH-100042 of dana@example.com',
    );
    expect(auditTargetName('order.unshipped', { number: 'TH-100042', status: 'shipped' }, { number: 'TH-100042', status: 'pending' })).toBe('Order TH-100042');
    const deleted = {
      number: 'TH-100043',
      email: 'dana@example.com',
      name: 'Dana Miller',
      lines: [
        { productName: 'Torque Wrench', quantity: 2, price: 10 },
        { productName: 'Vise', quantity: 1, price: 5 },
        { productName: 'Caliper', quantity: 3, price: 7 },
      ],
    };
    expect(auditTargetName('order.deleted', deleted, null)).toBe('Order TH-100043 of dana@example.com: 2 × Torque Wrench, 1 × Vise and 1 more');
    expect(auditTargetName('order.deleted', { ...deleted, number: undefined, lines: deleted.lines.slice(0, 1) }, null)).toBe(
      'Order of dana@example.com: 2 × Torque Wrench',
    );
    expect(auditTargetName('order.refunded', { number: 'TH-100044', email: 'eve@example.com', total: 12 }, { number: 'TH-100044', status: 'refunded' })).toBe(
      'Order TH-100044 of eve@example.com',
    );
  });

  it('names a payment the store refunded by its buyer, and its order when known', () => {
    const refund = { email: 'penny@example.com', reason: 'Order deleted while it was being paid', amount: 37.02, transactionId: 'pi_test_abc123' };
    expect(auditTargetName('payment.refunded', null, refund)).toBe('Payment of penny@example.com');
    expect(auditTargetName('payment.refund_failed', null, { ...refund, number: 'TH-100045' })).toBe('Payment of penny@example.com for order TH-100045');
  });

  it('names a user by name and email, or whichever is known', () => {
    expect(auditTargetName('user.promoted', { email: 'dana@example.com', role: 'customer' }, { email: 'dana@example.com', role: 'admin' })).toBe(
      'User dana@example.com',
    );
    expect(auditTargetName('user.updated', { email: 'dana@example.com', userName: 'Dana' }, { email: 'dana@example.com', userName: 'Dana Miller' })).toBe(
      'User Dana Miller (dana@example.com)',
    );
  });

  it('names a review by its author, a message by its sender, a photo by its size, and the settings', () => {
    const about = { userName: 'Rita', email: 'rita@example.com', text: 'Broke on day one' };
    expect(auditTargetName('review.hidden', { ...about, hidden: false }, { ...about, hidden: true })).toBe('Review by Rita (rita@example.com): “Broke on day one”');
    expect(auditTargetName('review.deleted', { userName: 'Seeded Sam', email: null, text: 'x'.repeat(70) }, null)).toBe(`Review by Seeded Sam: “${'x'.repeat(60)}…”`);
    expect(auditTargetName('query.handled', { name: 'Dana', email: 'dana@example.com', handled: false }, { handled: true })).toBe('Message from Dana (dana@example.com)');
    expect(auditTargetName('query.handled', { handled: false }, { handled: true })).toBeNull();
    expect(auditTargetName('image.uploaded', null, { bytes: 12345, width: 600, height: 300 })).toBe('Photo 600×300');
    expect(auditTargetName('settings.updated', { lowStockThreshold: 5 }, { lowStockThreshold: 10 })).toBe('Store settings');
  });
});
