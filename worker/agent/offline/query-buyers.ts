/**
 * Figures of the customers who bought something, all they bought (`buyersOf`): "Total revenue
 * of customers who bought Tables" got their Tables revenue, customer by customer; "How much do
 * Chairs buyers spend on Tables?" the revenue of Chairs and Tables together; "What else do
 * customers who buy Chairs buy?" their Chairs revenue. The clause naming the buyers is taken
 * out, the rest read as a question of its own, and the buyers kept as `buyersOf`.
 *
 * Only where the question asks a figure of those customers: "revenue of/from customers who
 * bought X", "customers who bought X spend …", "X buyers spend … on Y", "what else do they
 * buy". "Which customers bought Chairs?" and "Top customers who bought Chairs" still list
 * them by what they bought of it.
 */
import type { QuerySpecInput } from '../../engine/query';
import { MAX_ROWS, NOT_WITH_BUYERS_OF } from '../../engine/query/spec';
import type { SnapshotMeta } from '../../engine/snapshot/columns';
import { isoDay } from '../../engine/aggregate/types';
import { CUSTOMERS_PLURAL } from './customer-words';
import { rankedCountOf } from './query-ranking';
import { periodsOf, withoutNamedYears } from './query-periods';
import { asWritten, dimensionOfNoun, valuesNamed } from './query-values';
import { escapeRegex } from './query-limits';
import { singular } from './query-vocabulary';
import { ANY_DAY, NARROWED_LISTS_ONLY, WHOLE_FILE_RESULTS, type AnalysisFacts, type Parsed } from './query-parsed';
import { BUY_VERBS, TURN_TO_NOT_BOUGHT } from './purchase-words';

type NamedFilter = NonNullable<QuerySpecInput['filters']>[number];

const BUY = `${BUY_VERBS}|buying`;

/** Where the thing bought ends: a period, a place, the next verb, a clause. */
const OBJECT_END = String.raw`(?=\s+(?:in|at|during|for|since|between|over|last|this|so far|by|per|each|every|vs|versus|compared|against|grouped|broken|split|before|after|until|spend|spent|spends|spending|pay|paid|generate|generated|bring|brought|contribute|contributed|place|placed|make|made|buy|bought|also|and|but|or|are|is|were|was|have|has|had|do|did|does)\b|[?;!,.]|$)`;

/** "customers who bought Chairs", "the clients that buy from Supplier 13", "people who ordered …". */
const BUYERS_WHO = new RegExp(
  String.raw`\b(?:the |our |all |any |those )?(?:${CUSTOMERS_PLURAL}|people|stores|shops|those)\s+(?:who|that)\s+(?:have |had |did |do |does )?(?:ever |also )?(?:${BUY})\s+(?:from\s+)?(.+?)${OBJECT_END}`,
  'i',
);

/** "buyers of Chairs", "the purchasers of Tables". */
const BUYERS_OF = new RegExp(String.raw`\b(?:the |our |all )?(?:buyers|purchasers)\s+of\s+(.+?)${OBJECT_END}`, 'i');

/** The buyers as those a figure is of: "revenue of …", "how much came from …", "which of …". */
const FIGURE_OF_BEFORE = /\b(?:of|from|by|among|for|with|to)\s*$/i;

/** "Which of", "how many of", "top 5 of" the buyers: they are listed or counted, so the rest keeps "customers". */
const LISTS_THEM =
  /\b(?:which|who|how many|what share|what percentage|what percent|what %|top \d+|bottom \d+|most|all|any|none|each|by)\s+(?:of\s*)?(?:the\s+|our\s+)?$/i;

/** The buyers as those who spend: "… spend on Tables", "… spent in total", "… generate". */
const SPEND_AFTER =
  /^\s*(?:spend|spent|spends|spending|pay|paid|generate|generated|bring in|brought in|contribute|contributed|place|placed|make|made)\b/i;

/** "Top 5 customers who bought Chairs by total revenue": ranked by all they bought. */
const BY_ALL_THEY_BOUGHT = /^\s*,?\s*(?:ranked |sorted |ordered )?by (?:their )?(?:total|overall|whole|entire|all(?: their)?)\b/i;

/** "What else do they buy?", "What other products do they buy?". */
const WHAT_ELSE = /\bwhat (?:else|other ([a-z-]+))\b|\b(?:other|else) (?:do|did|does) (?:they|the[my]) (?:buy|order|purchase)\b/i;

/** "What do …", "Which products do …", "Which products are bought by …": what the buyers bought is asked. */
const WHAT_THEY_BUY_BEFORE =
  /\b(?:what|which ([a-z-]+))\s+(?:do|did|does|have|had)\s+(?:the\s+|our\s+)?$|\bwhich ([a-z-]+) (?:are|were|is|was|get|got|have been) (?:bought|ordered|purchased) by\s+(?:the\s+|our\s+)?$/i;

