import { passesLuhn } from '../../shared/buying';

export { passesLuhn };

/**
 * The built-in test-mode card processor's rules: the well-known test card numbers and the same
 * checks (Luhn, expiry, CVC) and decline messages a real processor in test mode gives.
 */
export type CardCheck = { ok: true; last4: string } | { ok: false; code: string; message: string };

const TEST_CARDS: Record<string, { code: string; message: string } | null> = {
  '4242424242424242': null,
  '4000000000000002': { code: 'card_declined', message: 'Your card was declined.' },
  '4000000000009995': { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000000069': { code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  // Pays, but a refund to it is refused later (as Stripe's 4000 0000 0000 5126 does).
  '4000000000005126': null,
};

/** The last four digits of the test card whose payments cannot be refunded. */
export const UNREFUNDABLE_CARD_LAST4 = '5126';
export const UNREFUNDABLE_CARD_MESSAGE =
  'The card was cancelled or has expired, so the payment cannot be refunded to it. Refund the buyer another way.';

export const TEST_MODE_MESSAGE =
  'This store is in test mode and accepts only test cards, such as 4242 4242 4242 4242. Your card was not charged.';

/** `expiry` is MM/YY; a card is valid through the last day of its expiry month. */
export function isExpired(expiry: string, now: Date): boolean {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!match) return true;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return true;
  const year = 2000 + Number(match[2]);
  const firstOfNextMonth = Date.UTC(year, month, 1);
  return now.getTime() >= firstOfNextMonth;
}

export function checkTestCard(card: { number: string; expiry: string; cvc: string }, now = new Date()): CardCheck {
  const number = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !passesLuhn(number)) {
    return { ok: false, code: 'incorrect_number', message: 'Your card number is incorrect.' };
  }
  if (isExpired(card.expiry, now)) {
    return { ok: false, code: 'invalid_expiry_year', message: "Your card's expiration date is in the past." };
  }
  if (!/^\d{3,4}$/.test(card.cvc.trim())) {
    return { ok: false, code: 'incomplete_cvc', message: "Your card's security code is incomplete." };
  }
  if (!(number in TEST_CARDS)) return { ok: false, code: 'test_mode_live_card', message: TEST_MODE_MESSAGE };
  const decline = TEST_CARDS[number];
  return decline ? { ok: false, ...decline } : { ok: true, last4: number.slice(-4) };
}
