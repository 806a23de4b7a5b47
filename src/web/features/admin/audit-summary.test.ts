import { describe, expect, it } from 'vitest';
import { auditChangeLines, auditTargetName } from './audit-summary';

describe('auditChangeLines', () => {
  it('lists only the fields an edit changed, in words, with money as money', () => {
    expect(auditChangeLines('tool.updated', { name: 'Vise', price: 10, minQty: 1 }, { name: 'Vise', price: 12.5, minQty: 1 })).toEqual(['Price: $10.00 → $12.50']);
    expect(auditChangeLines('tool.updated', { availableQty: 3, minQty: 1 }, { availableQty: 40, minQty: 2 })).toEqual(['In stock: 3 → 40', 'Minimum order: 1 → 2']);
  });

  it("says a tool's category changed without its id, and a removed low-stock mark as the store's", () => {
    const tool = { name: 'Vise', categoryId: '5b1e3c1a-0000-4000-8000-000000000001' };
    expect(
      auditChangeLines('tool.updated', { ...tool, lowStockThreshold: 5 }, { ...tool, categoryId: '5b1e3c1a-0000-4000-8000-000000000002' }),
    ).toEqual(['Category changed', "Low-stock mark: 5 → the store's"]);
  });

  it("says a tool's tax class in the words of the product form", () => {
    expect(auditChangeLines('tool.updated', { name: 'Vise', taxClass: 'standard' }, { name: 'Vise', taxClass: 'reduced' })).toEqual(['Tax class: Standard → Reduced rate']);
    expect(auditChangeLines('tool.updated', { name: 'Vise', taxClass: 'reduced' }, { name: 'Vise', taxClass: 'exempt' })).toEqual(['Tax class: Reduced rate → Tax exempt']);
  });

  it("shows an order's status as the app words it", () => {
    expect(auditChangeLines('order.shipped', { number: 'TH-100042', status: 'pending' }, { number: 'TH-100042', status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999' })).toEqual([
      'Status: Paid, waiting to ship → Shipped',
      'Carrier: UPS',
      'Tracking number: 1Z999',
    ]);
  });

  it('says a refund happened, with its amount and buyer, instead of fields that seem lost', () => {
    const lines = auditChangeLines(
      'order.refunded',
      { number: 'TH-100044', email: 'eve@example.com', status: 'pending', total: 8.98 },
      { number: 'TH-100044', status: 'refunded', refundId: 're_123' },
    );
    expect(lines).toEqual(['Refunded $8.98 to eve@example.com']);
    expect(lines.join(' ')).not.toContain('—');
    expect(auditChangeLines('order.refunded', { email: 'eve@example.com', status: 'shipped', total: 1234.5 }, { status: 'refunded' })).toEqual([
      'Refunded $1,234.50 to eve@example.com, after shipping',
    ]);
  });

  it("says what an automatic refund did: its amount, buyer and why, or that it must be done by hand", () => {
    const refund = { email: 'penny@example.com', reason: 'Order deleted while it was being paid', amount: 37.02, transactionId: 'pi_test_abc123' };
    expect(auditChangeLines('payment.refunded', null, refund)).toEqual(['Refunded $37.02 to penny@example.com', 'Why: Order deleted while it was being paid']);
    expect(auditChangeLines('payment.refund_failed', null, { ...refund, error: 'card_declined' })).toEqual([
      'Could not refund $37.02 to penny@example.com: refund it by hand',
      'Why: Order deleted while it was being paid',
      'Error: card_declined',
    ]);
  });

  it('shows the main fields of something added or deleted in words, four at most, without ids', () => {
    expect(
      auditChangeLines('tool.created', null, { _id: 't1', image: 'x', description: 'y', minQty: 1, availableQty: 5, price: 10, name: 'Vise', categoryId: 'c1' }),
    ).toEqual(['Name: Vise', 'Price: $10.00', 'In stock: 5', 'Minimum order: 1', '+2 more']);
    expect(auditChangeLines('order.deleted', { paid: false, productName: 'Vise', total: 12, lines: [{ productName: 'Vise' }] }, null)).toEqual([
      'Tool: Vise',
      'Total: $12.00',
      'Paid: no',
    ]);
  });

  it('sums up category and document entries', () => {
    expect(auditChangeLines('category.created', null, { name: 'Drills', slug: 'drills', parentId: null, position: 2 })).toEqual([
      'Name: Drills',
      'Web address: drills',
      'Place: top level',
      'Position in its list: 2',
    ]);
    expect(auditChangeLines('category.updated', { name: 'Drills', parentId: null }, { name: 'Cordless drills', parentId: 'c9' })).toEqual([
      'Name: Drills → Cordless drills',
      'Place: top level → under another category',
    ]);
    expect(auditChangeLines('category.deleted', { name: 'Drills' }, { toolsMovedTo: 'c2', toolsMoved: 3 })).toEqual(['3 tools moved to another category']);
    expect(auditChangeLines('category.deleted', { name: 'Drills' }, null)).toEqual([]);
    expect(auditChangeLines('document.uploaded', null, { toolId: 't1', name: 'Datasheet', size: 245_760 })).toEqual(['Name: Datasheet', 'Size: 240 KB']);
    expect(auditChangeLines('document.updated', { toolId: 't1', name: 'Datasheet' }, { toolId: 't1', name: 'Safety sheet' })).toEqual(['Name: Datasheet → Safety sheet']);
    expect(auditChangeLines('document.deleted', { toolId: 't1', name: 'Manual', size: 3 * 1024 * 1024 }, null)).toEqual(['Name: Manual', 'Size: 3 MB']);
  });

  it('cuts long values', () => {
    const [line] = auditChangeLines('tool.created', null, { description: 'x'.repeat(60) });
    expect(line).toBe(`Description: ${'x'.repeat(40)}…`);
  });

  it("shows an admin's profile edit as the fields it changed", () => {
    expect(auditChangeLines('user.updated', { email: 'dana@example.com', address: '1 Old Road' }, { email: 'dana@example.com', address: '2 New Road' })).toEqual([
      'Address: 1 Old Road → 2 New Road',
    ]);
    expect(auditChangeLines('user.promoted', { email: 'dana@example.com', role: 'customer' }, { email: 'dana@example.com', role: 'admin' })).toEqual([
      'Role: Customer → Admin',
    ]);
  });

  it('shows a hidden review as the change of its state, and a deleted one by its text first', () => {
    const about = { userName: 'Rita', email: 'rita@example.com', rating: 2, text: 'Broke on day one' };
    expect(auditChangeLines('review.hidden', { ...about, hidden: false }, { ...about, hidden: true })).toEqual(['Hidden: no → yes']);
    expect(auditChangeLines('review.deleted', { ...about, createdAt: '2025-01-01T00:00:00.000Z', hidden: false }, null)).toEqual([
      'Name: Rita',
      'Email: rita@example.com',
      'Review: Broke on day one',
      'Rating: 2 of 5',
      '+2 more',
    ]);
  });

  it('says a message was marked handled, or not handled again', () => {
    expect(auditChangeLines('query.handled', { name: 'Dana', handled: false }, { name: 'Dana', handled: true })).toEqual(['Marked handled']);
    expect(auditChangeLines('query.handled', { name: 'Dana', handled: true }, { name: 'Dana', handled: false })).toEqual(['Marked not handled again']);
  });

  it("words the store's settings, with what an empty one means", () => {
    expect(auditChangeLines('settings.updated', { notifyEmail: 'owner@example.com', lowStockThreshold: 5 }, { notifyEmail: null, lowStockThreshold: 10 })).toEqual([
      'Owner notices go to: owner@example.com → every admin',
      'Low-stock mark: 5 → 10',
    ]);
  });

  it('counts a replaced list of tax rates, and is empty when there is nothing to compare', () => {
    expect(auditChangeLines('tax_rates.updated', [{ country: 'DE', percent: 19 }], [{ country: 'DE', percent: 19 }, { country: 'FR', percent: 20 }])).toEqual([
      'Rates: 1 → 2',
    ]);
    expect(auditChangeLines('tool.updated', null, null)).toEqual([]);
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

  it('names a category and a document by their names', () => {
    expect(auditTargetName('category.updated', { name: 'Drills' }, { name: 'Cordless drills' })).toBe("Category 'Cordless drills'");
    expect(auditTargetName('category.deleted', { name: 'Drills' }, { toolsMoved: 2 })).toBe("Category 'Drills'");
    expect(auditTargetName('document.uploaded', null, { toolId: 't1', name: 'Datasheet', size: 10 })).toBe("Document 'Datasheet'");
    expect(auditTargetName('document.deleted', { toolId: 't1', name: 'Manual' }, null)).toBe("Document 'Manual'");
  });
});
