import { describe, expect, it } from 'vitest';
import { formatMailTime, keptFor, orderPlacedMail, payByTime, type OrderForMail } from './order-mail';

/** Issue 28: the order-placed mail says plainly how long the order is kept and when the stock is taken. */
const order: OrderForMail = {
  id: '3f0c1d9e-0000-4000-8000-000000000002',
  number: 100_043,
  email: 'olive@example.com',
  name: 'Olive Orderer',
  address: '3 Card Court',
  phone: '555-0123',
  totalCents: 4_999,
  createdAt: new Date('2026-11-25T10:00:00Z'),
  transactionId: null,
  lines: [{ productName: 'Bench Vise', sku: 'BV-4', priceCents: 4_999, quantity: 1 }],
};

describe('order-placed mail', () => {
  it('says the order is kept for a day (the default) and the stock is taken at payment, with no threat', () => {
    const mail = orderPlacedMail(order, { storeUrl: 'https://shop.example.com', payMinutes: 1440 });
    const payBy = formatMailTime(payByTime(order, 1440));
    expect(payBy).toBe('Nov 26, 2026, 10:00 AM UTC');
    expect(mail.text).toContain(`We keep your order for a day, until ${payBy}: please pay by then to confirm it. The tools are taken from our stock when you pay.`);
    expect(mail.html).toContain('We keep your order for a day');
    expect(mail.text).not.toContain('on sale to everyone');
  });

  it('names another keeping time in words', () => {
    expect(keptFor(1440)).toBe('a day');
    expect(keptFor(2880)).toBe('2 days');
    expect(keptFor(60)).toBe('an hour');
    expect(keptFor(180)).toBe('3 hours');
    expect(keptFor(45)).toBe('45 minutes');
    expect(keptFor(1)).toBe('a minute');
  });
});
