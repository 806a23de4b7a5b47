import { z } from 'zod';
import { LIMITS } from '../constants';
import { VALIDATION } from '../messages';
import { lineInputSchema, quantityField } from './orders';

/**
 * A line of a cart: a tool and how many of it. What it costs is read from the catalogue. This is
 * all a visitor's browser keeps (web/lib/cart/local-cart.ts).
 */
export const cartLineSchema = z.object({ toolId: z.string(), quantity: z.number().int() });
export type CartLine = z.infer<typeof cartLineSchema>;

/** A line as the server answers it: with the tool's SKU now, the part number a workshop reorders by. */
export const cartAnswerLineSchema = cartLineSchema.extend({ sku: z.string() });
export type CartAnswerLine = z.infer<typeof cartAnswerLineSchema>;

/** GET /api/cart and the answer of every cart change: the lines, oldest first. */
export const cartSchema = z.object({ lines: z.array(cartAnswerLineSchema) });
export type Cart = z.infer<typeof cartSchema>;

/** PUT /api/cart/lines/:toolId (set the quantity) and POST /api/cart/lines (add to it). */
export const cartQuantitySchema = z.object({ quantity: quantityField });
export const cartAddSchema = lineInputSchema;

/**
 * POST /api/cart/merge: a visitor's cart, joined to the customer's own on sign-in. A tool in both
 * keeps the larger quantity, so sending the same cart twice (a retry) changes nothing more.
 */
export const cartMergeSchema = z.object({
  lines: z.array(lineInputSchema).max(LIMITS.orderLinesMax, { error: VALIDATION.orderLinesTooMany }),
});
export type CartMerge = z.output<typeof cartMergeSchema>;
