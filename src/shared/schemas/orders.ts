import { z } from 'zod';
import { LIMITS } from '../constants';
import { VALIDATION } from '../messages';
import { addressField, phoneField } from './accounts';
import { NO_CONTROL_CHARACTERS, plainText } from './fields';
import { passesLuhn } from '../buying';
import { apiErrorSchema } from './common';
import { ORDER_EVENT_KINDS, ORDER_STATUSES } from '../order-statuses';
import { destinationFields, regionInCountry, taxLineSchema } from './tax';

/** A region given with its country must be one of that country's (a region alone is checked by the server). */
const regionFitsCountry = (body: { country?: string | undefined; region: string | null }) =>
  !body.country || body.region === null || regionInCountry(body.region, body.country);
const regionFitsCountryRule = { error: VALIDATION.regionUnknown, path: ['region'] };

export const quantityField = z
  .number({ error: VALIDATION.quantityWhole })
  .int({ error: VALIDATION.quantityWhole })
  .min(1, { error: VALIDATION.quantityPositive })
  .max(LIMITS.quantityMax, { error: VALIDATION.quantityTooLarge });

const toolIdField = z
  .string({ error: VALIDATION.toolIdRequired })
  .min(1, { error: VALIDATION.toolIdRequired })
  .max(100)
  .regex(NO_CONTROL_CHARACTERS, { error: VALIDATION.controlCharacters });

/**
 * POST /api/order. The spec's payload plus `toolId`. Only the tool, the quantity and the delivery
 * details are read: name, email, product fields and price come from the server, whatever is sent.
 */
export const orderCreateSchema = z
  .object({
    toolId: toolIdField,
    quantity: quantityField,
    address: addressField,
    phone: phoneField,
    ...destinationFields,
  })
  .refine(regionFitsCountry, regionFitsCountryRule);
export type OrderCreate = z.output<typeof orderCreateSchema>;
/** What a client sends to POST /api/order (region optional). */
export type OrderCreateBody = z.input<typeof orderCreateSchema>;

/** One tool and how many of it: a line of an order or of the cart. */
export const lineInputSchema = z.object({ toolId: toolIdField, quantity: quantityField });
export type LineInput = z.output<typeof lineInputSchema>;

/** Lines naming the same tool twice are one mistake the server will not guess about. */
const distinctTools = (lines: LineInput[]) => new Set(lines.map((line) => line.toolId)).size === lines.length;

/**
 * POST /api/orders: an order of several tools at once (the cart's checkout). As with POST
 * /api/order, only the tools, quantities and delivery details are read; prices come from the server.
 */
export const ordersCreateSchema = z.object({
  lines: z
    .array(lineInputSchema, { error: VALIDATION.orderLinesRequired })
    .min(1, { error: VALIDATION.orderLinesRequired })
    .max(LIMITS.orderLinesMax, { error: VALIDATION.orderLinesTooMany })
    .refine(distinctTools, { error: VALIDATION.orderLinesRepeated }),
  address: addressField,
  phone: phoneField,
  ...destinationFields,
}).refine(regionFitsCountry, regionFitsCountryRule);
export type OrdersCreate = z.output<typeof ordersCreateSchema>;
/** What a client sends to POST /api/orders (region optional). */
export type OrdersCreateBody = z.input<typeof ordersCreateSchema>;

/** The cart's checkout form: where to deliver. */
export const deliveryFormSchema = z.object({ address: addressField, phone: phoneField, ...destinationFields });
export type DeliveryForm = z.input<typeof deliveryFormSchema>;

/** The purchase form: quantity, address and phone. */
export const purchaseFormSchema = z.object({ quantity: quantityField, address: addressField, phone: phoneField, ...destinationFields });
export type PurchaseForm = z.input<typeof purchaseFormSchema>;



