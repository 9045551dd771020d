/**
 * How a question ranks what it asks for: the top or bottom N, the one best, a growth or a
 * decline by amount or by rate (only the rows that went the way asked), a loss, a multiple.
 */
import { MAX_RANKED, type Measure, type QuerySpecInput } from '../../engine/query';
import type { SnapshotMeta } from '../../engine/snapshot/columns';
import { NUMBER_WORDS } from './number-words';
import { escapeRegex, type Threshold } from './query-limits';
import { type unitChangeOf } from './query-unit-change';
import { type DayRange } from './query-periods';
import {
  COMPARATIVES,
  COUNT,
  DECLINE,
  GROWING_PLURAL,
  GROWTH,
  LEADING_PLURAL,
  LOSS,
  LOST_MOST,
  MULTIPLE,
  PLURAL_OF,
  WENT_DOWN,
  WENT_UP,
  comparativeOf,
  figureBoughtOf,
  headerNoun,
  isTimeUnit,
  type peakOf,
} from './query-vocabulary';
import { countedNounOf } from './query-values';
import { CUSTOMERS_PLURAL } from './customer-words';

/** "Top 5", "bottom three". */
/** A change with no way named: "the biggest margin change", "the largest change in revenue", "moved the most". */
const UNSIGNED_CHANGE =
  /\b(?:biggest|largest|greatest|most|highest|smallest|least)\s+(?:\w+\s+){0,2}?(?:change|changes|swing|shift|movement|moved|difference)\b/;

// "Lowest 3 customers with profit over 100" listed all 534 (from the lowest).
// Not a span: "the highest 30 day revenue", "the lowest 12-month sales" (a unit in the singular or hyphened).
const TOP_N = new RegExp(
  String.raw`\b(top|bottom|best|worst|largest|biggest|smallest|highest|lowest)\s+(one|${COUNT})\b(?!\s*-|\s+(?:day|week|month|quarter|year)\b)`,
);

/** "Top 10" → 10 of the largest, "bottom three" → 3 of the smallest; null when no count is ranked. */
export function rankedCountOf(text: string): { n: number; smallest: boolean } | null {
  const top = TOP_N.exec(text);
  if (!top) return null;
  return { n: NUMBER_WORDS[top[2]] ?? Number(top[2]), smallest: /^(bottom|worst|smallest|lowest)$/.test(top[1]) };
}

/**
 * A count before a plural noun, after "which", "the", "list"…: "which 3 countries", "the 5
 * largest customers", "our 10 most frequent customers". Not a count of time units: "profit by
 * customer in the 3 months before June 2021" is a span of time, and listed only 3 customers.
 */
const COUNTED = new RegExp(
  String.raw`\b(?:which|what|the|our|my|list|name|show|give me)\s+(${COUNT})\s+(?!(?:days|weeks|months|quarters|years)\b)(?:(?:top|best|biggest|largest|smallest|highest|lowest|worst|cheapest|priciest)(?:[- ]selling)?\s+|(?:most|least)\s+[a-z]+\s+)?[a-z-]+s\b` +
    // "12 best customers by profit", "5 biggest states by sales" (and "a dozen …", read as 12) listed them all,
    // "5 least profitable products" too.
    String.raw`|^(${COUNT})\s+(?:(?:top|best|biggest|largest|smallest|highest|lowest|worst|cheapest|priciest)(?:[- ]selling)?|(?:most|least)\s+[a-z]+)\s+[a-z-]+s\b` +
    // "Least profitable 5 products" listed all 1,850.
    String.raw`|\b(?:most|least)\s+[a-z]+\s+(${COUNT})\s+(?!(?:days|weeks|months|quarters|years)\b)[a-z-]+s\b`,
);

/**
 * The least of a way, said of the way itself: "grew the least", "the smallest decline", "the
 * slowest growing", "the bottom 5 by growth" (not "the states with the lowest profit grew the most").
 */
const LEAST_WAY =
  /\b(?:grew|grow(?:n|s|ing)?|growth|declin\w*|drop(?:ped|ping|s)?|fell|fall(?:en|ing|s)?|decreas\w*|increas\w*|rose|ris(?:e|en|ing)|shr[au]nk|shrink\w*|gain\w*)\s+(?:the\s+)?(?:least|slowest|smallest|lowest|weakest|(?:most|more) slowly|slowly)\b|\b(?:least|slowest|smallest|lowest|weakest)(?:[- ]growing)?\s+(?:[a-z%-]+\s+){0,2}?(?:growth|declines?|drops?|falls?|increases?|decreases?|rises?|gains?|growing|declining)\b|\b(?:bottom|worst)(?:[- ]performing)?\s+(?:\d+\s+)?(?:[a-z-]+\s+)?by\s+(?:[a-z%]+\s+)?(?:growth|change|increase|decline|drop)\b/;

