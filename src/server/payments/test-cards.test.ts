import { describe, expect, it } from 'vitest';
import { checkTestCard, isExpired, passesLuhn, TEST_MODE_MESSAGE } from './test-cards';

const now = new Date('2026-11-21T12:00:00Z');
const card = (number: string, expiry = '12/30', cvc = '123') => checkTestCard({ number, expiry, cvc }, now);

describe('the test-mode card processor', () => {
  it('accepts 4242 4242 4242 4242, with spaces or not', () => {
    expect(card('4242 4242 4242 4242')).toEqual({ ok: true, last4: '4242' });
    expect(card('4242424242424242')).toEqual({ ok: true, last4: '4242' });
  });

  it.each([
    ['4000 0000 0000 0002', 'card_declined', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'insufficient_funds', 'Your card has insufficient funds.'],
    ['4000 0000 0000 0069', 'expired_card', 'Your card has expired.'],
    ['4000 0000 0000 0127', 'incorrect_cvc', "Your card's security code is incorrect."],
  ])('declines %s with %s', (number, code, message) => {
    expect(card(number)).toEqual({ ok: false, code, message });
  });

  it('refuses a number that fails the Luhn check', () => {
    expect(card('4242 4242 4242 4241')).toMatchObject({ ok: false, code: 'incorrect_number' });
  });

  it('refuses a real-looking card: the store is in test mode', () => {
    expect(card('5555 5555 5555 4444')).toEqual({ ok: false, code: 'test_mode_live_card', message: TEST_MODE_MESSAGE });
  });

  it('refuses an expiry in the past and accepts the current month', () => {
    expect(card('4242424242424242', '10/26')).toMatchObject({ ok: false, code: 'invalid_expiry_year' });
    expect(card('4242424242424242', '11/26')).toMatchObject({ ok: true });
    expect(isExpired('13/30', now)).toBe(true);
  });

  it('refuses a short CVC', () => {
    expect(card('4242424242424242', '12/30', '12')).toMatchObject({ ok: false, code: 'incomplete_cvc' });
  });

  it('computes Luhn like the card networks', () => {
    expect(passesLuhn('79927398713')).toBe(true);
    expect(passesLuhn('79927398710')).toBe(false);
  });
});
