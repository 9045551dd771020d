/**
 * "Average orders per customer", "average number of customers per rep", "How many customers
 * does a rep have on average?": a figure of each value of a column, averaged over the values
 * (`averageOver`). Before, the first was refused and the last counted every customer (1,610
 * on the B2B file, where a rep has 64.4). The question is read without the averaging words,
 * then averaged over the column its noun names.
 */
import { AVERAGED_OVER, type Measure } from '../../engine/query/spec';
import type { SnapshotMeta } from '../../engine/snapshot/columns';
import { pluralNoun } from '../../engine/render/format';
import type { Parsed } from './query-parsed';
import { dimensionOfNoun } from './query-values';
import { DIMENSION_WORDS, headerNoun, isTimeUnit, PER_CUSTOMER, PER_ORDER, singular } from './query-vocabulary';

/** The words of an average before its figure: "the average", "avg", "mean", "typical". */
const AVERAGE_WORD = /(?<!\bon (?:an )?)\b(?:(?:the|an|our) )?(?:average|avg|mean|typical)\b/;

/**
 * Words that make the average something else: a bound ("reps who beat the average"), a
 * comparison with it ("revenue per rep vs average"), or an average per unit of time
 * ("average monthly revenue per rep" is each rep's monthly average, `per`).
 */
const NOT_AN_AVERAGE_OVER =
  /\b(?:which|who|whose|beat|beats|above|below|than|monthly|weekly|quarterly|yearly|annual|annually|daily)\b|\b(?:vs\.?|versus|compared (?:to|with)|against|and) (?:the )?(?:company |overall )?average\b|\b(?:a|per|each) (?:day|week|month|quarter|year)\b/;

/** "Per customer", "per each sales rep", "per state": what the figure is averaged over (group 1, one or two words). */
const PER_NOUN = /\bper (?:each |every |a |an |one |single )?([a-z][a-z-]*(?: [a-z][a-z-]*)?)/;

/**
 * "How many customers does a rep have (on average)", "how many orders does the average
 * customer place", "how many orders do customers in Texas place": group 1 the figure's words,
 * group 2 the noun, group 3 a place of theirs; "on average" or an average word must be there too.
 */
const HOW_MANY_DOES_ONE =
  /\bhow (?:many|much) ((?:[a-z-]+ ){0,3}?)(?:does|do|did|would|will|should) (?:(?:a|an|each|every|one|the) )?(?:(?:average|typical|single) )?([a-z][a-z-]*(?: [a-z][a-z-]*)?)( (?:in|from|at|of|with) [\w'&.-]+(?: [\w'&.-]+){0,2}?)? (?:have|has|get|gets|place|places|make|makes|buy|buys|order|orders|purchase|purchases|sell|sells|handle|handles|serve|serves|manage|manages|look after|cover|covers|account for|bring in|generate)\b/;

const ON_AVERAGE = /\bon (?:an )?average\b|\b(?:typically|usually)\b/;

/** Nouns an average is per that are no column: a time unit is `per`'s, an order is the average order value's. */
const NOT_A_COLUMN =
  /^(?:orders?|invoices?|transactions?|purchases?|baskets?|lines?|rows?|units?|bottles?|pieces?|cases?|packs?|visits?|days?|weeks?|months?|quarters?|years?|day|head|capita|person|people)$/;

/** A word that ends a noun: "per product in Safety" is per product. */
const FUNCTION_WORD =
  /^(?:in|for|of|by|on|at|with|and|or|from|during|over|across|last|this|since|between|per|who|that|which|the|a|an|to|vs|versus|than|is|was|are|were|has|have|had|average|avg|mean|typical)$/;

/** What an averaged figure is over, and the question without the words that say so. */
export interface AverageOver {
  rest: string;
  /** The column's key or header, as `averageOver` takes it; null when the file has none for the noun. */
  dimension: string | null;
  noun: string;
}

/** The average over a column a question asks for, or null when it asks none. */
export function averageOverOf(question: string, meta: SnapshotMeta): AverageOver | null {
  const text = question.toLowerCase();
  // "Average revenue per customer" and "revenue per order" have figures of their own.
  if (PER_CUSTOMER.test(text) || PER_ORDER.test(text) || NOT_AN_AVERAGE_OVER.test(text)) return null;
  const onAverage = ON_AVERAGE.exec(text);
  const how = HOW_MANY_DOES_ONE.exec(text);
  if (how && (onAverage || /\b(?:average|typical)\b/.test(how[0]))) {
    const column = columnOfNoun(how[2], meta);
    if (!column) return null;
    // "How many customers does a rep have on average?" is "how many customers", averaged over
    // reps, and "how many orders do customers in Texas place" keeps Texas; "how much does a rep
    // sell" is revenue.
    const figure = how[1].trim() || (/^how much/.test(how[0]) ? 'revenue' : '');
    if (!figure) return null;
    const rest = `${question.slice(0, how.index)}${/^how much/.test(how[0]) ? '' : 'how many '}${figure}${how[3] ?? ''}${question.slice(how.index + how[0].length)}`;
    return { rest: without(rest, ON_AVERAGE), ...column };
  }
  const average = AVERAGE_WORD.exec(text);
  const per = PER_NOUN.exec(text);
  if (!per || !(average || onAverage)) return null;
  const column = columnOfNoun(per[1], meta);
  if (!column) return null;
  const perEnd = per.index + per[0].indexOf(column.noun, 4) + column.noun.length;
  const spans = [...(average ? [[average.index, average.index + average[0].length]] : []), [per.index, perEnd]].sort((x, y) => x[0] - y[0]);
  const rest = spans.reduceRight((left, [from, to]) => `${left.slice(0, from)} ${left.slice(to)}`, question);
  return { rest: without(rest, ON_AVERAGE), ...column };
}