/** "… buy?", "… also bought in 2021?": the buyers' verb with nothing bought after it. */
const THEY_BUY_AFTER = new RegExp(
  String.raw`^\s*(?:also\s+|usually\s+|typically\s+|else\s+)?(?:${BUY_VERBS})\s*(?:[?.!]|$|(?:in|during|since|last|this|over|between|from)\b)`,
  'i',
);

/**
 * Whether the question asks what else the buyers bought, and of which grouping (its noun:
 * "products"; none: the column of what they bought); null when it does not.
 */
function elseAsked(question: string, before: string, after: string): { noun?: string } | null {
  const whatElse = WHAT_ELSE.exec(question);
  if (whatElse) return whatElse[1] ? { noun: whatElse[1] } : {};
  const what = WHAT_THEY_BUY_BEFORE.exec(before);
  if (!what) return null;
  const noun = what[1] ?? what[2];
  if (what[2] || THEY_BUY_AFTER.test(after)) return noun ? { noun } : {};
  return null;
}

/** "What share of", "what % of": the share is taken of the figure named next. */
const SHARE_OF = /\b(?:what|which)\s+(?:share|percent(?:age)?|%|proportion|fraction|part)\s+of\s+(?:our\s+|the\s+|total\s+|all\s+)*/i;

/** "The number of", "a count of", "a list of", "the names of" the buyers. */
const COUNTED_OR_LISTED = /\b(?:number|count|list|names|total number)\s+of\s*(?:the\s+|our\s+|all\s+)?$/i;

/** "… also bought Tables": a second value bought (not "… also buy?" or "… also buy in 2021?"). */
const ALSO_BOUGHT_A_VALUE = new RegExp(
  String.raw`\balso (?:${BUY_VERBS})\s+(?!(?:in|during|since|last|this|over|between|from|before|after)\b)[^\s?.!]`,
  'i',
);

/**
 * Whether values of a column are things bought: products, categories, suppliers, a column named
 * so ("Sub-Category"). "West customers" and "Corporate customers" are where and who they are:
 * "What do West customers buy?" listed the other regions.
 */
export function isBought(dimension: string, meta: SnapshotMeta): boolean {
  if (dimension === 'product' || dimension === 'category' || dimension === 'supplier') return true;
  const label = meta.dimensions.find((d) => d.key === dimension)?.label ?? '';
  return (
    dimension.startsWith('column:') && /categor|product|item|brand|sku|line|family|department|vendor|supplier|manufacturer/i.test(label)
  );
}

/** What the buyers are set against or ranked by, which no one list of buyers answers. */
const NOT_OF_BUYERS = /\b(?:never|stopped|no longer|again|lost|lose|losing|both|as well as|more than once|churn\w*)\b/i;

/** A thing bought that is a place, a time or an amount: "customers who bought in Texas", "… recently", "… the most Chairs". */
const NO_THING =
  /^(?:in|at|on|during|since|before|after|last|this|recently|lately|once|twice|more|most|less|least|over|under|above|below|than|the most|the least|something|anything|via|online|through)\b|^\d/i;

export interface BuyersRead {
  /** The question without the buyers' clause: "customers" where they are listed or counted, nothing where a figure is of them. */
  rest: string;
  /** The values they bought. */
  bought: NamedFilter;
  /** "What else": the values of this grouping they bought, besides `bought`. */
  elseBy?: string;
}

/**
 * The buyers a question asks a figure of, and the question without them; a reason when what
 * they bought is named from two columns; null when the question asks no figure of buyers, or
 * names nothing bought that the file holds (the grammar then reads it as before).
 */
