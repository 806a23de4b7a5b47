/**
 * The store's legal pages (issue 27): each is a public page at its own address whose text the
 * owner writes in Settings, as Markdown (docs/decisions/047-legal-pages.md). It imports nothing, so
 * the footer, on every first visit, pays only for this list.
 */
export const LEGAL_PAGES = ['terms', 'privacy', 'returns', 'imprint'] as const;
export type LegalPage = (typeof LEGAL_PAGES)[number];

/** Each page's name, as its heading, the footer's link and the Settings editor say it. */
export const LEGAL_PAGE_NAMES: Record<LegalPage, string> = {
  terms: 'Terms and Conditions',
  privacy: 'Privacy Policy',
  returns: 'Returns and Refunds',
  imprint: 'Legal Notice',
};

export const isLegalPage = (value: string): value is LegalPage => (LEGAL_PAGES as readonly string[]).includes(value);

/** What the purchase form and the cart's checkout say above their button, around the link to the terms. */
export const TERMS_ACCEPTANCE = {
  before: 'By placing this order you accept our ',
  link: LEGAL_PAGE_NAMES.terms,
  after: '.',
  /** Read by screen readers after the link's text: it opens in a new tab. */
  newTab: '(opens in a new tab)',
} as const;
