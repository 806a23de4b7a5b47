import type { RatedTaxClass, TaxClass } from '../../shared/tax';

/**
 * How the web names a tool's tax class (decision 048), in one place: the product form's choices
 * and the Activity log's words. A class added in shared fails to compile here until it is named.
 */
export const TAX_CLASS_LABELS: Record<TaxClass, string> = {
  standard: 'Standard',
  reduced: 'Reduced rate',
  exempt: 'Tax exempt',
};

/** The classes a rate is set for, as the Tax rates page's Class choice names them. */
export const RATE_CLASS_LABELS: Record<RatedTaxClass, string> = {
  standard: 'Standard',
  reduced: 'Reduced',
};
