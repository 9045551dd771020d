/**
 * The whole a share is of: all of a figure, or one value's ("What share of revenue in Germany
 * comes from Acme?", "What share of Technology profit comes from the West?"), read from the
 * question's words into the spec's `shareWithin`. The part is read by the grammar as any filter.
 */
import type { SnapshotMeta } from '../../engine/snapshot/columns';
import type { AnalysisFacts } from './query-parsed';
import { valuesNamed } from './query-values';
import { singular } from './query-vocabulary';

/** The words of the figure a share is of: revenue, or gross profit. */
const SHARE_FIGURE = { revenue: String.raw`(?:revenue|sales|turnover)`, profit: String.raw`(?:gross )?(?:profits?|earnings)` } as const;
export type ShareFigure = keyof typeof SHARE_FIGURE;
const SHARE_WORD = String.raw`(?:\b(?:share|percent(?:age)?|proportion|fraction)|%)`;

/**
 * "Share of revenue in the West comes from …", "share of revenue in Texas from Furniture" (it was
 * of all revenue, 2.6% for Texas' 35.6%): the whole is one value's figure, named before the verb
 * or the part's "from".
 */
const shareOfAWhole = (figure: ShareFigure) =>
  new RegExp(
    String.raw`${SHARE_WORD} of (?:(?:the|our|all|total) )*${SHARE_FIGURE[figure]} (?:in|from|of|for|at|by) (.+?) (?:comes?|came|is|are|was|were|goes|went|from)\b`,
  );
/**
 * "Diageo's share of revenue in Council Bluffs" was Council Bluffs' share of all revenue (11.8%;
 * Diageo is 19.9% of Council Bluffs'): the part named before the share, the whole last, after "in".
 */
const partShareOfAWhole = (figure: ShareFigure) =>
  new RegExp(
    String.raw`\b(?!(?:what|which|the|our|a|an|its|their)\b)[\p{L}\d&.-]+(?:'s|’s|')? ${SHARE_WORD} of (?:(?:the|our|all|total) )*${SHARE_FIGURE[figure]} (?:in|for|at) (.+?)[?.!]*$`,
    'u',
  );
/**
 * "What percentage of Technology revenue comes from Phones?" was told only shares of revenue
 * can be worked out, which it asked for: the whole is one value's revenue, named before it.
 */
export const shareOfNamed = (figure: ShareFigure) =>
  new RegExp(
    String.raw`${SHARE_WORD} of (?!(?:the|our|all|total|my)\s+${SHARE_FIGURE[figure]}\b)(?:the |our |all )?[\p{L}\d&'. -]{1,60}?(?:'s|’s)? ${SHARE_FIGURE[figure]}\b`,
    'u',
  );
export const SHARE_OF_NAMED_REVENUE = shareOfNamed('revenue');
/** Why a share of one value's figure, or of what is left when values are taken out, is not read. */
export function shareOfOneValue(figure: ShareFigure): string {
  const words = figure === 'profit' ? 'gross profit' : 'revenue';
  return `I can work out a share of all ${words}, a period’s, or one value’s (“What share of ${words} in the West comes from Chairs?”), with the part named as another value or grouping, not of a value’s own ${words} or of what is left when values are taken out yet.`;
}
/** "Revenue share of each segment within the West", "… within the Corporate segment in 2021": the whole after "within". */
const WITHIN_A_VALUE = /\bwithin (?:the )?(.+?)(?= (?:in|for|during|over|by|from|since) |[?.!]*$)/;

/**
 * The dimensions of the values a share is taken within: "in Germany" in "What share of revenue
 * in Germany comes from Acme?", "Technology" in "What share of Technology sales is in the
 * West?", both in "What share of Furniture sales in the West is Chairs?", "the West" in
 * "Revenue share of each segment within the West"; null when the whole is all of the figure.
 * A share of gross profit is read the same way ("What share of profit in California comes from
 * Technology?" was of all profit, 10.3%, where California's is 38.6%). Each phrase is looked up as
 * typed ("Acme Supply", not "acme supply").
 */
