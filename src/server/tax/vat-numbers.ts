import { checkVAT, countries, unitedKingdom } from 'jsvat';
import { euVatNumberOf } from '../../shared';
import { DomainError } from '../lib/domain-errors';

/**
 * VAT numbers, checked with `jsvat` (each country's format and check digits; no network call):
 * decision 048. Only the server reads it, like the ISO codes: the web app shows the server's answer.
 * Whether a number is live (registered, not revoked) needs the EU's VIES service, which is online:
 * not checked here, hence the owner's review setting.
 */

/**
 * Whether jsvat accepts an EU VAT number (compact, with its proper prefix). jsvat has no XI:
 * Northern Ireland's numbers are the UK's digits under another prefix, so they are checked as GB.
 */
export function isValidEuVatNumber(number: string): boolean {
  if (number.startsWith('XI')) return checkVAT(`GB${number.slice(2)}`, [unitedKingdom]).isValid;
  return checkVAT(number, countries).isValid;
}

/**
 * A tax id as it is stored (profile or settings): one that reads as an EU VAT number must be valid
 * in its country's format, and is kept compact ('de 136 695 976' → 'DE136695976', as invoices
 * print it); any other (a US EIN...) is kept as typed. Refused with VAT_NUMBER_INVALID naming
 * `field`. null and undefined pass through (cleared, or not sent).
 */
export function checkTaxId<T extends string | null | undefined>(taxId: T, field: string): T | string {
  const vat = euVatNumberOf(taxId);
  if (!vat) return taxId;
  if (!isValidEuVatNumber(vat.number)) throw new DomainError('VAT_NUMBER_INVALID', {}, { field });
  return vat.number;
}

/**
 * The buyer's EU VAT number as placing an order reads it from their profile, or null when they have
 * none or it is not valid (a number saved before the check existed): the order then pays VAT.
 */
export function validEuVatNumberOf(taxId: string | null | undefined): { prefix: string; number: string } | null {
  const vat = euVatNumberOf(taxId);
  return vat && isValidEuVatNumber(vat.number) ? vat : null;
}
