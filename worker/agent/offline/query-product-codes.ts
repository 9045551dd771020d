/**
 * Products named by their code where the rows name them by description: Online Retail's
 * "23084" is RABBIT NIGHT LIGHT. The query's product column holds the descriptions, so
 * "Customers who bought both 23084 and 22086" found no value and got the first product's
 * profile from the analysis, which knows the codes (`AnalysisFacts.productLabelOf`).
 */
import type { SnapshotMeta } from '../../engine/snapshot/columns';
import type { AnalysisFacts } from './query-parsed';
import { escapeRegex } from './query-limits';

type Filter = { dimension: string; values: string[]; match: 'exact' };

/**
 * A token with a digit in it: "23084", "85123a", "p-002483"; not a count or an amount
 * ("bought 3 times", "ordered 2 or more", "bought 1000 units", "bought 50%").
 */
const CODE = String.raw`#?((?=[\w-]*\d)[a-z0-9][\w-]*)(?![\w-])(?!\s*(?:%|percent\b|per cent\b|times\b|or (?:more|fewer|less)\b|(?:units?|items?|pieces?|cases?|bottles?|boxes?|packs?|orders?|products?|days?|weeks?|months?|years?|customers?)\b))`;
/**
 * Where a code stands: after "product", "item", "SKU", "stock code", a figure's "of"
 * ("revenue of 85123A"), or a verb of buying ("bought both 23084 and …", "bought 23084 but not 22086").
 */
const CODES_AFTER = new RegExp(
  String.raw`\b(?:(products?|items?|skus?|stock\s*codes?|codes?|articles?)|(revenue|sales|turnover|profits?|margins?|units|spend)\s+(?:of|for|on|from)|(?:buy|buys|bought|buying|order|orders|ordered|purchase|purchased)(?:\s+(?:both|either))?)\s+${CODE}((?:\s*(?:,|&|\b(?:and|but)\s+(?:not|no|never)\b|\band\b|\bor\b|\bas well as\b)\s*(?:(?:products?|items?|skus?|codes?)\s+)?${CODE})*)`,
  'gi',
);

/**
 * After a figure ("revenue of 85123A"), a code of letters and digits is a product's: one no
 * product has is refused (it was dropped, and the whole file's revenue given). A number alone
 * there may be a customer's or a store's, and is left to them.
 */
const LETTERS_AND_DIGITS = /^(?=.*\d)(?=.*[a-z])/i;

/** A year, a date or a quarter: "products 2021", "products, 2021-01-01 … 2021-12-31". */
const PERIOD_WORD = /^(?:(?:19|20)\d\d|\d{4}-\d{1,2}(?:-\d{1,2})?|q[1-4]|h[12])$/i;

/**
 * The product filter of the codes `question` names (as typed: Online Retail's 85123A and
 * 85123a are two products), each by the description the rows give it; or the code named
 * after "product" (or "item", "SKU") that no product has. Codes after a verb of buying that
 * are no product's are left alone ("bought 1000 units").
 */
export function productCodesOf(
  text: string,
  meta: SnapshotMeta,
  facts: Pick<AnalysisFacts, 'productLabelOf'> | undefined,
): { filter: Filter | null } | { unknown: string } {
  const values: string[] = [];
  for (const { code, label, named } of codesNamed(text, meta, facts)) {
    if (label) {
      if (!values.includes(label)) values.push(label);
    } else if (named) return { unknown: code };
  }
  return { filter: values.length > 0 ? { dimension: 'product', values, match: 'exact' } : null };
}

/**
 * The question with each product code it names that a product has written another way:
 * as the product's description (`'label'`), for what reads where a value is named ("Which UK
 * customers never bought 85123A?" names the product after "never", as it would by its
 * description); or blanked (`'blank'`), for the check that every phrase names a value
 * ("P-002483" is placed as "Fitting 2483mm", not a phrase no value holds).
 */
export function withProductCodesAs(
  as: 'label' | 'blank',
  question: string,
  meta: SnapshotMeta,
  facts: Pick<AnalysisFacts, 'productLabelOf'> | undefined,
): string {
  let rest = question;
  for (const { code, label } of codesNamed(question, meta, facts)) {
    if (label === null) continue;
    const written = as === 'label' ? ` ${label.toLowerCase()} ` : ' ';
    rest = rest.replace(new RegExp(`(?<![\\w-])#?${escapeRegex(code)}(?![\\w-])`, 'i'), written);
  }
  return rest;
}

/** Each code the question names where a code stands, with its product's description (null: none has it), and whether "product" named it. */
function codesNamed(
  text: string,
  meta: SnapshotMeta,
  facts: Pick<AnalysisFacts, 'productLabelOf'> | undefined,
): { code: string; label: string | null; named: boolean }[] {
  if (!facts?.productLabelOf || !meta.dimensions.some((d) => d.key === 'product')) return [];
  const found: { code: string; label: string | null; named: boolean }[] = [];
  for (const m of text.matchAll(CODES_AFTER)) {
    const codes = [m[3], ...[...(m[4] ?? '').matchAll(new RegExp(CODE, 'gi'))].map((c) => c[1])];
    for (const code of codes)
      if (!PERIOD_WORD.test(code))
        found.push({
          code,
          label: productLabelIn(meta, facts, code),
          named: Boolean(m[1]) || (Boolean(m[2]) && LETTERS_AND_DIGITS.test(code)),
        });
  }
  return found;
}

/** The description the rows give the product with this code, when the analysis knows the code and the rows the description. */
export function productLabelIn(meta: SnapshotMeta, facts: Pick<AnalysisFacts, 'productLabelOf'> | undefined, code: string): string | null {
  const label = facts?.productLabelOf?.(code);
  return label && productValuesOf(meta).has(label) ? label : null;
}

/** The product column's values as a set, made once per snapshot: Iowa's rows name about 10,000 items. */
const productValues = new WeakMap<SnapshotMeta, Set<string>>();

function productValuesOf(meta: SnapshotMeta): Set<string> {
  let values = productValues.get(meta);
  if (values === undefined) {
    values = new Set(meta.dimensions.find((d) => d.key === 'product')?.values ?? []);
    productValues.set(meta, values);
  }
  return values;
}