/** A ranking by the rate of a change, not its amount. */
const RATE =
  /\b(fastest|faster|slowest|slower|slowly|quickest|growth rates?|rates? of (growth|decline)|percentage (growth|change|increase|decrease)|in percent(age)?( terms)?)\b/;

/** "Where are we losing money?", "where is our margin leaking?": the places of a loss, asked with no grouping. */
const WHERE_LOSING =
  /\bwhere\b.{0,40}?\b(?:lose|loses|losing|lost|leak|leaks|leaking|bleed|bleeds|bleeding)\b.{0,20}?\b(?:money|margins?|profits?)\b|\bwhere\b.{0,40}?\b(?:money|margins?|profits?)\b.{0,20}?\b(?:leak|leaks|leaking|bleeds|bleeding)\b/;

/** A loss is a grouping's profit below zero; single orders or lines are no grouping. */
const LOSS_OF_ORDERS =
  'I can find the customers, products or other groups with a loss (“Which products had a loss in 2021?”), not single orders or lines yet.';

/** What `rankAsAsked` reads a question's ranking from. */
interface RankingQuestion {
  text: string;
  meta: SnapshotMeta;
  /** The spec so far, whose limit, sort and having are set. */
  spec: QuerySpecInput;
  /** The spec's groupings, added to where a loss or a fall is counted by a noun ("how many products lost money"). */
  groupBy: string[];
  /** The period set against the spec's (a change is ranked only with one). */
  other: DayRange | null | undefined;
  /** The periods were set against each other with "than" ("less in 1998 than in 1997"). */
  than: boolean;
  /** Each unit against the one before ("which quarters grew?"), or null. */
  unitChange: ReturnType<typeof unitChangeOf>;
  /** "The best month": the adjective and the unit, or null. */
  peak: ReturnType<typeof peakOf>;
  /** A threshold named: customers counted by their orders keep no rows past it. */
  threshold: Threshold | null;
  /** The customer whose last purchase is asked for: "most recently" ranks nothing. */
  lastOf: { values: string[] } | undefined;
}

/**
 * Sets the spec's limit, sort and having (and, for a count of losses or of customers whose
 * figure fell, its grouping: `spec` and `groupBy` change in place) from the question's ranking words: "top 5", "which 3
 * countries", "the best month", "bottom", a loss, a growth or decline ranked by amount or by
 * rate and only the rows that went the way asked, a multiple ("doubled"), customers counted by
 * their orders. Returns why it can't, or null.
 */
const HIGH_END = String.raw`(?:highest|top|most|best|biggest|largest)`;
const LOW_END = String.raw`(?<!\bat )(?:lowest|bottom|least|worst|smallest)`;
/** What may come between "and" and the second end: "… and which has the lowest", "… and which month has the lowest", "… and the least". */
const THEN_WHICH = String.raw`(?:(?:which|what|who)(?:\s+[a-z]+)?\s+(?:(?:has|had|is|was|are|were|sells|sold)\s+)?)?(?:the\s+)?`;
/** Both ends of a ranking asked at once: "the highest and the lowest", "top and bottom 3", "the most and which the least". */
const BOTH_ENDS = new RegExp(
  String.raw`(?<!\bat )\b(?<first>${HIGH_END}|${LOW_END})\b(?<between>(?:\s+\S+){0,6}?)\s+and\s+${THEN_WHICH}(?<second>${HIGH_END}|${LOW_END})\b(?<after>\s+\S+)?`,
);
const FIGURE_WORD = /^\s*(?:revenue|sales|turnover|profits?|margins?|orders|spend|units|quantity|customers|growth)\b/;

/**
 * Whether the question asks for both ends of one ranking: "Which region has the highest revenue
 * and which has the lowest?" and "highest and lowest revenue month" got the lowest alone. Two
 * figures, one at each end ("the highest revenue and lowest margin"), are refused elsewhere as
 * a ranking two ways.
 */
