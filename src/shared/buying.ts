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

/** Why a quantity cannot be bought: the error code the API answers with, and its data. */
export type QuantityRefusal = { code: 'BELOW_MINIMUM_ORDER'; minQty: number } | { code: 'NOT_ENOUGH_STOCK'; available: number };

/**
 * The one quantity rule: an order of a tool is at least its minimum and at most its stock now.
 * Answers why `quantity` cannot be bought, or null when it can. The server's order placement, the
 * cart and the purchase form all ask this; `quantityRefusalText` words the answer.
 */
export function quantityRefusal(tool: StockFigures, quantity: number): QuantityRefusal | null {
  if (quantity < tool.minQty) return { code: 'BELOW_MINIMUM_ORDER', minQty: tool.minQty };
  if (quantity > tool.availableQty) return { code: 'NOT_ENOUGH_STOCK', available: tool.availableQty };
  return null;
}

/** The words of a refusal, as the API says them; with `toolName`, naming the tool (a line of a cart or of an order of several). */
export function quantityRefusalText(refusal: QuantityRefusal, toolName?: string): string {
  if (refusal.code === 'BELOW_MINIMUM_ORDER') {
    return toolName === undefined ? API_ERRORS.belowMinimum(refusal.minQty) : API_ERRORS.belowMinimumOf(toolName, refusal.minQty);
  }
  return toolName === undefined ? API_ERRORS.notEnoughStock(refusal.available) : API_ERRORS.notEnoughStockOf(toolName, refusal.available);
}

/** Why `quantity` of this tool cannot be bought now, in the server's words, or null when it can. */
export function quantityProblem(tool: StockFigures & { name?: string }, quantity: number): string | null {
  const refusal = quantityRefusal(tool, quantity);
  return refusal && quantityRefusalText(refusal, tool.name);
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
