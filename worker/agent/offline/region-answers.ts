/**
 * Chat answers about the customers of one region (a value of the file's region column,
 * kept per customer by the job): churn risk and customer rankings filter by it; anything
 * else is refused rather than answered for all customers.
 */
import type { AnalysisResult } from '../../engine/contract';
import type { QuerySpecInput } from '../../engine/query/spec';
import { churnCustomerLine, churnListHeader, formatMoney, ordersOfList, placedLines, plural, ratedWords } from '../format';
import { getChurnRisk, rankCustomers } from '../tools';
import { regionSpreadSaid, type RegionSpread } from '../tools/customer-regions';
import { queryData } from '../tools/query-tool';
import { normalise } from '../tools/tool-kit';
import { answerAmong } from './among-answers';
import { queryAnswerText } from './query-answer';
import { escapeRegex } from './query-limits';
import { countryOfCode, countrySpellingsOfDemonym, DEMONYM_WORDS, placeWordsOf } from './query-names';
import { firstOrderRanking, lastOrderRanking, NO_ORDERS, NOT_AVAILABLE, rankTieLines } from './answers';
import type { Intent } from './intents';
import type { SectionRunner } from './sections';

const DEMONYMS = new Set(DEMONYM_WORDS.split('|'));

/** Two-letter words a region code may spell; typed in lower case they are the word ("at risk", "in us"). */
const ENGLISH_TWO_LETTERS = new Set('at be by do go he if in is it me my no of on or so to up us we an as am'.split(' '));

/**
 * The regions named as whole words in the question. A code of two letters counts only as the
 * file writes it ("CH", "AT", "UK"), not as a word ("at risk"), unless after "in" where it is
 * no English word ("in ch"), or last ("are in at?"); a question typed all in capitals reads
 * codes only there ("WHICH CUSTOMERS ARE AT RISK?" is every region's). A country named in
 * full names the regions written with its code ("Germany": DE-North and DE-South).
 */
function regionsNamedIn(question: string, customerRegions?: Readonly<Record<string, string | null>>): string[] {
  if (!customerRegions) return [];
  const text = ` ${normalise(question)} `;
  const shouted = !/\p{Ll}/u.test(question);
  const demonymOf = countrySpellingsOfDemonym(text);
  const regions = new Set(Object.values(customerRegions).filter((r): r is string => r !== null && normalise(r).length >= 2));
  return [...regions].filter((r) => {
    // "Customers in Germany" names DE-North and DE-South, where the file writes countries by
    // code; "Austrian customers" names AT (each got every region's list).
    const country = countryOfCode(r);
    if (country && text.includes(` ${normalise(country)} `)) return true;
    // "In the UK" names United Kingdom (Online Retail's "most valuable customers in the uk" got
    // every country's). Not by an adjective: Online Retail's "FRENCH ENAMEL WATER BASIN" names no
    // country (an adjective before customers is read below).
    if (
      placeWordsOf(r).some((w) => (w.length >= 3 || !ENGLISH_TWO_LETTERS.has(w)) && !DEMONYMS.has(w) && text.includes(` ${normalise(w)} `))
    )
      return true;
    if (demonymOf.includes(normalise(r)) || (country !== null && demonymOf.includes(country))) return true;
    return normalise(r).length >= 3
      ? text.includes(` ${normalise(r)} `)
      : (!shouted && new RegExp(`(?<![\\p{L}\\d])${escapeRegex(r)}(?![\\p{L}\\d])`, 'u').test(question)) ||
          (!ENGLISH_TWO_LETTERS.has(normalise(r)) && text.includes(` in ${normalise(r)} `)) ||
          text.endsWith(` in ${normalise(r)} `);
  });
}

/**
 * The one region the question names (the longest, "DE-North" over "DE"), or why the customers
 * of the regions named can't be picked out: "Which customers in BE or NL are at risk?" got
 * BE's alone, and "… NOT in CH" got CH's, the opposite. Both null when it names none.
 */