export function asksBothEnds(text: string): boolean {
  const m = BOTH_ENDS.exec(text);
  const g = m?.groups;
  if (!g) return false;
  const high = new RegExp(`^${HIGH_END}$`);
  if (high.test(g.first) === high.test(g.second)) return false;
  return !(FIGURE_WORD.test(g.between) && FIGURE_WORD.test(g.after ?? ''));
}

/** The refusal of both ends at once. */
export const ONE_END_AT_A_TIME =
  'I rank one end at a time: ask for the top ones (“top 3 by revenue”), then for the bottom ones (“bottom 3 by revenue”), or for the figure of them all, highest first.';

/** "Lowest first", "largest first": the order of the rows, all of them. */
const ORDERED_FIRST = /\b(?:lowest|smallest|least|fewest|worst|bottom|highest|largest|biggest|most|best|top|fastest|slowest) first\b/;
/** A figure ranked highest, and one ranked lowest: "most orders", "lowest spend". */
const HIGH_RANK = /\b(?:most|highest|largest|biggest|best|top)\s+(?!recent)[a-z]/;
const LOW_RANK = /\b(?:least|lowest|smallest|fewest|worst|bottom)\s+[a-z]/;

export function rankAsAsked(asked: RankingQuestion): string | null {
  const { text, meta, spec, groupBy, other, than, unitChange, peak, threshold, lastOf } = asked;
  const top = TOP_N.exec(text);
  const byKey = groupBy.length > 0 && !isTimeUnit(groupBy[0]);
  // "Revenue and profit by region, lowest first" showed the one region at the bottom: an order, not a count.
  const orderOnly = ORDERED_FIRST.exec(text);
  // "Which 3 countries had the most…", "the 5 largest products": the count stands before the noun.
  const counted = byKey && !top ? COUNTED.exec(text) : null;
  const n = top
    ? (NUMBER_WORDS[top[2]] ?? Number(top[2]))
    : counted
      ? (NUMBER_WORDS[counted[1] ?? counted[2] ?? counted[3]] ?? Number(counted[1] ?? counted[2] ?? counted[3]))
      : !orderOnly &&
          // "Fastest growing product in 2021" listed all 999 that grew.
          /\b(which|what|top|best|largest|biggest|most|highest|lowest|smallest|worst|bottom|fastest|slowest)\b/.test(text) &&
          byKey &&
          /\b(most|largest|biggest|best|top|highest|fewest|least|lowest|smallest|worst|fastest|quickest|cheapest|priciest)\b/.test(text) &&
          // "What are the best-selling products?" asks for several: a ranking, not the one at the top.
          !asksForSeveral(text, groupBy[0], meta)
        ? 1
        : null;
  // "The lowest revenue but highest margin" ranked by margin, lowest first; "the most orders but
  // lowest spend" by revenue alone: two figures ranked opposite ways are no one ranking.
  // "Highest and lowest revenue month in 2021" got the lowest alone.
  if (asksBothEnds(text)) return ONE_END_AT_A_TIME;
  if (!orderOnly && spec.measures.length > 1 && HIGH_RANK.test(text) && LOW_RANK.test(text.replace(/\bat (least|most)\b/g, '')))
    return 'I can rank by one figure at a time, not by two in opposite directions; ask for one ranking, and name the other figure to see it beside it.';
  // "What did they buy most recently?" is no ranking: "most" belongs to "recently".
  if (n && !lastOf) spec.limit = Math.min(MAX_RANKED, n);
  // "Top 3 quarters by revenue" listed the first 3: units are listed in time order unless ranked.
  if (top && !lastOf && groupBy.length > 0 && isTimeUnit(groupBy[0])) spec.sort = { by: spec.measures[0], direction: 'desc' };
  // "With at least 10 orders" is a threshold, not the bottom of a ranking. "What's the cheapest
  // product we sell?" listed the dearest first.
  if (/\b(bottom|worst|smallest|least|lowest|fewest|cheapest)\b/.test(text.replace(/\bat (least|most)\b/g, '')) || LOSS.test(text))
    spec.sort = { by: spec.measures[0], direction: 'asc' };
  // "Which products have negative profit?" listed the profitable ones too (and, before it was
  // read as a loss, first): only the rows with a loss.
  // "How many products lost money in 2021?" got the total gross profit: the products with a loss, counted.
  const lossCounted = LOSS.test(text) && groupBy.length === 0 ? countedNounOf(text, meta) : null;
  // "Where are we losing money?" got the total gross profit (286,397.02), "Where is margin
  // leaking?" the margin of all (12.5%): where is what sells at a loss, the products.
  if (WHERE_LOSING.test(text) && groupBy.length === 0 && !other) {
    groupBy.push('product');
    Object.assign(spec, {
      groupBy: ['product'],
      measures: ['grossProfit', 'marginPct'],
      having: { measure: 'grossProfit', op: '<', value: 0 },
      sort: { by: 'grossProfit', direction: 'asc' },
    });
    return null;
  }
  if (lossCounted) {
    groupBy.push(lossCounted);
    spec.groupBy = [lossCounted];
  }
  // "How many orders had losses?" got all gross profit beside every order: no order's own profit is summed.
  if (LOSS.test(text) && groupBy.length === 0 && spec.measures.some((m) => m === 'orders' || m === 'units')) return LOSS_OF_ORDERS;
  // "Which products have negative margin?" listed all 2,613 products of the generated file, the
  // lowest at 15.0%: a margin below 0 is asked for, as a loss is.
  // "How many products does Acme Supply, Inc. have with a negative margin?" listed every product of
  // Acme's with a 1 beside it: the products counted are the rows kept, not a figure of each.
  const lossMeasure = spec.measures.find((m) => m === 'grossProfit' || m === 'marginPct') ?? null;
  if (LOSS.test(text) && lossMeasure && groupBy.length > 0 && !other) {
    spec.having = { measure: lossMeasure, op: '<', value: 0 };
    if (groupBy.includes('product')) spec.measures = spec.measures.filter((m) => m !== 'products');
    if (spec.sort?.by === 'products') spec.sort = { by: lossMeasure, direction: 'asc' };
  }
  // "Which country grew the most in 2011 vs 2010?" ranks the change, not 2011's figure.
  if (peak && !other) {
    // "Best month by region" got the best month overall, the regions dropped.
    const within = groupBy.find((g) => !isTimeUnit(g) && g !== peak[2]);
    const dimension = within ? meta.dimensions.find((d) => d.key === within) : undefined;
    const noun = dimension ? (headerNoun(dimension) ?? dimension.label.toLowerCase()) : within;
    if (noun)
      return `I can't rank within each ${noun} yet; name one ${noun} (“the best ${peak[2]} in …”), or ask for the figure by ${noun} and ${peak[2]}.`;
    spec.groupBy = [peak[2]];
    spec.limit = 1;
    spec.sort = {
      by: spec.measures[0],
      direction: /^(worst|slowest|weakest|quietest|lowest|least|fewest|smallest)$/.test(peak[1]) ? 'asc' : 'desc',
    };
  }
  // "How many customers bought less in 1998 than in 1997?" compared the counts of customers:
  // it asks for the customers whose own figure went down, counted.
  const buyers = other && comparativeOf(text, than) ? customersComparedOf(text, spec, groupBy) : null;
  if (buyers) {
    spec.measures = [buyers];
    groupBy.push('customer');
    spec.groupBy = ['customer'];
  }
  const ranked = other && groupBy.some((g) => !isTimeUnit(g));
  // "Which region grew fastest?" is the rate, the change as a % of the earlier figure.
  const rankedOn = RATE.test(text) ? 'percentChange' : 'change';
  // "Which products grew the least?" listed the biggest growers first: the least of a way, last
  // first ("the smallest decline" is the fall nearest zero; "the lowest growth" may be a fall).
  const least = LEAST_WAY.test(text);
  if (ranked && GROWTH.test(text)) spec.sort = { by: spec.measures[0], direction: least ? 'asc' : 'desc', on: rankedOn };
  if (ranked && DECLINE.test(text)) spec.sort = { by: spec.measures[0], direction: least ? 'desc' : 'asc', on: rankedOn };
  // "Which customers spent less this year than last year?" listed every customer, those who
  // spent more too: only the ones down (or, for "more than", up), the largest change first.
  const comparative = ranked ? comparativeOf(text, than) : null;
  if (comparative) {
    const down = comparative === 'less';
    spec.having = { measure: spec.measures[0], op: down ? '<' : '>', value: 0, on: 'change' };
    spec.sort = { by: spec.measures[0], direction: down ? 'asc' : 'desc', on: 'change' };
  }
  // "Which regions grew in 2021?" listed Central, down 0.2%, among them; "which sub-categories
  // declined" those that rose: asked which went one way, only the rows that did.
  // "Customers whose revenue fell in 1998" listed every customer: the way asked keeps its rows too.
  const wentWay =
    /\b(which|what|whose)\b/.test(text) || LEADING_PLURAL.test(text)
      ? WENT_DOWN.test(text) || LOST_MOST.test(text)
        ? '<'
        : WENT_UP.test(text)
          ? '>'
          : null
      : null;
  // "Which months declined in 1998?" listed every month, then was refused: each against the
  // one before, only those that went that way; "which quarter grew the most?" ranks the change.
  if (unitChange) {
    spec.changeFrom = unitChange.changeFrom;
    if (wentWay) spec.having = { measure: spec.measures[0], op: wentWay, value: 0, on: 'change' };
    if (spec.sort || spec.limit !== undefined) {
      const down = DECLINE.test(text) && !GROWTH.test(text);
      const lowest = spec.sort?.direction === 'asc';
      spec.sort = { by: spec.measures[0], direction: down !== lowest ? 'asc' : 'desc', on: RATE.test(text) ? 'percentChange' : 'change' };
    }
  }
  // "Which category had the biggest margin change 2021 vs 2020?" ranked 2021's margins: a change
  // with no way named may be a rise or a fall, and the two are ranked apart.
  if (ranked && spec.limit !== undefined && !spec.sort?.on && UNSIGNED_CHANGE.test(text)) {
    const rankedBy = meta.dimensions.find((d) => d.key === groupBy.find((g) => !isTimeUnit(g)));
    const noun = rankedBy ? (headerNoun(rankedBy) ?? rankedBy.label.toLowerCase()) : 'one';
    return `I can rank the biggest rise or the biggest fall, not a change either way yet; ask “which ${noun} grew the most” or “… fell the most”.`;
  }
  const went = ranked && !spec.having ? wentWay : null;
  if (went) spec.having = { measure: spec.measures[0], op: went, value: 0, on: 'change' };
  // "Which products had the biggest margin drop?" listed 48 unchanged margins (-0.0%) after the
  // two that fell: a ranking of the most growth or decline, or of the least decline, lists only
  // the rows that went that way; one of the least growth ranks every row, falls last. A
  // breakdown ("revenue growth by region", "how much did orders drop by country", "rank regions
  // by growth") keeps every row.
  const asksWhich =
    (/\b(which|who|top|most|biggest|largest|smallest|fastest)\b/.test(text) || GROWING_PLURAL.test(text)) &&
    !/\bhow (much|many)\b|\b(rank|ranking|ranked|sort|sorted)\b/.test(text);
  const wayAsked = DECLINE.test(text) ? '<' : GROWTH.test(text) && !least ? '>' : null;
  if (ranked && asksWhich && wayAsked && !spec.having && spec.sort?.on)
    spec.having = { measure: spec.sort.by, op: wayAsked, value: 0, on: 'change' };
  // "Which customers doubled their spend this year?" listed this year's revenue of every customer.
  const multiple = ranked ? MULTIPLE.exec(text) : null;
  if (multiple) {
    const percent = MULTIPLE_PERCENT[multiple[1]];
    spec.having = { measure: spec.measures[0], op: percent > 0 ? '>=' : '<=', value: percent, on: 'percentChange' };
    spec.sort = { by: spec.measures[0], direction: percent > 0 ? 'desc' : 'asc', on: 'change' };
  }
  // "Which customers bought only once?" listed every customer, those with 2+ orders as 0:
  // by customer, only the customers the count is of.
  // "Which customers bought for the first time in June 1998?" listed June's buyers, each with 0 new customers,
  // and "Which customers came back in November?" every November buyer (1,711 for 690).
  const orderCountMeasure = spec.measures.find(
    (m) => m === 'repeatCustomers' || m === 'oneTimeCustomers' || m === 'newCustomers' || m === 'returningCustomers',
  );
  if (orderCountMeasure && spec.groupBy?.includes('customer') && !other && !threshold)
    spec.having = { measure: orderCountMeasure, op: '>', value: 0 };
  return null;
}

