import { z } from 'zod';
import { VALIDATION } from '../../../../shared/messages';
import { CATALOGUE_TEXTS } from '../../../../shared/messages/catalogue';
import {
  isAllowedImage,
  productCreateSchema,
  productFields,
  sellableOrSoldOut,
  type ProductForm,
  type ProductPatch,
} from '../../../../shared/schemas/products';
import type { Tool, ToolDetail } from '../../../../shared/schemas/catalogue';
import { CATALOGUE_LIMITS, categoryIdField, skuField, slugField } from '../../../../shared/schemas/catalogue-structure';

/** The fields of a tool compared one value to one value, in form order. */
const SCALAR_FIELDS = ['name', 'sku', 'slug', 'categoryId', 'price', 'taxClass', 'image', 'description', 'minQty', 'availableQty'] as const;

/** The fields of a tool an admin edits, in form order: where the API's field errors land. */
export const PRODUCT_FIELD_NAMES = [...SCALAR_FIELDS, 'photos', 'specs', 'lowStockThreshold'] as const;

/** A tool as the edit dialog starts from it: the list's fields and the detail's specifications and photos. */
export type EditedTool = Tool & Pick<ToolDetail, 'specs' | 'photos'>;

type ProductFieldPath = (typeof PRODUCT_FIELD_NAMES)[number] | `specs.${number}` | `specs.${number}.${'name' | 'value' | 'unit'}`;

/**
 * The form field an API error names (`errors: [{ field }]`), or null when the form has none: a
 * specification's own input (`specs.3.value`), the photos for one photo or the main image (the
 * photos are one control), the field itself otherwise.
 */
export function productFormField(field: string): ProductFieldPath | null {
  if ((PRODUCT_FIELD_NAMES as readonly string[]).includes(field)) return field === 'image' ? 'photos' : (field as ProductFieldPath);
  if (/^specs\.\d+(\.(name|value|unit))?$/.test(field)) return field as ProductFieldPath;
  if (/^photos\.\d+$/.test(field)) return 'photos';
  return null;
}

/** A specification as compared: a blank unit is none (the API answers none). */
const specKey = (spec: { name: string; value: string; unit?: string | undefined }) => JSON.stringify([spec.name, spec.value, spec.unit ?? '']);

const sameList = <T,>(a: readonly T[], b: readonly T[], key: (item: T) => string) =>
  a.length === b.length && a.every((item, index) => key(item) === key(b[index]!));

/**
 * The PATCH body for an edit: only the fields that differ from what the admin started from. A
 * stock change carries the stock the admin saw (`expectedAvailableQty`), so the server refuses it
 * when a sale moved the stock meanwhile instead of silently undoing that sale. Specifications and
 * photos go whole when any of them changed (the API replaces the list); a new main photo sends
 * `image` with them, which the API requires to be the first photo. Empty when nothing changed.
 */
export function productPatch(seen: EditedTool, values: ProductPatch): ProductPatch {
  const patch: Record<string, unknown> = {};
  for (const field of SCALAR_FIELDS) {
    const value = values[field];
    if (value !== undefined && value !== seen[field]) patch[field] = value;
  }
  if (values.specs !== undefined && !sameList(values.specs, seen.specs, specKey)) patch.specs = values.specs;
  if (values.photos !== undefined && !sameList(values.photos, seen.photos, String)) {
    patch.photos = values.photos;
    // The main photo is the first: the image follows it, and is sent only when it changed.
    const main = values.photos[0];
    if (main !== undefined && main !== seen.image) patch.image = main;
    else delete patch.image;
  }
  if (patch.availableQty !== undefined) patch.expectedAvailableQty = seen.availableQty;
  return patch as ProductPatch;
}

/**
 * A photo the form accepts: an https link or an uploaded photo, or one the tool already has (a
 * tool saved before today's rules may hold a picture a new one may not; left alone, it is not sent).
 */
function photoField(known: readonly string[]) {
  return z
    .string({ error: VALIDATION.productImageInvalid })
    .trim()
    .superRefine((photo, ctx) => {
      if (known.includes(photo)) return;
      if (photo === '') ctx.addIssue({ code: 'custom', message: VALIDATION.productImageRequired });
      else if (photo.length > 2000 || !isAllowedImage(photo)) ctx.addIssue({ code: 'custom', message: VALIDATION.productImageInvalid });
    });
}

function photosField(known: readonly string[]) {
  return z
    .array(photoField(known), { error: CATALOGUE_TEXTS.photosRequired })
    .min(1, { error: CATALOGUE_TEXTS.photosRequired })
    .max(CATALOGUE_LIMITS.photosMax, { error: CATALOGUE_TEXTS.photosTooMany(CATALOGUE_LIMITS.photosMax) })
    .refine((photos) => new Set(photos).size === photos.length, { error: CATALOGUE_TEXTS.photosRepeat });
}

/**
 * A field the API may go without but the form requires: checked as it is (its own message says an
 * absent value is missing), typed as the API's optional field, so every form of a tool keeps the
 * one shape (ProductForm) that the shared fields are built on. (An `.optional()` schema would not
 * do: zod skips an optional key that is absent, whatever its refinements.)
 */
const requiredInForm = <Field extends z.ZodType>(field: Field) => field as unknown as z.ZodOptional<Field>;

/** A blank optional text field is no value (the API makes one: a SKU, an address). */
export const blankAsUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/**
 * Add Product's rules: the API's (productCreateSchema), and a category must be chosen (the API
 * would put the tool into "Uncategorised", which is rarely what the admin meant).
 */
export const productAddFormSchema = productCreateSchema.safeExtend({ categoryId: requiredInForm(categoryIdField) });

/**
 * The edit dialog's rules: the fields of a tool, which must stay sellable or be plainly sold out
 * (the server's rule for an edited tool: a minimum above the stock is refused unless the stock is
 * 0). A tool has a SKU, an address and a category, so they cannot be emptied. The tool's current
 * photos are accepted as they are (see photoField). The PATCH body built from the values is then
 * checked with productPatchSchema before it is sent.
 */
export function productEditFormSchema(current: { image: string; photos: readonly string[] }) {
  const known = [current.image, ...current.photos];
  return productFields
    .extend({
      image: photoField(known),
      photos: requiredInForm(photosField(known)),
      sku: requiredInForm(skuField),
      slug: requiredInForm(slugField),
      categoryId: requiredInForm(categoryIdField),
    })
    .refine(sellableOrSoldOut, {
      error: VALIDATION.productMinQtyAboveAvailable,
      path: ['minQty'],
    });
}

/** The edit form's values for a tool. */
export function toProductForm(tool: EditedTool, lowStockThreshold: number | null): ProductForm {
  return {
    name: tool.name,
    sku: tool.sku,
    slug: tool.slug,
    categoryId: tool.categoryId,
    price: tool.price,
    taxClass: tool.taxClass,
    image: tool.photos[0] ?? tool.image,
    photos: tool.photos.length > 0 ? [...tool.photos] : [tool.image],
    description: tool.description,
    specs: tool.specs.map((spec) => ({ name: spec.name, value: spec.value, unit: spec.unit ?? '' })),
    minQty: tool.minQty,
    availableQty: tool.availableQty,
    lowStockThreshold,
  };
}
