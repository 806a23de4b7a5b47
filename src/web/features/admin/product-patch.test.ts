import { describe, expect, it } from 'vitest';
import type { Tool } from '../../../shared/schemas/catalogue';
import { productPatch } from './product-patch';

const tool: Tool = {
  _id: 't1',
  name: 'Torque Wrench',
  price: 89.5,
  image: 'https://example.com/wrench.png',
  description: 'A wrench.',
  minQty: 2,
  availableQty: 40,
  slug: 'torque-wrench',
  sku: 'WE-TW-1',
  categoryId: 'c1',
};
const { _id, slug: _slug, sku: _sku, categoryId: _categoryId, ...fields } = tool;

describe('productPatch', () => {
  it('is empty when nothing changed', () => {
    expect(productPatch(tool, { ...fields })).toEqual({});
  });

  it('sends only the changed fields', () => {
    expect(productPatch(tool, { ...fields, name: 'Torque Wrench XL', price: 99 })).toEqual({ name: 'Torque Wrench XL', price: 99 });
  });

  it('sends the stock the admin saw with a stock change', () => {
    expect(productPatch(tool, { ...fields, availableQty: 55 })).toEqual({ availableQty: 55, expectedAvailableQty: 40 });
  });

  it('leaves the stock alone when only the minimum changed', () => {
    expect(productPatch(tool, { ...fields, minQty: 5 })).toEqual({ minQty: 5 });
  });
});
