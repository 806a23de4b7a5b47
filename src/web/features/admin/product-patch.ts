import { z } from 'zod';
import { VALIDATION } from '../../../shared/messages';
import { productFields, sellableOrSoldOut, type ProductPatch } from '../../../shared/schemas/admin';
import type { Tool } from '../../../shared/schemas/catalogue';

/** The fields of a tool an admin edits, in form order. */
export const PRODUCT_FIELD_NAMES = ['name', 'price', 'image', 'description', 'minQty', 'availableQty'] as const;

/**
 * The PATCH body for an edit: only the fields that differ from what the admin started from. A
 * stock change carries the stock the admin saw (`expectedAvailableQty`), so the server refuses it
 * when a sale moved the stock meanwhile instead of silently undoing that sale. Empty when nothing
 * changed.
 */
export function productPatch(seen: Tool, values: ProductPatch): ProductPatch {
  const patch: Record<string, unknown> = {};
  for (const field of PRODUCT_FIELD_NAMES) {
    const value = values[field];
    if (value !== undefined && value !== seen[field]) patch[field] = value;
  }
  if (patch.availableQty !== undefined) patch.expectedAvailableQty = seen.availableQty;
  return patch as ProductPatch;
}

/**
 * The edit dialog's rules: the fields of a tool, which must stay sellable or be plainly sold out
 * (the server's rule for an edited tool: a minimum above the stock is refused unless the stock is
 * 0). The tool's current image is accepted as it is: the demo catalogue's pictures are the store's
 * own files (/images/tools/...), which a new image may not be, and an image left alone is not sent.
 * The PATCH body built from the values is then checked with productPatchSchema before it is sent.
 */
export function productEditFormSchema(currentImage: string) {
  return productFields
    .extend({
      image: z
        .string({ error: VALIDATION.productImageRequired })
        .trim()
        .superRefine((image, ctx) => {
          if (image === currentImage) return;
          const checked = productFields.shape.image.safeParse(image);
          if (!checked.success) ctx.addIssue({ code: 'custom', message: checked.error.issues[0]?.message ?? VALIDATION.productImageInvalid });
        }),
    })
    .refine(sellableOrSoldOut, {
      error: VALIDATION.productMinQtyAboveAvailable,
      path: ['minQty'],
    });
}
