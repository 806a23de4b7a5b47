import { describe, expect, it } from 'vitest';
import { CATALOGUE_TEXTS } from '../../../../shared/messages/catalogue';
import { productPatchSchema, type ProductPatch } from '../../../../shared/schemas/products';
import { productAddFormSchema, productEditFormSchema, productFormField, productPatch, toProductForm, type EditedTool } from './product-patch';

const CATEGORY = '0d6b1c52-54c4-4f7e-9a53-2f0b7d4f8a11';
const OTHER_CATEGORY = '7a1e2b3c-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const PHOTO_A = 'https://example.com/wrench.png';
const PHOTO_B = '/api/images/5b0c2b8e-0a1e-4c8e-9a8e-1f2e3d4c5b6a';
const PHOTO_C = 'https://example.com/wrench-side.png';

const tool: EditedTool = {
  _id: 't1',
  name: 'Torque Wrench',
  price: 89.5,
  image: PHOTO_A,
  description: 'A wrench.',
  minQty: 2,
  availableQty: 40,
  slug: 'torque-wrench',
  sku: 'WE-TW-1',
  categoryId: CATEGORY,
  taxClass: 'standard',
  specs: [
    { name: 'Torque', value: '20-100', unit: 'Nm' },
    { name: 'Drive', value: '1/2 inch' },
  ],
  photos: [PHOTO_A, PHOTO_B, PHOTO_C],
};

/** What the edit form hands over when the admin changed nothing: its own values, checked by its schema. */
function untouched(): ProductPatch {
  const checked = productEditFormSchema(tool).safeParse(toProductForm(tool, null));
  if (!checked.success) throw new Error(JSON.stringify(checked.error.issues));
  return checked.data;
}

describe('productPatch', () => {
  it('is empty when nothing changed, a blank unit being no unit', () => {
    expect(untouched().specs).toEqual([
      { name: 'Torque', value: '20-100', unit: 'Nm' },
      { name: 'Drive', value: '1/2 inch', unit: undefined },
    ]);
    expect(productPatch(tool, untouched())).toEqual({});
  });

  it('sends only the changed fields', () => {
    expect(productPatch(tool, { ...untouched(), name: 'Torque Wrench XL', price: 99 })).toEqual({ name: 'Torque Wrench XL', price: 99 });
  });

  it('sends the stock the admin saw with a stock change', () => {
    expect(productPatch(tool, { ...untouched(), availableQty: 55 })).toEqual({ availableQty: 55, expectedAvailableQty: 40 });
  });

  it('leaves the stock alone when only the minimum changed', () => {
    expect(productPatch(tool, { ...untouched(), minQty: 5 })).toEqual({ minQty: 5 });
  });

  it('sends a new SKU, address or category alone', () => {
    expect(productPatch(tool, { ...untouched(), sku: 'WE-TW-2' })).toEqual({ sku: 'WE-TW-2' });
    expect(productPatch(tool, { ...untouched(), slug: 'torque-wrench-xl' })).toEqual({ slug: 'torque-wrench-xl' });
    expect(productPatch(tool, { ...untouched(), categoryId: OTHER_CATEGORY })).toEqual({ categoryId: OTHER_CATEGORY });
  });

  it('sends a new tax class alone', () => {
    expect(untouched().taxClass).toBe('standard');
    expect(productPatch(tool, { ...untouched(), taxClass: 'reduced' })).toEqual({ taxClass: 'reduced' });
  });

  it('sends the whole specifications list when one changed, was added, removed or moved', () => {
    const torque = { name: 'Torque', value: '20-100', unit: 'Nm' };
    const drive = { name: 'Drive', value: '1/2 inch', unit: undefined };
    const edited = [{ ...torque, value: '40-200' }, drive];
    expect(productPatch(tool, { ...untouched(), specs: edited })).toEqual({ specs: edited });
    expect(productPatch(tool, { ...untouched(), specs: [drive, torque] })).toEqual({ specs: [drive, torque] });
    expect(productPatch(tool, { ...untouched(), specs: [torque] })).toEqual({ specs: [torque] });
    expect(productPatch(tool, { ...untouched(), specs: [] })).toEqual({ specs: [] });
  });

  it('sends the photos without the image when the main photo stays', () => {
    expect(productPatch(tool, { ...untouched(), photos: [PHOTO_A, PHOTO_C, PHOTO_B] })).toEqual({ photos: [PHOTO_A, PHOTO_C, PHOTO_B] });
    expect(productPatch(tool, { ...untouched(), photos: [PHOTO_A, PHOTO_C] })).toEqual({ photos: [PHOTO_A, PHOTO_C] });
  });

  it('sends a new main photo as the image with the photos, as the API requires', () => {
    const patch = productPatch(tool, { ...untouched(), image: PHOTO_B, photos: [PHOTO_B, PHOTO_A, PHOTO_C] });
    expect(patch).toEqual({ image: PHOTO_B, photos: [PHOTO_B, PHOTO_A, PHOTO_C] });
    expect(productPatchSchema.safeParse(patch).success).toBe(true);
  });

  it('takes the image from the first photo whatever the form held', () => {
    expect(productPatch(tool, { ...untouched(), image: PHOTO_A, photos: [PHOTO_C, PHOTO_A] })).toEqual({ image: PHOTO_C, photos: [PHOTO_C, PHOTO_A] });
  });
});

describe('the product forms', () => {
  it('ask for a category when adding, and make the SKU and address when left empty', () => {
    const values = { name: 'Bench Vise', price: 20, image: PHOTO_A, photos: [PHOTO_A], description: 'Holds.', minQty: 1, availableQty: 3, specs: [] };
    const refused = productAddFormSchema.safeParse(values);
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['categoryId', CATALOGUE_TEXTS.categoryRequired]]);
    expect(productAddFormSchema.safeParse({ ...values, categoryId: CATEGORY }).success).toBe(true);
  });

  it('keep a SKU, an address, a category and a photo when editing', () => {
    const issues = productEditFormSchema(tool).safeParse({ ...toProductForm(tool, null), sku: undefined, slug: undefined, categoryId: undefined, photos: [] }).error?.issues;
    expect(issues?.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['sku', CATALOGUE_TEXTS.skuRequired],
      ['slug', CATALOGUE_TEXTS.slugInvalid],
      ['categoryId', CATALOGUE_TEXTS.categoryRequired],
      ['photos', CATALOGUE_TEXTS.photosRequired],
    ]);
  });

  it("accept the tool's own photos as they are, and only allowed ones besides", () => {
    const legacy: EditedTool = { ...tool, image: 'http://old.example.com/a.png', photos: ['http://old.example.com/a.png'] };
    const schema = productEditFormSchema(legacy);
    expect(schema.safeParse(toProductForm(legacy, null)).success).toBe(true);
    const added = { ...toProductForm(legacy, null), photos: ['http://old.example.com/a.png', 'http://old.example.com/b.png'] };
    expect(schema.safeParse(added).error?.issues.map((issue) => issue.path.join('.'))).toEqual(['photos.1']);
  });
});

describe('productFormField', () => {
  it('puts an API field error on the input it belongs to', () => {
    expect(productFormField('sku')).toBe('sku');
    expect(productFormField('specs.3.value')).toBe('specs.3.value');
    expect(productFormField('specs')).toBe('specs');
    expect(productFormField('photos.2')).toBe('photos');
    expect(productFormField('image')).toBe('photos');
    expect(productFormField('expectedAvailableQty')).toBeNull();
    expect(productFormField('specs.x.value')).toBeNull();
  });
});
