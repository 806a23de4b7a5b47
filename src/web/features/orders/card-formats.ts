/**
 * How the test-mode card form shows what is typed, as Stripe's own fields do: the card number in
 * groups of four, the expiry as "MM / YY". react-number-format calls these with the digits typed
 * so far (it strips everything else, keeps the caret where the person is typing and lets
 * Backspace step over the spaces); the server's schema (testCardSchema) reads both forms.
 */

/** The longest card number there is (ISO/IEC 7812). */
const CARD_NUMBER_MAX_DIGITS = 19;

/** "4242424242424242" → "4242 4242 4242 4242". */
export function formatCardNumber(digits: string): string {
  return digits
    .replace(/\D/g, '')
    .slice(0, CARD_NUMBER_MAX_DIGITS)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * "0330" → "03 / 30"; "3" → "03" (no month starts with 2–9, so a lone 3 is March). The " / "
 * comes only with a digit of the year after it, so Backspace past it is never undone.
 */
export function formatExpiry(digits: string): string {
  let value = digits.replace(/\D/g, '').slice(0, 4);
  if (/^[2-9]/.test(value)) value = `0${value}`.slice(0, 4);
  return value.length > 2 ? `${value.slice(0, 2)} / ${value.slice(2)}` : value;
}
