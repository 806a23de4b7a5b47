import type { Category } from '../../../../shared/schemas/catalogue';

/**
 * The categories as the back office shows them: two levels, each top-level category followed by
 * its subcategories, in their order. The API lists them that way already; this puts a list that
 * came in any order back into it, so the pages never depend on it.
 */
export interface CategoryNode extends Category {
  /** 0 for a top-level category, 1 for a subcategory. */
  depth: 0 | 1;
  /** Its parent's name (subcategories only). */
  parentName: string | null;
  /** Its subcategories (top-level only; none for a subcategory). */
  children: Category[];
  /** Its place among its siblings (0 is first), and how many siblings there are with it. */
  index: number;
  siblings: number;
}

const byPosition = (a: Category, b: Category) => a.position - b.position || a.name.localeCompare(b.name);

export function categoryTree(categories: readonly Category[]): CategoryNode[] {
  const tops = categories.filter((category) => category.parentId === null).sort(byPosition);
  const nodes: CategoryNode[] = [];
  tops.forEach((top, index) => {
    const children = categories.filter((category) => category.parentId === top._id).sort(byPosition);
    nodes.push({ ...top, depth: 0, parentName: null, children, index, siblings: tops.length });
    children.forEach((child, childIndex) =>
      nodes.push({ ...child, depth: 1, parentName: top.name, children: [], index: childIndex, siblings: children.length }),
    );
  });
  return nodes;
}

/** The top-level categories, in order: the parents a category may have. */
export const topLevelCategories = (categories: readonly Category[]) =>
  categories.filter((category) => category.parentId === null).sort(byPosition);

/**
 * A category's name as a select lists it: subcategories indented under their parent (no-break
 * spaces, which a select keeps).
 */
export const optionLabel = (node: Pick<CategoryNode, 'name' | 'depth'>) => (node.depth === 1 ? `\u00a0\u00a0\u00a0\u00a0${node.name}` : node.name);
