import { z } from 'zod';
import { UPLOADED_IMAGE_PATH } from '../images';
import { LIMITS } from '../constants';
import { VALIDATION } from '../messages';
import { emailField, NO_CONTROL_CHARACTERS, requiredText } from './fields';
import { pageQuery } from './catalogue';
import { CATALOGUE_TEXTS } from '../messages/catalogue';
import { CATALOGUE_LIMITS, categoryIdField, skuField, slugField, toolSpecsField } from './catalogue-structure';

/**
 * The back office's API contract: the server validates with these and the admin forms use them
 * through zodResolver, so both say the same thing.
 */

export { largeImageUrl, UPLOADED_IMAGE_PATH, uploadedImageUrl } from '../images';

/** The store's own pictures shipped with the web app (the demo catalogue uses them). */
const STORE_IMAGE_PATH = /^\/images\/[a-z0-9-]+(\/[a-z0-9-]+)*\.(svg|png|jpe?g|webp)$/;

/**
 * A link the store may show as an image: https only (an http image would be blocked as mixed
 * content on the real https store), or a photo uploaded to the store.
 */
export function isAllowedImage(value: string): boolean {
  if (UPLOADED_IMAGE_PATH.test(value) || STORE_IMAGE_PATH.test(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0 && !url.username && !url.password;
  } catch {
    return false;
  }
}

const wholeNumber = (required: string, invalid: string, min: number) =>
  z
    .number({ error: required })
    .int({ error: invalid })
    .min(min, { error: invalid })
    .max(LIMITS.quantityMax, { error: VALIDATION.productQtyTooLarge });

/** A price in dollars with at most two decimals (it is stored in whole cents). */
const priceField = z
  .number({ error: VALIDATION.productPriceRequired })
  .positive({ error: VALIDATION.productPricePositive })
  .max(1_000_000, { error: VALIDATION.productPriceTooHigh })
  .refine((price) => Math.abs(price * 100 - Math.round(price * 100)) < 1e-6, { error: VALIDATION.productPriceCents });

export const productFields = z.object({
  name: requiredText(VALIDATION.productNameRequired)
    .min(LIMITS.productNameMin, { error: VALIDATION.productNameTooShort })
    .max(LIMITS.productNameMax, { error: VALIDATION.productNameTooLong }),
  price: priceField,
  image: requiredText(VALIDATION.productImageRequired)
    .max(2000, { error: VALIDATION.productImageInvalid })
    .refine(isAllowedImage, { error: VALIDATION.productImageInvalid }),
  description: requiredText(VALIDATION.productDescriptionRequired).max(LIMITS.productDescriptionMax, {
    error: VALIDATION.productDescriptionTooLong,
  }),
  minQty: wholeNumber(VALIDATION.productMinQtyRequired, VALIDATION.productMinQtyWhole, 1),
  availableQty: wholeNumber(VALIDATION.productAvailableQtyRequired, VALIDATION.productAvailableQtyWhole, 0),
  /** This tool's own low-stock mark; null (or absent): the store's setting applies. */
  lowStockThreshold: z
    .number({ error: VALIDATION.lowStockThresholdWhole })
    .int({ error: VALIDATION.lowStockThresholdWhole })
    .min(0, { error: VALIDATION.lowStockThresholdWhole })
    .max(LIMITS.quantityMax, { error: VALIDATION.lowStockThresholdWhole })
    .nullable()
    .optional(),
  /** The part number; absent when adding: the store numbers it (TH-01001 ...). */
  sku: skuField.optional(),
  /** The address (/tools/{slug}); absent: made from the name, and made anew when the name changes. */
  slug: slugField.optional(),
  /** Absent when adding: the tool goes into "Uncategorised". */
  categoryId: categoryIdField.optional(),
  specs: toolSpecsField.optional(),
  /** Every photo, the main one first; `image` is the main one (when both are given they must agree). */
  photos: z
    .array(
      z
        .string({ error: VALIDATION.productImageInvalid })
        .max(2000, { error: VALIDATION.productImageInvalid })
        .refine(isAllowedImage, { error: VALIDATION.productImageInvalid }),
      { error: CATALOGUE_TEXTS.photosRequired },
    )
    .min(1, { error: CATALOGUE_TEXTS.photosRequired })
    .max(CATALOGUE_LIMITS.photosMax, { error: CATALOGUE_TEXTS.photosTooMany(CATALOGUE_LIMITS.photosMax) })
    .refine((photos) => new Set(photos).size === photos.length, { error: CATALOGUE_TEXTS.photosRepeat })
    .optional(),
});

/** When a form sends both, the image is the first photo. */
const imageIsFirstPhoto = (tool: { image?: string | undefined; photos?: string[] | undefined }) =>
  tool.image === undefined || tool.photos === undefined || tool.photos[0] === tool.image;

type StockFields = { minQty?: number | undefined; availableQty?: number | undefined };

const minNotAboveAvailable = (tool: StockFields) =>
  tool.minQty === undefined || tool.availableQty === undefined || tool.minQty <= tool.availableQty;

/**
 * The rule for a tool an admin edits, the one place it lives (the PATCH schema, the edit form and
 * the server's check of the merged tool use it): it is sellable (its minimum order fits in its
 * stock) or plainly sold out (no stock at all, whatever its minimum).
 */
export const sellableOrSoldOut = (tool: StockFields) => tool.availableQty === 0 || minNotAboveAvailable(tool);

/**
 * POST /api/items and the Add Product form. A new tool must be sellable: its minimum order fits
 * in its stock (1 ≤ minQty ≤ availableQty).
 */
export const productCreateSchema = productFields
  .refine(minNotAboveAvailable, {
    error: VALIDATION.productMinQtyAboveAvailable,
    path: ['minQty'],
  })
  .refine(imageIsFirstPhoto, { error: CATALOGUE_TEXTS.imageNotFirstPhoto, path: ['image'] });
export type ProductCreate = z.output<typeof productCreateSchema>;
export type ProductForm = z.input<typeof productCreateSchema>;

/**
 * PATCH /api/items/:id: any subset of the fields. `expectedAvailableQty` is the stock the admin
 * saw: when given and the stock has moved since (a sale), the change is refused with 409 instead
 * of overwriting the sale. A tool may be edited down to 0 in stock (sold out), so the cross-field
 * rule is checked against the merged tool by the server.
 */
export const productPatchSchema = productFields
  .partial()
  .extend({ expectedAvailableQty: z.number().int().min(0).max(LIMITS.quantityMax).optional() })
  // Editing a tool down to 0 in stock (sold out) is allowed whatever its minimum.
  .refine(sellableOrSoldOut, {
    error: VALIDATION.productMinQtyAboveAvailable,
    path: ['minQty'],
  })
  .refine(imageIsFirstPhoto, { error: CATALOGUE_TEXTS.imageNotFirstPhoto, path: ['image'] })
  .refine((patch) => Object.keys(patch).some((key) => key !== 'expectedAvailableQty'), {
    error: 'Nothing to change: send at least one field',
  });
export type ProductPatch = z.output<typeof productPatchSchema>;

/** GET /api/items/:id/low-stock (admin): the tool's own low-stock mark, null when the store's applies. */
export const toolLowStockSchema = z.object({ lowStockThreshold: z.number().int().nullable(), storeThreshold: z.number().int() });

/** POST /api/images answer. */
export const uploadedImageSchema = z.object({ _id: z.string(), url: z.string(), width: z.number(), height: z.number() });
export type UploadedImage = z.infer<typeof uploadedImageSchema>;
export const IMAGE_UPLOAD = {
  maxBytes: 5 * 1024 * 1024,
  types: ['image/png', 'image/jpeg', 'image/webp'],
  maxPixels: 40_000_000,
  cardWidth: 600,
  largeWidth: 1200,
} as const;

/** The admin's order list filter: the order lifecycle as an admin thinks of it. */
export const ORDER_STATES = ['unpaid', 'pending', 'shipped', 'expired', 'refunded'] as const;
export type OrderState = (typeof ORDER_STATES)[number];
/** The columns Manage Orders sorts by: when placed, order number, total, buyer's name, state, when paid. */
export const ADMIN_ORDER_SORTS = ['placed', 'number', 'total', 'buyer', 'status', 'paid'] as const;
export type AdminOrderSort = (typeof ADMIN_ORDER_SORTS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
/**
 * The way each column sorts when first chosen (and without `dir`): newest, largest and latest paid
 * first; buyers A to Z; states in the filter's order (unpaid, pending, shipped, expired, refunded).
 */
export const ADMIN_ORDER_SORT_FIRST_DIR: Record<AdminOrderSort, SortDirection> = {
  placed: 'desc',
  number: 'desc',
  total: 'desc',
  buyer: 'asc',
  status: 'asc',
  paid: 'desc',
};
export const ADMIN_ORDER_SEARCH_MAX = 100;
/**
 * Which orders and in what order: the list and its CSV export take the same. `q` is an order
 * number ('TH-100042' or '100042'), or else a part of the buyer's name or email or of a tool's
 * name on the order (any case). `email` is the older exact-buyer filter, still accepted.
 */
export const adminOrdersFilterSchema = z.object({
  state: z.enum(ORDER_STATES, { error: `state must be one of ${ORDER_STATES.join(', ')}` }).optional(),
  q: z
    .string({ error: 'q must be text' })
    .trim()
    .max(ADMIN_ORDER_SEARCH_MAX, { error: `q must be at most ${ADMIN_ORDER_SEARCH_MAX} characters` })
    .regex(NO_CONTROL_CHARACTERS, { error: 'q must not contain control characters' })
    .optional(),
  email: emailField.optional(),
  sort: z.enum(ADMIN_ORDER_SORTS, { error: `sort must be one of ${ADMIN_ORDER_SORTS.join(', ')}` }).default('placed'),
  dir: z.enum(SORT_DIRECTIONS, { error: "dir must be 'asc' or 'desc'" }).optional(),
});
export type AdminOrdersFilter = z.output<typeof adminOrdersFilterSchema>;
export const adminOrdersQuerySchema = pageQuery(20, 100).extend(adminOrdersFilterSchema.shape);
export type AdminOrdersQuery = z.output<typeof adminOrdersQuerySchema>;

/** Contact queries as the admin's Messages page reads them. */
export const contactMessageSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  number: z.string(),
  message: z.string(),
  createdAt: z.string(),
  handled: z.boolean(),
  handledAt: z.string().nullable(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;
export const queriesQuerySchema = pageQuery(20, 100).extend({
  handled: z.enum(['true', 'false'], { error: "handled must be 'true' or 'false'" }).optional(),
});
export const queryPatchSchema = z.object({ handled: z.boolean({ error: 'handled must be true or false' }) });

/** GET /api/stats: what the Overview shows. Money in dollars. */
export const statsSchema = z.object({
  ordersByState: z.object({ unpaid: z.number(), pending: z.number(), shipped: z.number(), expired: z.number(), refunded: z.number() }),
  /** The last 30 days (UTC), oldest first, days without sales included with 0. */
  revenueByDay: z.array(z.object({ day: z.string(), revenue: z.number(), orders: z.number() })),
  paidRevenue: z.number(),
  topTools: z.array(z.object({ toolId: z.string().nullable(), name: z.string(), quantity: z.number(), revenue: z.number() })),
  /** Tools at or below their low-stock mark (`threshold`: their own, else the store's), fewest first. */
  lowStock: z.array(z.object({ _id: z.string(), name: z.string(), availableQty: z.number(), minQty: z.number(), threshold: z.number() })),
});
export type Stats = z.infer<typeof statsSchema>;
export const STATS = { days: 30, topTools: 5, lowStock: 5 } as const;

/** GET /api/audit entries. */
export const AUDIT_ACTION_LABELS = {
  'tool.created': 'Tool added',
  'tool.updated': 'Tool edited',
  'tool.deleted': 'Tool deleted',
  'category.created': 'Category added',
  'category.updated': 'Category changed',
  'category.deleted': 'Category deleted',
  'document.uploaded': 'Document added',
  'document.updated': 'Document renamed',
  'document.deleted': 'Document deleted',
  'catalogue.imported': 'Catalogue imported',
  'order.shipped': 'Order shipped',
  'order.unshipped': 'Shipping undone',
  'order.refunded': 'Order refunded',
  'order.deleted': 'Order deleted',
  'user.promoted': 'User made admin',
  'user.demoted': 'Admin made customer',
  'user.updated': 'Profile edited',
  'user.password_set': 'Password set from the command line',
  'query.handled': 'Message handled',
  'review.hidden': 'Review hidden',
  'review.shown': 'Review shown again',
  'review.deleted': 'Review deleted',
  'image.uploaded': 'Photo uploaded',
  'settings.updated': 'Store settings changed',
  'payment.refunded': 'Payment refunded',
  'payment.refund_failed': 'Refund failed — refund by hand',
} as const;
/** The "who" of entries the store wrote by itself, such as an automatic refund. */
export const AUDIT_SYSTEM_ACTOR = 'system';
export type AuditActionName = keyof typeof AUDIT_ACTION_LABELS;
export const auditEntrySchema = z.object({
  _id: z.string(),
  actorEmail: z.string(),
  action: z.enum(Object.keys(AUDIT_ACTION_LABELS) as [AuditActionName, ...AuditActionName[]]),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditQuerySchema = pageQuery(20, 100);

