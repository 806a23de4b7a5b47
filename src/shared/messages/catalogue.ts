/**
 * Texts of the catalogue's structure (issue 24): SKUs, addresses, categories, specifications,
 * photos, documents and the catalogue import. Not worded by the specification; kept in its plain
 * style. A module of their own, so the first visit's code does not carry them (decision 013).
 */
export const CATALOGUE_TEXTS = {
  skuRequired: 'SKU is required',
  skuInvalid: 'SKU can hold letters, digits and . _ / - (at most 40 characters, starting with a letter or digit)',
  skuTaken: (sku: string) => `Another tool already has the SKU ${sku}`,
  slugInvalid: 'Address can hold lower-case letters, digits and single hyphens (at most 120 characters)',
  slugTaken: (slug: string) => `The address /tools/${slug} belongs to another tool`,
  categoryRequired: 'Choose a category',
  categoryNameRequired: 'Category name is required',
  categoryNameTooLong: 'Category name can be at most 60 characters',
  categoryNameTaken: (name: string) => `There is already a category called ${name} here`,
  categorySlugTaken: (slug: string) => `The address ${slug} belongs to another category`,
  categoryNotFound: 'Category not found',
  categoryTooDeep: 'Categories go two levels deep: a subcategory must sit under a top-level category',
  categoryHasSubcategories: 'This category has subcategories: move or delete them first',
  categoryLoop: 'A category cannot sit under itself',
  categoryNotEmpty: (count: number) =>
    `This category holds ${count === 1 ? '1 tool' : `${count} tools`}: move them to another category first, or choose one to move them to`,
  categoryMoveToItself: 'Choose another category to move the tools to',
  positionInvalid: 'Position must be a whole number of 0 or more',
  specsTooMany: (max: number) => `A tool can have at most ${max} specifications`,
  specsTooLong: (max: number) => `The specifications can hold at most ${max.toLocaleString('en-US')} characters in all`,
  specNameRequired: 'Specification name is required',
  specNameTooLong: (max: number) => `A specification name can be at most ${max} characters`,
  specValueRequired: 'Specification value is required',
  specValueTooLong: (max: number) => `A specification value can be at most ${max} characters`,
  specUnitTooLong: (max: number) => `A unit can be at most ${max} characters`,
  photosRequired: 'A tool needs at least one photo',
  photosTooMany: (max: number) => `A tool can have at most ${max} photos`,
  photosRepeat: 'The same photo is listed twice',
  imageNotFirstPhoto: 'The image must be the first of the photos (the main one)',
  documentNameRequired: 'Document name is required',
  documentNameTooLong: 'Document name can be at most 80 characters',
  documentNotPdf: 'The file is not a PDF document',
  documentTooLarge: 'A document can be at most 10 MB',
  documentNotFound: 'Document not found',
  documentsTooMany: (max: number) => `A tool can have at most ${max} documents`,
  priceRangeInvalid: 'minPrice cannot be more than maxPrice',
  importNotCsv: 'The catalogue import takes a CSV file (text/csv)',
  importTooLarge: (mb: number) => `The catalogue file can be at most ${mb} MB`,
  importRefused: (problems: number) =>
    `The file was not imported: ${problems === 1 ? '1 problem' : `${problems.toLocaleString('en-US')} problems`} to fix first. Nothing was changed`,
  importTooManyRows: (max: number) => `The file can have at most ${max.toLocaleString('en-US')} rows: split it into several files`,
} as const;

/** Stock as a buyer reads it on a tool's page and card. */
export const STOCK_TEXTS = {
  inStock: 'In stock',
  fewLeft: (left: number) => `Only ${left.toLocaleString('en-US')} left`,
  soldOut: 'Sold out',
} as const;
