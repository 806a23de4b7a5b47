/**
 * EU business buyers (issue 27 item 3, decision 048): which tax ids read as EU VAT numbers, and
 * when an order goes under reverse charge. Pure, so the server decides with it and the cart shows
 * the same answer before ordering. Whether a VAT number has its country's format is checked with
 * jsvat on the server (server/tax/vat-numbers.ts); whether it is live can't be checked offline.
 */

/**
 * The EU's member states (ISO 3166-1 alpha-2) and their VAT prefixes: the same code except Greece,
 * whose VAT numbers start with EL. A list of members, not of formats: it changes by treaty.
 */
const EU_VAT_PREFIX_BY_COUNTRY: Readonly<Record<string, string>> = {
  AT: 'AT', BE: 'BE', BG: 'BG', CY: 'CY', CZ: 'CZ', DE: 'DE', DK: 'DK', EE: 'EE', GR: 'EL', ES: 'ES', FI: 'FI', FR: 'FR', HR: 'HR', HU: 'HU',
  IE: 'IE', IT: 'IT', LT: 'LT', LU: 'LU', LV: 'LV', MT: 'MT', NL: 'NL', PL: 'PL', PT: 'PT', RO: 'RO', SE: 'SE', SI: 'SI', SK: 'SK',
};

/** Northern Ireland (ISO 3166-2 GB-NIR) stays in the EU's VAT area for goods; its traders' VAT numbers start with XI. */
export const NORTHERN_IRELAND_REGION = 'GB-NIR';
const NORTHERN_IRELAND_PREFIX = 'XI';

/** Every prefix of an EU VAT number for goods, GR accepted as Greece's ISO code for EL. */
const EU_VAT_PREFIXES = new Set([...Object.values(EU_VAT_PREFIX_BY_COUNTRY), NORTHERN_IRELAND_PREFIX]);
const PREFIX_ALIASES: Readonly<Record<string, string>> = { GR: 'EL' };

export const isEuMemberState = (country: string) => country in EU_VAT_PREFIX_BY_COUNTRY;

/**
 * The EU VAT area a place is in for goods, named by its VAT prefix ('DE', 'EL', 'XI' for Northern
 * Ireland), or null outside the EU's VAT area (the US, Great Britain, Switzerland...).
 */
export function vatAreaOf(country: string, region: string | null | undefined): string | null {
  if (country === 'GB' && region === NORTHERN_IRELAND_REGION) return NORTHERN_IRELAND_PREFIX;
  return EU_VAT_PREFIX_BY_COUNTRY[country] ?? null;
}

/** A tax id as VAT numbers are compared and printed: upper case, without spaces, dots or dashes ('de 136.695-976' → 'DE136695976'). */
export const compactTaxId = (taxId: string) => taxId.toUpperCase().replace(/[\s.\-]/g, '');

/**
 * Whether a tax id reads as an EU VAT number, and of which area: it starts with an EU VAT prefix
 * (or GR for Greece) followed by a digit within its first three characters (ATU12345678,
 * ESX1234567X, FRXX123456789, IE9S99999L). Answers the compact number with its proper prefix
 * ('GR...' → 'EL...'), or null for any other tax id: a US EIN ('12-3456789', 'US-12-3456789'), a
 * British, Swiss or Norwegian number. Those are kept as the buyer typed them and never reverse-charge.
 */
export function euVatNumberOf(taxId: string | null | undefined): { prefix: string; number: string } | null {
  if (!taxId) return null;
  const compact = compactTaxId(taxId);
  const match = /^([A-Z]{2})([A-Z0-9]{0,2}\d[A-Z0-9+*]*)$/.exec(compact);
  if (!match) return null;
  const prefix = PREFIX_ALIASES[match[1]!] ?? match[1]!;
  if (!EU_VAT_PREFIXES.has(prefix)) return null;
  return { prefix, number: `${prefix}${match[2]!}` };
}

export interface ReverseChargeFacts {
  /** The seller's country (store settings). */
  sellerCountry: string;
  /** The buyer's VAT area as their checked VAT number says (euVatNumberOf(...).prefix), or null: no EU VAT number. */
  buyerVatPrefix: string | null;
  destinationCountry: string;
  destinationRegion: string | null | undefined;
}

/**
 * Reverse charge (Directive 2006/112/EC art. 138 and 196): a seller in the EU's VAT area selling
 * goods to a business with a VAT number of another member state than the seller's, shipped to
 * another member state than the seller's, charges no VAT; the buyer accounts for it. Domestic sales
 * (destination or the buyer's number in the seller's own state) and sales to consumers pay VAT.
 */
export function reverseChargeApplies(facts: ReverseChargeFacts): boolean {
  const sellerArea = vatAreaOf(facts.sellerCountry, null);
  const destinationArea = vatAreaOf(facts.destinationCountry, facts.destinationRegion);
  if (!sellerArea || !destinationArea || !facts.buyerVatPrefix) return false;
  return destinationArea !== sellerArea && facts.buyerVatPrefix !== sellerArea;
}
