import { z } from 'zod';
import { LIMITS } from '../constants';
import { UPLOADED_IMAGE_PATH } from '../images';
import { VALIDATION } from '../messages';
import { CATALOGUE_TEXTS } from '../messages/catalogue';
import { CATALOGUE_LIMITS, categoryIdField, skuField, slugField, toolSpecsField } from './catalogue-structure';
import { requiredText } from './fields';
import { taxClassField } from './tax';

/**
 * A tool as the back office writes it (Add Product, Manage Tools' edit, the photos it uploads):
 * the server validates with these and the admin forms use them through zodResolver, so both say
 * the same thing.
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
  /** Absent when adding: standard. */
  taxClass: taxClassField.optional(),
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
export type ToolLowStock = z.infer<typeof toolLowStockSchema>;

/** How many tools one low-stock-marks request may ask about: more than Manage Tools' page. */
export const LOW_STOCK_MARKS_MAX = 100;
/** GET /api/items/low-stock-marks?ids=a,b,c (admin): the tools on a page of Manage Tools. */
export const lowStockMarksQuerySchema = z.object({
  ids: z
    .string()
    .transform((ids) => ids.split(',').filter((id) => id !== ''))
    .pipe(z.array(z.uuid()).min(1).max(LOW_STOCK_MARKS_MAX)),
});
/** Each known tool's low-stock mark in force: its own, else the store's. Unknown ids are left out. */
export const lowStockMarksSchema = z.array(z.object({ _id: z.string(), threshold: z.number().int() }));
export type LowStockMarks = z.infer<typeof lowStockMarksSchema>;

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