export function wholeOfShare(
  question: string,
  text: string,
  meta: SnapshotMeta,
  facts: AnalysisFacts | undefined,
  figure: ShareFigure,
): string[] | null {
  // Each phrase looked up as typed, read where it stood.
  function valuesOf(phrase: string, read: (typed: string) => string): string[] {
    const at = question.toLowerCase().indexOf(phrase);
    const named = valuesNamed(read(at >= 0 ? question.slice(at, at + phrase.length) : phrase), meta, facts);
    return 'refused' in named ? [] : named.filters.map((f) => f.dimension);
  }
  const both = shareWithin(figure).exec(text);
  // "The share of Technology in 2021 sales": Technology is the part, the whole is after "in".
  const before = (
    both?.[1] ??
    shareOfNamed(figure)
      .exec(text)?.[0]
      .replace(/^.*? of (?:the |our |all )?/, '')
      .replace(new RegExp(String.raw`(?:'s|’s)? ${SHARE_FIGURE[figure]}$`), '') ??
    ''
  )
    .replace(/^.*\bin /, '')
    .trim();
  // Each read where it stood: "UK" before a figure ("UK revenue"), "the UK" after "in".
  const phrases = [
    { phrase: before, read: (typed: string) => `${typed} revenue` },
    { phrase: both?.[2] ?? shareOfAWhole(figure).exec(text)?.[1] ?? '', read: (typed: string) => `in ${typed}` },
    { phrase: WITHIN_A_VALUE.exec(text)?.[1] ?? '', read: (typed: string) => `in ${typed}` },
    { phrase: partShareOfAWhole(figure).exec(text)?.[1] ?? '', read: (typed: string) => `in ${typed}` },
    {
      phrase: wholeAfterPart(figure, text, (phrase) => valuesOf(phrase, (typed) => `from ${typed}`).length > 0),
      read: (typed: string) => `in ${typed}`,
    },
  ].filter(({ phrase }) => /\p{L}/u.test(phrase));
  const dimensions = phrases.flatMap(({ phrase, read }) => valuesOf(phrase, read));
  return dimensions.length > 0 ? dimensions : null;
}

/**
 * "Share of sales from Diageo Americas in Des Moines" was of the whole state's sales (0.7%, where
 * Des Moines' is 20.2%): with the part named after "from", a value after "in" is the whole.
 * Not "share of revenue from customers in Texas", whose part names no value.
 */
function wholeAfterPart(figure: ShareFigure, text: string, namesValue: (phrase: string) => boolean): string {
  const m = new RegExp(
    // Not after "total", "all" or "our": "percentage of total revenue comes from Phones in California" is of all.
    String.raw`${SHARE_WORD} of (?:the )?${SHARE_FIGURE[figure]} (?:comes? |came )?from (.+?) in (?:the )?(.+?)(?= (?:in|during|for|over|since) |[?.!]*$)`,
  ).exec(text);
  return m && namesValue(m[1]) ? m[2] : '';
}
/** "Share of Furniture sales in the West is …": what the figure is of, before it and after it. */
const shareWithin = (figure: ShareFigure) =>
  new RegExp(
    String.raw`${SHARE_WORD} of (?:(?:the|our|all|total) )*(.*?)(?:'s|’s)? ?\b${SHARE_FIGURE[figure]}\b(?: (?:in|from|of|for|at|within) (.+?))? (?:comes?|came|is|are|was|were|goes|went)\b`,
    'u',
  );
/** "Share of profit", "% of our gross profit": a share of all gross profit, the whole named as no value's. */
export const SHARE_OF_PROFIT_ALL = new RegExp(
  String.raw`${SHARE_WORD} of (?:(?:the|our|all|total|my|(?:19|20)\d\d|q[1-4]|(?:this|last) year'?s) )*${SHARE_FIGURE.profit}\b`,
);

/**
 * "Technology share of revenue by region" gave Technology's West revenue over all revenue
 * (11.0%, where it is 34.7% of the West's), "what % of customers are corporate in each region"
 * of all 793 customers (25.7%, where the West's are 204 of 686): with the part named before
 * the share, or the grouping named "in each", each value grouped by is a whole. Not "share of
 * revenue by customer in Texas", whose place is where the customers are, not the part.
 * `parts` are the filters that are no whole already; the column returned is one of `groupBy`.
 */
