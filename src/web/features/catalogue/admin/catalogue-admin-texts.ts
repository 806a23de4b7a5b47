/**
 * The words of the back office's catalogue structure (categories, the product form's SKU,
 * specifications, photos and documents). Kept with the admin feature, so only admin chunks carry
 * them; what the server also says lives in src/shared/messages/catalogue.ts.
 */
export const CATEGORY_TEXTS = {
  added: (name: string) => `Category ${name} added`,
  saved: (name: string) => `Category ${name} saved`,
  deleted: (name: string) => `Category ${name} deleted`,
  deletedAndMoved: (name: string, count: number, target: string) =>
    `Category ${name} deleted; ${count === 1 ? 'its tool' : `its ${count} tools`} moved to ${target}`,
  confirmDelete: (name: string) => `Delete the category ${name}?`,
  holdsTools: (count: number) =>
    `It holds ${count === 1 ? '1 tool' : `${count} tools`}. Choose the category ${count === 1 ? 'it moves' : 'they move'} to before it is deleted.`,
  moveToLabel: 'Move its tools to',
  noParent: 'None: a top-level category',
  hasSubcategories: 'It has subcategories, so it stays a top-level category.',
  countsNote: "A top-level category's count includes the tools of its subcategories.",
  empty: 'No categories yet',
} as const;

export const PRODUCT_FORM_TEXTS = {
  skuAddHint: 'Leave empty to number it automatically',
  slugAddHint: 'Leave empty to make it from the name',
  slugEditHint: 'Renaming the tool makes a new address unless you change it here; old addresses keep working',
  chooseCategory: 'Choose a category',
  taxClassHint: 'Reduced rate: the reduced rate set in Tax rates, else the standard one. Tax exempt: no tax.',
  noSpecs: 'No specifications yet.',
  photoLinkLabel: 'Add a photo by its link',
  photoUploadLabel: (mb: number) => `Or upload photos (PNG, JPEG or WebP, at most ${mb} MB each)`,
  photosFull: (max: number) => `A tool can have at most ${max} photos: remove one to add another.`,
  brokenPhoto: 'This link does not open as a picture here.',
} as const;

export const DOCUMENT_TEXTS = {
  uploaded: (name: string) => `${name} added`,
  renamed: (name: string) => `Renamed to ${name}`,
  deleted: (name: string) => `${name} deleted`,
  confirmDelete: (name: string) => `Delete the document ${name}?`,
  fileRequired: 'Choose a PDF file',
  none: 'No documents yet.',
  full: (max: number) => `A tool can have at most ${max} documents: delete one to add another.`,
} as const;

/** A file's size as people read it: 812 KB, 2.4 MB. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
}