/** Customers listed by a condition: "customers with …", "list the customers who …". */
const CUSTOMERS_WITH = new RegExp(String.raw`^(?:list |show )?(?:the |our |all )?(?:${CUSTOMERS_PLURAL}) (?:with|who|whose|that)\b`);

/**
 * The figure of each customer a count or list of customers buying less or more compares
 * ("Customers with revenue greater than last year" compared the totals), or null when the
 * question is not one.
 */
function customersComparedOf(text: string, spec: QuerySpecInput, groupBy: readonly string[]): Measure | null {
  if (groupBy.length > 0) return null;
  const bought = figureBoughtOf(text);
  // "How many customers spent less in 1998 than in 1997?" compared the totals: "spent" had
  // added revenue beside the customers counted.
  if (spec.measures[0] === 'customers' && spec.measures.slice(1).every((m) => m === bought)) return bought;
  // "How many customers had lower sales in 2021 than in 2020?" compared the totals too: the
  // comparative before the figure says which.
  if (spec.measures[0] === 'customers' && spec.measures.length === 2 && FIGURE_COMPARED.test(text)) return spec.measures[1];
  if (spec.measures.length !== 1) return null;
  return CUSTOMERS_WITH.test(text) ? spec.measures[0] : null;
}

/** "Lower sales", "more revenue", "fewer orders": a comparative right before the figure. */
const FIGURE_COMPARED = new RegExp(
  String.raw`\b(?:${COMPARATIVES})\s+(?:gross\s+)?(?:revenue|sales|spend|spending|turnover|profits?|orders|units|margins?)\b`,
);

