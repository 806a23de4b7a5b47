import { describe, expect, it } from 'vitest';
import { testCardSchema } from '../../../shared/schemas/orders';
import { formatCardNumber, formatExpiry } from './card-formats';

describe('formatCardNumber', () => {
  it('groups the digits in fours as they are typed', () => {
    expect(formatCardNumber('')).toBe('');
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
  });

  it('keeps at most 19 digits', () => {
    expect(formatCardNumber('42424242424242424242424')).toBe('4242 4242 4242 4242 424');
  });
});

describe('formatExpiry', () => {
  it('writes "0330" as "03 / 30"', () => {
    expect(formatExpiry('0')).toBe('0');
    expect(formatExpiry('03')).toBe('03');
    expect(formatExpiry('033')).toBe('03 / 3');
    expect(formatExpiry('0330')).toBe('03 / 30');
    expect(formatExpiry('03301')).toBe('03 / 30');
  });

  it('reads a lone 2 to 9 as that month', () => {
    expect(formatExpiry('3')).toBe('03');
    expect(formatExpiry('330')).toBe('03 / 30');
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
  });
});

describe('what the form formats, the server takes', () => {
  it('accepts the formatted number and expiry', () => {
    const card = testCardSchema.parse({ number: formatCardNumber('4242424242424242'), expiry: formatExpiry('0330'), cvc: '123' });
    expect(card).toMatchObject({ number: '4242424242424242', expiry: '03/30' });
  });

  it('keeps the spec-side messages for what is not finished', () => {
    const result = testCardSchema.safeParse({ number: formatCardNumber('4242'), expiry: formatExpiry('03'), cvc: '1' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Your card number is incomplete.',
      "Your card's expiration date is incomplete.",
      "Your card's security code is incomplete.",
    ]);
  });
});
