/**
 * The sub-category column, when a file has one beside its category (Superstore's
 * `Category` + `Sub-Category`). It is not a role: nothing but cross-sell's fallback reads
 * it, and `--map category=…` still decides the category. Cross-sell tries sub-category
 * rules before category rules because they are finer (17 groups against 3 in Superstore).
 */
import { compactHeader } from './headers';
import type { TablePlan } from './infer';

const SUB_CATEGORY_HEADERS: ReadonlySet<string> = new Set([
  'subcategory',
  'subcategoryname',
  'productsubcategory',
  'itemsubcategory',
  'subgroup',
  'productsubgroup',
  'unterkategorie',
  'untergruppe',
  'souscategorie',
  'subcategoria',
  'subcategorie',
]);

/** Index of an unassigned column named like a sub-category, or -1 (also when no column is the category). */
export function subCategoryColumnOf(plan: TablePlan): number {
  if (plan.roles.category === undefined) return -1;
  const column = plan.columns.find((c) => c.role === null && c.type === 'string' && SUB_CATEGORY_HEADERS.has(compactHeader(c.name)));
  return column ? column.index : -1;
}