export function regionAsked(
  question: string,
  customerRegions?: Readonly<Record<string, string | null>>,
): { region: string | null; refusal: string | null } {
  const named = regionsNamedIn(question, customerRegions);
  const distinct = named.filter((r) => !named.some((other) => other !== r && normalise(other).includes(normalise(r))));
  if (distinct.length > 1)
    return {
      region: null,
      refusal: `I can narrow churn risk and customer rankings to one region at a time; ask for ${distinct.join(' and ')} one by one.`,
    };
  const region = distinct[0] ?? null;
  const leftOut = new RegExp(
    `\\b(?:not|n't|outside|excluding|except|other than|besides|apart from)\\s+(?:\\w+\\s+){0,2}${escapeRegex(normalise(region ?? ''))}\\b`,
  );
  if (region && leftOut.test(normalise(question).replace(/n't\b/g, ' not')))
    return {
      region: null,
      refusal: `I can narrow churn risk and customer rankings to one region, not leave ${region} out of them yet; ask for each of the others.`,
    };
  return { region, refusal: null };
}

/** Answers an intent for customers in one region, where a tool can filter by region. */
export async function answerInRegion(intent: Intent, region: string, result: AnalysisResult, runner: SectionRunner): Promise<string> {
  const money = (v: number) => formatMoney(v, runner.currency);
  if (intent.kind === 'churn') {
    const rated = ratedWords(intent.risk);
    const churn = await runner.call(
      getChurnRisk,
      { ...(intent.risk ? { risk: intent.risk } : {}), region, limit: 10 },
      `Checking churn risk in ${region}.`,
    );
    if (!churn) return NOT_AVAILABLE;
    if (churn.customers.length === 0) return `No customer in ${region} is ${rated}.`;
    return [
      churnListHeader(`Customers in ${region} ${rated}`, plural(churn.matched, 'customer'), churn.customers),
      ...churn.customers.map((c, i) => `${i + 1}. ${churnCustomerLine(c, money)}`),
    ].join('\n');
  }
  if (intent.kind === 'rank_customers') {
    if (intent.metric === 'orders' && result.totals.orders === 0) return NO_ORDERS;
    if (intent.metric === 'firstOrder') return firstOrderRanking(intent, result, runner, region);
    if (intent.metric === 'recencyDays') return lastOrderRanking(intent, result, runner, region);
    const ranked = await runner.call(
      rankCustomers,
      { metric: intent.metric, direction: intent.direction, limit: intent.limit, region },
      `Ranking customers in ${region}.`,
    );
    if (!ranked) return NOT_AVAILABLE;
    const by = intent.metric === 'orders' ? 'orders' : 'revenue';
    const orders = ordersOfList(ranked.customers);
    return [
      `${intent.direction === 'desc' ? 'Top' : 'Bottom'} ${plural(ranked.customers.length, 'customer')} in ${region} by ${by}:`,
      ...placedLines(ranked.customers, (c) => `${c.name}: ${money(c.revenue)}${orders(c.orders) ? ` (${orders(c.orders)})` : ''}`),
      ...rankTieLines(ranked),
    ].join('\n');
  }
  return `I can't break that down by region yet. For ${region} I can rank customers by revenue or orders, or list customers at churn risk.`;
}

/**
 * Answers an intent for a region that is the orders', not the customers' (`regionSpreadOf`):
 * a ranking by what each customer bought there, as "top customers in the West" gets it, and
 * the churn list or a segment of the customers with rows there, as "… in Texas" gets them.
 */
export async function answerInSpreadRegion(
  intent: Intent,
  question: string,
  spread: RegionSpread,
  result: AnalysisResult,
  runner: SectionRunner,
): Promise<string> {
  const where = [{ dimension: 'region', values: [spread.region], match: 'exact' as const }];
  if (intent.kind === 'rank_customers' && (intent.metric === 'revenue' || intent.metric === 'orders')) {
    if (intent.metric === 'orders' && result.totals.orders === 0) return NO_ORDERS;
    const spec: QuerySpecInput = {
      measures: [intent.metric],
      groupBy: ['customer'],
      filters: where,
      limit: intent.limit,
      ...(intent.direction === 'asc' ? { sort: { by: intent.metric, direction: 'asc' as const } } : {}),
    };
    const data = await runner.call(queryData, spec, `Ranking customers by what they bought in ${spread.region}.`);
    if (!data) return NOT_AVAILABLE;
    return `${regionSpreadSaid(spread)} They are ranked by what they bought there.\n\n${queryAnswerText(data, spec, runner.currency)}`;
  }
  return (
    (await answerAmong(question, where, result, runner)) ??
    `${regionSpreadSaid(spread)} So a customer has no one region here: for ${spread.region} I can rank customers by what they bought there, or list those who bought there at churn risk or in one segment (“Champions in ${spread.region}”).`
  );
}
