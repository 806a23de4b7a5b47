import { FIRST_VISIT_API_ERRORS as API_ERRORS } from './messages/first-visit-api-errors';

/** What decides whether a quantity of a tool can be bought now: its minimum order and its stock. */
export interface StockFigures {
  minQty: number;
  availableQty: number;
}

/**
 * A tool is on sale while its stock covers its minimum order. The admin's form keeps the minimum
 * at or below the stock, except at 0 (sold out), so this is false only for a sold-out tool or a
 * restock that has not caught up with its minimum yet.
 */
export const canBeBought = (tool: StockFigures) => tool.availableQty >= tool.minQty && tool.availableQty > 0;

/**
 * At or below this many units a tool's page says "Only N left": few enough that a buyer planning
 * an order should know, and a figure that does not depend on the owner's private low-stock mark
 * (which would make the public page change with a setting).
 */
export const FEW_LEFT = 10;

export type StockState = { kind: 'in_stock' } | { kind: 'few_left'; left: number } | { kind: 'sold_out' };

/** What a buyer is told of a tool's stock: sold out when it cannot be bought, else in stock or only a few left. */
export function stockState(tool: StockFigures): StockState {
  if (!canBeBought(tool)) return { kind: 'sold_out' };
  return tool.availableQty <= FEW_LEFT ? { kind: 'few_left', left: tool.availableQty } : { kind: 'in_stock' };
}

/**
 * Why `quantity` of this tool cannot be bought now, in the words the server would refuse it with,
 * or null when it can. The purchase form, the cart and the server's order placement all ask this.
 * With `name`, the message names the tool (a line of a cart or of an order of several).
 */
export function quantityProblem(tool: StockFigures & { name?: string }, quantity: number): string | null {
  if (quantity < tool.minQty) {
    return tool.name === undefined ? API_ERRORS.belowMinimum(tool.minQty) : API_ERRORS.belowMinimumOf(tool.name, tool.minQty);
  }
  if (quantity > tool.availableQty) {
    return tool.name === undefined ? API_ERRORS.notEnoughStock(tool.availableQty) : API_ERRORS.notEnoughStockOf(tool.name, tool.availableQty);
  }
  return null;
}

/** The Luhn checksum every card number carries: a mistyped digit fails it (ISO/IEC 7812). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
