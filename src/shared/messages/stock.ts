/** Stock as a buyer reads it on a tool's page. A module of its own: the tool page needs nothing else of the catalogue's texts. */
export const STOCK_TEXTS = {
  inStock: 'In stock',
  fewLeft: (left: number) => `Only ${left.toLocaleString('en-US')} left`,
  soldOut: 'Sold out',
} as const;
