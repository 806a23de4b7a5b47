/** Cuts text to `max` characters and adds `suffix` only when something was cut. */
export function preview(text: string, max: number, suffix: string): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return chars.slice(0, max).join('') + suffix;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Formats a dollar amount for display: 1234.5 → "$1,234.50". */
export function formatUsd(dollars: number): string {
  return usd.format(dollars);
}

/** Exact money arithmetic happens in integer cents; the API speaks dollars. */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** price × quantity in dollars, worked out in cents: 11 × 39.99 is 439.89, not 439.89000000000004. */
export function lineTotal(unitPrice: number, quantity: number): number {
  return centsToDollars(dollarsToCents(unitPrice) * quantity);
}

/** The running total beside a quantity: '11 × $39.99 = $439.89'. */
export function formatLineTotal(quantity: number, unitPrice: number): string {
  return `${quantity} × ${formatUsd(unitPrice)} = ${formatUsd(lineTotal(unitPrice, quantity))}`;
}