/** Each multiple as the percentage change it is at least (or, halved, at most). */
const MULTIPLE_PERCENT: Record<string, number> = { doubled: 100, tripled: 200, trebled: 200, quadrupled: 300, halved: -50 };

/** Whether the grouping's noun is in the plural ("products", "sub-categories"): several are asked for. */
function asksForSeveral(text: string, group: string | undefined, meta: SnapshotMeta): boolean {
  if (!group) return false;
  if (PLURAL_OF[group]?.test(text)) return true;
  // Iowa's "Which stores buy the most from Jim Beam Brands?" got one store: its customers are a store_name column.
  const dimension = meta.dimensions.find((d) => d.key === group);
  const noun = PLURAL_OF[group] ? dimension && headerNoun(dimension) : dimension?.label.toLowerCase();
  if (!noun) return false;
  const plural = noun.endsWith('y') ? `${noun.slice(0, -1)}ies` : `${noun}s`;
  return new RegExp(`\\b${escapeRegex(plural)}\\b`).test(text);
}

/**
 * "Up by more than 50%" → % change > 50, "fell by at least 20%" → % change ≤ −20; null when the
 * threshold is no percentage past which the figure went one way.
 */
export function percentChangeHaving(text: string, threshold: Threshold, measure: Measure): NonNullable<QuerySpecInput['having']> | null {
  if (threshold.unit !== 'percent' || (threshold.op !== '>' && threshold.op !== '>=')) return null;
  const up = GROWTH.test(text) || WENT_UP.test(text);
  const down = DECLINE.test(text) || WENT_DOWN.test(text);
  if (up === down) return null;
  if (up) return { measure, op: threshold.op, value: threshold.value, on: 'percentChange' };
  return { measure, op: threshold.op === '>' ? '<' : '<=', value: -threshold.value, on: 'percentChange' };
}

const ORDINALS: Record<string, number> = {
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
};

/** "The third best selling product", "our 2nd largest region", "the 5th worst customer by margin". */
const ORDINAL_RANK =
  /\b(second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|(\d{1,3})(?:st|nd|rd|th))\s+(best|biggest|largest|highest|greatest|most|top|worst|smallest|lowest|least|weakest)\b/i;

/**
 * A place in a ranking ("What is the 3rd best selling product?" got the best one, as "the
 * best selling product" reads): the question without the place, whose ranking of one is to
 * take that many, and the note that the place asked for is the last row; null without one.
 */
export function ordinalRankOf(question: string): { rest: string; n: number; note: string } | null {
  const m = ORDINAL_RANK.exec(question);
  if (!m) return null;
  const n = m[2] ? Number(m[2]) : ORDINALS[m[1].toLowerCase()];
  if (!(n >= 2)) return null;
  const rest = `${question.slice(0, m.index)}${m[3]}${question.slice(m.index + m[0].length)}`;
  return { rest, n, note: `The ${m[1]} place is row ${n} here, where there are ${n} rows or more; any tied with it are shown too.` };
}