/** The question (as typed) without the words `re` matches, its spaces tidied. */
function without(question: string, re: RegExp): string {
  const m = re.exec(question.toLowerCase());
  const rest = m ? `${question.slice(0, m.index)} ${question.slice(m.index + m[0].length)}` : question;
  return rest
    .replace(/\s+/g, ' ')
    .replace(/\s+([?.,!])/g, '$1')
    .replace(/^[\s,]+/, '')
    .trim();
}

/**
 * The column a noun names ("rep", "sales reps", "state", Iowa's "store"), the longest words
 * first; for a known role the file has no column of ("rep" on Superstore), the noun with no
 * column; null for a noun that names no column (a time unit, an order, a word of a name).
 */
function columnOfNoun(words: string, meta: SnapshotMeta): { dimension: string | null; noun: string } | null {
  const keyOf = (noun: string) => dimensionOfNoun(noun, meta) ?? meta.dimensions.find((d) => headerNoun(d) === singular(noun))?.key ?? null;
  const [first, second] = words.split(' ');
  // "Sales rep" and "product category" are one noun; "rep average" and "state in 2024" end at the first.
  const twoWords = second !== undefined && !FUNCTION_WORD.test(second) && (keyOf(first) === null || keyOf(second) !== null);
  // "Per product line": a second word that names no column is no noun this reads.
  if (second !== undefined && !FUNCTION_WORD.test(second) && !twoWords) return null;
  for (const noun of twoWords ? [words, first] : [first]) {
    if (NOT_A_COLUMN.test(noun)) return null;
    // The last word is the noun's head: a product category is a category.
    const key = twoWords && noun === words ? (keyOf(second) ?? keyOf(words)) : keyOf(noun);
    if (key && !isTimeUnit(key)) return { dimension: key.startsWith('column:') ? key.slice('column:'.length) : key, noun };
    const role = DIMENSION_WORDS.find(([re, dim]) => re.test(noun) && !isTimeUnit(dim));
    if (role) return { dimension: null, noun };
  }
  return null;
}

/**
 * Reads the question without its averaging words, and averages its figures over the column:
 * refused when the file has no such column, or the figures are no sums or counts.
 */
export function readAveragedOver(over: AverageOver, read: (question: string) => Parsed): Parsed | null {
  if (over.dimension === null)
    return { kind: 'refused', reason: `This file has no ${singular(over.noun)} column, so I can't average over ${pluralOf(over.noun)}.` };
  // "Average customers per rep": "customers" alone is no question, their number is.
  const first = read(over.rest);
  const parsed = first.kind !== 'spec' ? read(`number of ${over.rest.replace(/^(?:what is |what's )?(?:the )?/i, '')}`) : first;
  if (parsed.kind !== 'spec') return null;
  const { spec } = parsed;
  const measures = spec.measures as Measure[];
  // "Average order value per customer", "average margin per region": a ratio of each, read as before.
  if (!measures.every((m) => AVERAGED_OVER.has(m))) return null;
  if (
    spec.per ||
    spec.changeFrom ||
    spec.having ||
    spec.notBoughtIn ||
    spec.alsoBoughtIn ||
    spec.neverBought ||
    spec.boughtAll ||
    spec.boughtEvery
  )
    return {
      kind: 'refused',
      reason: `I can average a figure over ${pluralOf(over.noun)}, such as “average orders per ${singular(over.noun)}”, on its own or by one column or time unit; not with a second average, a change or a list.`,
    };
  const groupBy = spec.groupBy ?? [];
  if (groupBy.length > 1)
    return { kind: 'refused', reason: `I can average over ${pluralOf(over.noun)} by one column or time unit at a time.` };
  // "Average customers per rep" is no ranking of reps: a grouping by the column averaged over is dropped.
  const outer = groupBy.filter((g) => g.toLowerCase() !== over.dimension?.toLowerCase());
  const ranked = outer.length === groupBy.length ? {} : { limit: undefined, sort: undefined };
  return { ...parsed, spec: { ...spec, ...ranked, groupBy: outer, averageOver: over.dimension } };
}

function pluralOf(noun: string): string {
  return pluralNoun(singular(noun));
}