/** One line of an order: a copy of the tool as it was sold, and how many. */
export const orderLineSchema = z.object({
  /** null once the tool was deleted from the catalogue. */
  toolId: z.string().nullable(),
  productName: z.string(),
  /** The tool's SKU when it was ordered (null for orders placed before SKUs existed). */
  sku: z.string().nullable(),
  productImage: z.string(),
  description: z.string(),
  /** Unit price in dollars, as it was when the order was placed. */
  price: z.number(),
  quantity: z.number().int(),
  /** price × quantity, in dollars. */
  total: z.number(),
  /** The rate this line was taxed at when the order was placed (0: none), in percent. */
  taxPercent: z.number(),
  /** This line's tax in dollars (added to `total`, or the part of it that is tax when prices include tax). */
  tax: z.number(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/**
 * An order. `lines` says what it is for; the spec's single-tool fields (toolId, productName,
 * productImage, price, description, quantity) describe its first line when it has one, and sum it
 * up when it has several: the names together, price null (each line has its own), quantity the
 * units of all lines.
 */
export const orderSchema = z.object({
  _id: z.string(),
  /** The number people read and say: 'TH-100042'. */
  number: z.string(),
  toolId: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  address: z.string(),
  phone: z.string(),
  productName: z.string(),
  productImage: z.string(),
  /** Unit price in dollars when the order has one line; null when it has several. */
  price: z.number().nullable(),
  description: z.string(),
  quantity: z.number().int(),
  /** The lines' totals added up, in dollars, as the catalogue priced them (with tax when prices include it). */
  subtotal: z.number(),
  /** The tax of all lines, in dollars: added to the subtotal, or the part of it that is tax when prices include tax. */
  tax: z.number(),
  /** The tax per name and rate. Empty when the destination pays none. */
  taxLines: z.array(taxLineSchema),
  /** Whether the subtotal already includes the tax (the store's setting when the order was placed). */
  pricesIncludeTax: z.boolean(),
  /**
   * What the buyer pays, in dollars, computed by the server: the subtotal plus the tax, or the
   * subtotal when prices include tax. Without tax, as before, the lines' totals added up.
   */
  total: z.number(),
  /** Where it goes: ISO 3166-1 country and ISO 3166-2 region (null: none given; before tax by destination, both null). */
  country: z.string().nullable(),
  region: z.string().nullable(),
  /**
   * EU reverse charge (decision 048): no VAT was charged, the buyer accounts for it. `buyerVatId` is
   * the VAT number it was granted on, as the buyer's profile held it when the order was placed.
   */
  reverseCharge: z.boolean(),
  buyerVatId: z.string().nullable(),
  /**
   * Where the review of the VAT number stands: null when none is asked (not reverse charge, or the
   * owner's review setting was off when it was placed); `to-review` holds its shipment until an admin
   * confirms the number; `confirmed` once one has.
   */
  vatReview: z.enum(['to-review', 'confirmed']).nullable(),
  lines: z.array(orderLineSchema),
  paid: z.boolean(),
  transactionId: z.string().nullable(),
  /**
   * null while unpaid; 'pending' once paid; 'shipped' by an admin; 'expired' when not paid in time;
   * 'refunded' when an admin cancelled a paid order and gave the money back.
   */
  status: z.enum(ORDER_STATUSES).nullable(),
  createdAt: z.string(),
  /** Until when an unpaid order may be paid. */
  payBy: z.string(),
  paidAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  /** What the admin gave when shipping, each optional. */
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  refundedAt: z.string().nullable(),
  /** 'INV-000123' once the order is paid (every paid order has an invoice). */
  invoiceNumber: z.string().nullable(),
  /** 'CN-000001' once the order is refunded: the credit note that corrects its invoice in full. */
  creditNoteNumber: z.string().nullable(),
  /** The version of the terms and conditions the order was placed under (null: the store had none then). */
  termsVersion: z.number().int().nullable(),
});
export type Order = z.infer<typeof orderSchema>;

export const deletedCountSchema = z.object({ deletedCount: z.number() });
export type DeletedCount = z.infer<typeof deletedCountSchema>;


/** One moment of an order's timeline (GET /api/orders/:id/events), oldest first. */
export const orderEventSchema = z.object({
  kind: z.enum(ORDER_EVENT_KINDS),
  at: z.string(),
  /** Who did it: the buyer's or an admin's email; null for the store itself (an expiry). */
  actorEmail: z.string().nullable(),
  /** transactionId (paid), carrier/trackingNumber/trackingUrl (shipped), refundId or reason (refunds). */
  details: z.record(z.string(), z.string().nullable()).nullable(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

/** The order number as people see it: 100042 → 'TH-100042'. */
export const formatOrderNumber = (n: number) => `TH-${n}`;
/** The invoice number as printed: 123 → 'INV-000123'. */
export const formatInvoiceNumber = (n: number) => `INV-${String(n).padStart(6, '0')}`;
/** The credit note number as printed (its own gapless sequence, decision 049): 1 → 'CN-000001'. */
export const formatCreditNoteNumber = (n: number) => `CN-${String(n).padStart(6, '0')}`;
/** 'TH-100042', 'th-100042' or '100042' → 100042; anything else → null. */
export function parseOrderNumber(text: string): number | null {
  const match = /^\s*(?:TH-?)?(\d{1,15})\s*$/i.exec(text);
  return match ? Number(match[1]) : null;
}

const optionalShortText = (max: number) =>
  plainText()
    .trim()
    .max(max, { error: `At most ${max} characters` })
    .optional()
    .transform((value) => (value === '' ? undefined : value));

/** An admin ships a paid order (POST /api/orders/:id/ship; also the spec's PATCH {status: shipped}): all optional. */
export const shipmentSchema = z.object({
  carrier: optionalShortText(60),
  trackingNumber: optionalShortText(100),
  trackingUrl: z
    .url({ protocol: /^https$/, error: VALIDATION.trackingUrlInvalid })
    .max(500, { error: VALIDATION.trackingUrlInvalid })
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
export type Shipment = z.output<typeof shipmentSchema>;
export type ShipmentInput = z.input<typeof shipmentSchema>;

/**
 * POST /api/orders/:id/payment: the buyer says the provider took the payment with this id (the
 * server asks the provider). Other fields (the spec's userName, userEmail, toolName) are ignored.
 */
export const paymentReportSchema = z.object({
  transactionId: z
    .string({ error: VALIDATION.transactionIdRequired })
    .regex(NO_CONTROL_CHARACTERS, { error: VALIDATION.controlCharacters })
    .trim()
    .min(1, { error: VALIDATION.transactionIdRequired })
    .max(200),
});

/**
 * The spec's PATCH /api/order/:id: after payment `{status: 'pending', transactionId}` (as POST
 * /api/orders/:id/payment); an admin `{status: 'shipped'}` and the shipment's details (as POST
 * /api/orders/:id/ship).
 */
export const orderPatchSchema = shipmentSchema.extend({
  status: z.enum(['pending', 'shipped'], { error: VALIDATION.orderStatusInvalid }),
  transactionId: plainText().trim().min(1).max(200).optional(),
});
export type OrderPatch = z.output<typeof orderPatchSchema>;

/** POST /api/create-payment-intent. `totalPrice` from the spec's payload is accepted and ignored. */
export const paymentIntentRequestSchema = z.object({
  orderId: z.string({ error: VALIDATION.orderIdRequired }).min(1, { error: VALIDATION.orderIdRequired }).max(100),
  totalPrice: z.unknown().optional(),
});
export const paymentIntentResponseSchema = z.object({ clientSecret: z.string() });
export type PaymentIntentResponse = z.infer<typeof paymentIntentResponseSchema>;

export const paymentConfigSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('test') }),
  z.object({ provider: z.literal('stripe'), publishableKey: z.string() }),
]);
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

/** The built-in test-mode processor's confirm call (the stand-in for Stripe.js). */
export const testCardSchema = z.object({
  number: z
    .string({ error: VALIDATION.cardNumberRequired })
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, { error: VALIDATION.cardNumberInvalid, abort: true }).refine(passesLuhn, { error: VALIDATION.cardNumberWrong })),
  expiry: z
    .string({ error: VALIDATION.cardExpiryInvalid })
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/, { error: VALIDATION.cardExpiryInvalid })
    // The form writes "03 / 30", as card fields do; the processor is handed "03/30".
    .transform((value) => value.replace(/\s/g, '')),
  cvc: z.string({ error: VALIDATION.cardCvcInvalid }).trim().regex(/^\d{3,4}$/, { error: VALIDATION.cardCvcInvalid }),
});
export type TestCardInput = z.input<typeof testCardSchema>;

export const billingDetailsSchema = z.object({
  name: plainText().trim().max(LIMITS.contactNameMax).optional(),
  email: plainText().trim().max(LIMITS.emailMax).optional(),
  phone: plainText().trim().max(LIMITS.phoneMax).optional(),
});

export const testConfirmSchema = z.object({
  clientSecret: z.string({ error: VALIDATION.clientSecretRequired }).min(1).max(300),
  card: testCardSchema,
  billingDetails: billingDetailsSchema.optional(),
});
export const testConfirmResponseSchema = z.object({
  paymentIntent: z.object({ id: z.string(), status: z.string() }),
});
export type TestConfirmResponse = z.infer<typeof testConfirmResponseSchema>;
/** A payment refused (402): a declined card has code CARD_DECLINED and the processor's own `declineCode`. */
export const paymentErrorSchema = apiErrorSchema.extend({ declineCode: z.string().optional() });
