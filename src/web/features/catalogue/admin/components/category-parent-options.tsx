import type { Category } from '../../../../../shared/schemas/catalogue';
import { CATEGORY_TEXTS } from '../catalogue-admin-texts';
import { topLevelCategories } from '../category-tree';

/**
 * The parents a category may have, as a select's options: none (top level), or a top-level
 * category other than itself (categories go two levels deep).
 */
export function CategoryParentOptions({ categories, self }: { categories: readonly Category[]; self?: string }) {
  return (
    <>
      <option value="">{CATEGORY_TEXTS.noParent}</option>
      {topLevelCategories(categories)
        .filter((category) => category._id !== self)
        .map((category) => (
          <option key={category._id} value={category._id}>
            {category.name}
          </option>
        ))}
    </>
  );
}