export function buyersOfQuestion(
  question: string,
  meta: SnapshotMeta,
  facts: AnalysisFacts | undefined,
): BuyersRead | { refused: string } | null {
  if (!meta.dimensions.some((d) => d.key === 'customer') || NOT_OF_BUYERS.test(question) || TURN_TO_NOT_BOUGHT.test(question.toLowerCase()))
    return null;
  const clause = BUYERS_WHO.exec(question) ?? BUYERS_OF.exec(question);
  if (clause) {
    const before = question.slice(0, clause.index);
    const after = question.slice(clause.index + clause[0].length);
    const whatElse = elseAsked(question, before, after);
    if (!whatElse && !FIGURE_OF_BEFORE.test(before) && !SPEND_AFTER.test(after) && !BY_ALL_THEY_BOUGHT.test(after)) return null;
    // "The number of customers who bought Chairs", "a list of them": the buyers counted or
    // listed, as the grammar reads them already; "… also bought Tables" is whoBoughtAll's.
    if (COUNTED_OR_LISTED.test(before) || ALSO_BOUGHT_A_VALUE.test(after)) return null;
    const object = clause[1].trim();
    // "… who bought Hydraulics and Bearings" is whoBoughtAll's to answer or refuse.
    if (NO_THING.test(object) || MORE_BOUGHT.test(after) || /\b(?:and|or)\b/i.test(object)) return null;
    // "… who bought something in 2021", "… via Standard Class": nothing bought is named; the grammar reads it as it did.
    const named = valuesNamed(`sales of ${object}`, meta, facts);
    if ('refused' in named) return null;
    const [bought, ...others] = named.filters.filter((f) => f.dimension !== 'customer');
    // What is bought is a product, a category or a supplier; and in "… who bought Chairs by
    // region" every word of it must be its name, or the rest would lose them.
    if (!bought || !isBought(bought.dimension, meta) || wordsLeftOver(object, named.filters)) return null;
    if (others.length > 0)
      return {
        refused: `I can give figures of the customers who bought the values of one column, such as “revenue of the customers who bought ${bought.values[0]}”; name one column's values.`,
      };
    // "The average order value of customers who …" is theirs together, not per customer; "Which of the customers who …" lists them.
    const ofThem = FIGURE_OF_BEFORE.test(before) && !LISTS_THEM.test(before);
    const rest = (ofThem ? `${before.replace(FIGURE_OF_BEFORE, '')} ${after}` : `${before} customers ${after}`).replace(/\s+/g, ' ').trim();
    return { rest, bought, ...elseOf(whatElse, bought, meta) };
  }
  return valueBuyersOf(question, meta, facts);
}

/**
 * Whether the thing bought holds words besides the values named in it, whole or by their first
 * words ("Acme" for Acme Supply, Inc.), and words such as "the", "any", "products".
 */
function wordsLeftOver(object: string, filters: readonly NamedFilter[]): boolean {
  let rest = ` ${asWritten(object)} `;
  for (const value of filters.flatMap((f) => f.values)) {
    const words = asWritten(value).split(' ');
    for (let k = words.length; k > 0; k--) {
      const named = ` ${words.slice(0, k).join(' ')} `;
      if (!rest.includes(named)) continue;
      rest = rest.replace(named, ' ');
      break;
    }
  }
  return rest.replace(/\b(?:the|a|an|any|some|our|one|of|products?|items?)\b/g, ' ').trim() !== '';
}