export function groupOfEachWhole(
  text: string,
  groupBy: readonly string[],
  parts: readonly { dimension: string; values: string[] }[],
  isTime: (group: string) => boolean,
): string | null {
  // Only a column that crosses the part, one of where the customers are, what kind they are,
  // or what they buy, with the part of another: "which Technology products have the highest
  // share" and "technology share by sub-category" made every row 100% (each lies within the
  // part), and "West share by state" would too. Customers and products are what is listed.
  const columns = groupBy.filter((g) => !isTime(g) && g !== 'customer' && g !== 'product' && sideOf(g) !== null);
  if (parts.some((f) => sideOf(f.dimension) === null || columns.some((g) => sideOf(g) === sideOf(f.dimension)))) return null;
  const each = EACH_GROUP.exec(text);
  const eachColumn = each ? columns.find((g) => sameWord(g, each[1])) : undefined;
  // "What % of customers are corporate in each region": the part named before "in each";
  // "revenue share of each category in the West" lists the categories of the West's revenue.
  const partBeforeEach = each && parts.some((f) => f.values.some((v) => text.slice(0, each.index).toLowerCase().includes(v.toLowerCase())));
  if (eachColumn && (partBeforeEach || (parts.length === 0 && groupBy.length === 2))) return eachColumn;
  if (!SHARE_WORD_AT.test(text) || columns.length !== 1 || parts.length === 0) return null;
  // The part named before the column grouped by: "Sean Miller's share of revenue by category",
  // "what share of revenue comes from Technology by region"; not "by customer in Texas".
  const column = new RegExp(String.raw`\b${columnWords(columns[0])}\b`).exec(text.toLowerCase());
  if (!column) return null;
  const before = text.slice(0, column.index).toLowerCase();
  const partBefore = parts.some((f) => f.dimension !== columns[0] && f.values.some((v) => before.includes(v.toLowerCase())));
  return partBefore ? columns[0] : null;
}

/** A column's name, singular or plural, as a pattern: "regions?", "sub-categor(?:y|ies)". */
function columnWords(column: string): string {
  const word = columnName(column).replace(/[^a-z -]/g, '');
  return word.endsWith('y') ? `${word.slice(0, -1)}(?:y|ies)` : `${word}s?`;
}

/**
 * Which side of a sale a column is on: where the customer is (places nest in one another),
 * who or what kind they are, or what they bought (categories nest in one another); null for
 * a column of neither, whose crossing can't be told.
 */
function sideOf(column: string): 'place' | 'customer' | 'goods' | null {
  if (PLACE.test(column)) return 'place';
  if (CUSTOMER_KIND.test(column)) return 'customer';
  return GOODS.test(column) ? 'goods' : null;
}
const PLACE =
  /^(?:region|column:.*\b(?:regions?|states?|provinces?|countr(?:y|ies)|cit(?:y|ies)|county|counties|territor(?:y|ies)|zip|postal))$/i;
const CUSTOMER_KIND = /^(?:customer|salesRep|column:.*\b(?:segments?|channels?|markets?|reps?|customer types?))$/i;
const GOODS =
  /^(?:product|category|supplier|column:.*\b(?:categor(?:y|ies)|sub-categor(?:y|ies)|brands?|items?|skus?|products?|class(?:es)?|famil(?:y|ies)|lines?|vendors?|suppliers?))$/i;

/** "in each region", "across every segment" ("for each", "of each" list the rows instead). */
const EACH_GROUP = /\b(?:in|within|across) (?:each|every) ([a-z][a-z-]*)\b/;
/** A share's own word. */
const SHARE_WORD_AT = new RegExp(SHARE_WORD);

/** "region" and "regions", "Segment" and "segment", "sub-categories" and "Sub-Category". */
function sameWord(column: string, word: string): boolean {
  return singular(columnName(column)) === singular(word.toLowerCase());
}

/** A grouping as its words: "column:Sub-Category" is "sub-category". */
function columnName(column: string): string {
  return column.replace(/^column:/, '').toLowerCase();
}