/** More values bought after the first: "… who bought Chairs and Tables", "… Chairs, Tables and Desks" (not "…, last year"). */
const MORE_BOUGHT = /^\s*(?:and|or|as well as)\s|^\s*,\s*[\p{L}\d'’ .&-]+?,?\s+(?:and|or)\s/iu;

/**
 * "How much do Chairs buyers spend on Tables?", "What else do Chairs customers buy?": a value
 * of a thing bought before the buyers' noun, read as its buyers only when the question asks
 * what else they buy, or what they spend on another value of its column or in total ("Texas
 * customers" are a place's, and spending on Chairs stays Texas's rows).
 */
function valueBuyersOf(question: string, meta: SnapshotMeta, facts: AnalysisFacts | undefined): BuyersRead | null {
  const named = valuesNamed(question, meta, facts);
  if ('refused' in named) return null;
  for (const f of named.filters) {
    if (!isBought(f.dimension, meta) || f.values.length > 2) continue;
    for (const value of f.values) {
      // "Chair buyers" as typed for the value Chairs.
      const written = [...new Set([value, singular(value.toLowerCase())])].map(escapeRegex).join('|');
      const noun = new RegExp(String.raw`(?<![\p{L}\d])(?:${written})\s+(?:${CUSTOMERS_PLURAL}|purchasers)\b`, 'iu').exec(question);
      if (!noun) continue;
      const before = question.slice(0, noun.index);
      const after = question.slice(noun.index + noun[0].length);
      const whatElse = elseAsked(question, before, after);
      // "How much do Chairs buyers spend on Tables?", "… spend in total?" (it got their Chairs revenue).
      if (!whatElse && !(SPENT.test(question) && (f.values.length === 2 || IN_TOTAL.test(question)))) continue;
      return {
        rest: `${before} customers ${after}`.replace(/\s+/g, ' ').trim(),
        bought: { ...f, values: [value] },
        ...elseOf(whatElse, f, meta),
      };
    }
  }
  return null;
}

/** All they spent: "in total", "altogether", "on everything", "the total spend of …" (it got their Chairs revenue). */
const IN_TOTAL = /\b(?:in total|altogether|overall|all told|on everything|on anything|total spend(?:ing)?)\b/i;

/** Spending asked of: "How much do Chairs buyers spend on Tables?". */
const SPENT = /\b(?:spend|spent|spends|spending)\b/i;

/** "What else": the grouping of the values listed (the noun's, "what other products", else the column bought from). */
function elseOf(whatElse: { noun?: string } | null, bought: NamedFilter, meta: SnapshotMeta): { elseBy?: string } {
  if (!whatElse) return {};
  return { elseBy: (whatElse.noun && dimensionOfNoun(whatElse.noun, meta)) || bought.dimension };
}

/**
 * The question read without its buyers (`read`), with them put back: the figures of all they
 * bought. "What else" lists the other values of a grouping they bought, those most of them
 * bought first.
 */
export function withBuyers(
  buyers: BuyersRead,
  read: (question: string) => Parsed,
  { meta, today }: { meta: SnapshotMeta; today: Date | null },
): Parsed | null {
  const { bought } = buyers;
  const who = `the customers who bought ${bought.dimension === 'supplier' ? 'from ' : ''}${bought.values.join(' or ')}`;
  if (buyers.elseBy) {
    // "What else did customers who bought Chairs buy, by region?" dropped the region.
    const split = new RegExp(
      String.raw`\b(?:by|per|each|every)\s+(?!(?:the\s+|our\s+)?(?:most|least|${CUSTOMERS_PLURAL}|people|stores|shops)\b)[a-z]`,
      'i',
    ).exec(buyers.rest);
    if (split)
      return {
        kind: 'refused',
        reason: `I can list what else ${who} bought, by how many of them bought each; not split further yet.`,
      };
    const others = valuesNamed(buyers.rest, meta, undefined);
    const filters = 'refused' in others ? [] : others.filters.filter((f) => f.dimension !== bought.dimension);
    const periods = periodsOf(withoutNamedYears(buyers.rest.toLowerCase(), filters), today ?? ANY_DAY, isoDay(meta.firstDay));
    if (periods.unread || periods.other)
      return { kind: 'refused', reason: `I can list what else ${who} bought in one period; name it as a year, a quarter or a month.` };
    const ranked = rankedCountOf(buyers.rest.toLowerCase());
    // "What else do they spend the most on?" ranks by what they spent, not by how many bought it.
    const by = /\b(?:spend|spent|spends|spending|revenue|sales)\b/i.test(buyers.rest) ? 'revenue' : 'customers';
    return {
      kind: 'spec',
      spec: {
        measures: ['customers', 'revenue'],
        groupBy: [buyers.elseBy],
        filters: [...filters, { ...bought, exclude: true }],
        ...(periods.period ? { period: periods.period } : {}),
        sort: { by, direction: 'desc' },
        limit: Math.min(MAX_ROWS, ranked?.n ?? 10),
        buyersOf: bought,
      },
    };
  }
  // "What share of revenue comes from customers who bought Tables?": their revenue, as a share of all.
  const share = SHARE_OF.exec(buyers.rest);
  const parsed = read(share ? buyers.rest.replace(SHARE_OF, '') : buyers.rest);
  if (parsed.kind === 'among') return { ...parsed, where: [...parsed.where, bought] };
  // "Which of the customers who bought Chairs are at risk?": the churn list of those customers.
  if (parsed.kind === 'unmapped' && WHOLE_FILE_RESULTS.test(buyers.rest.toLowerCase()))
    return { kind: 'among', where: [bought], reason: NARROWED_LISTS_ONLY };
  // No figure read without the buyers: the question is read as the grammar read it before.
  if (parsed.kind === 'unmapped') return null;
  if (parsed.kind !== 'spec') return parsed;
  const spec = parsed.spec;
  if (NOT_WITH_BUYERS_OF.some((field) => spec[field]))
    return {
      kind: 'refused',
      reason: `I can give figures of ${who} for one period${today ? `, such as “revenue of ${who} in ${today.getUTCFullYear()}”,` : ''} but not set against another period or averaged per unit yet.`,
    };
  if (share) {
    const [measure] = spec.measures ?? [];
    if (spec.measures?.length !== 1 || (measure !== 'revenue' && measure !== 'grossProfit'))
      return { kind: 'refused', reason: `I can give the share of revenue or of gross profit of ${who}; ask for one of them.` };
    return {
      ...parsed,
      spec: { ...spec, measures: measure === 'revenue' ? ['revenueShare', 'revenue'] : ['profitShare', 'grossProfit'], buyersOf: bought },
    };
  }
  return { ...parsed, spec: { ...spec, buyersOf: bought } };
}
