/**
 * Chat answers from `query_data`: the question is parsed by query-grammar.ts, executed by
 * the engine, and answered as "how I understood it", then the figures as a GFM table.
 * A question that can't be mapped, or that the file can't answer, gets a plain "can't"
 * and two or three questions it can answer — never a figure for a different question.
 */
import {
  formatCell,
  havingWords,
  type HavingWritten,
  markdownTableOf,
  MEASURE_LABELS,
  parseQuerySpec,
  QueryRefusal,
  runQuery,
  type QueryResult,
  type QuerySpec,
} from '../../engine/query';
import type { Snapshot, SnapshotMeta } from '../../engine/snapshot/columns';
import { pct, plural, pluralNoun } from '../../engine/render/format';
import { parseQuestion } from './query-grammar';
import type { AnalysisFacts } from './query-parsed';
import { singular } from './query-vocabulary';
import { exampleYearOf } from './query-periods';

export interface QueryAnswer {
  text: string;
  /** The result behind the text (null for a "can't"). */
  result: QueryResult | null;
}

/**
 * Answers a question exactly from the snapshot, or says why it can't. Money in the table is
 * written in `currency` (the analysis's ISO 4217 code), without a symbol when it is unknown.
 * `facts` are the analysis' (product codes, customer ids): chat passes them, so a question
 * refused for a code no product has is refused here too, not answered for the whole file.
 */
export async function answerWithQuery(
  question: string,
  snapshot: Snapshot,
  today: Date | null,
  currency: string | null = null,
  facts?: AnalysisFacts,
): Promise<QueryAnswer> {
  // The currency the facts carry wins; a caller without facts reads no currency asked.
  const parsed = parseQuestion(question, snapshot.meta, today, facts && { ...facts, currency: facts.currency ?? currency });
  if (parsed.kind !== 'spec') return { text: cant(parsed.reason, snapshot.meta, today), result: null };
  const valid = parseQuerySpec(parsed.spec);
  if (!valid.ok) return { text: cant("I couldn't turn that into a query I can run exactly.", snapshot.meta, today), result: null };
  try {
    const result = withGrammarNote(await runQuery(snapshot, valid.spec), parsed.note);
    return { text: queryAnswerText(result, valid.spec, currency, parsed.counted, parsed.premise), result };
  } catch (error) {
    if (error instanceof QueryRefusal) return { text: cant(error.message, snapshot.meta, today), result: null };
    throw error;
  }
}

/** "I understood: **…**." — with one full stop when the reading ends with a name's ("Acme Supply, Inc.."). */
function understoodLine(understood: string): string {
  return `I understood: **${understood}**${understood.endsWith('.') ? '' : '.'}`;
}

/** The grammar's note on how it read the question ("this year so far is 3 days …"), before the result's own. */
export function withGrammarNote(result: QueryResult, note: string | undefined): QueryResult {
  return note ? { ...result, note: result.note ? `${note} ${result.note}` : note } : result;
}

/**
 * A query's answer as chat shows it: how it was understood, then the table. "How many
 * stopped buying?" gets the count first, before the list of who.
 */
export function queryAnswerText(
  result: QueryResult,
  spec: {
    notBoughtIn?: unknown;
    alsoBoughtIn?: QuerySpec['alsoBoughtIn'];
    neverBought?: unknown;
    boughtEvery?: unknown;
    boughtAll?: unknown;
    having?: HavingWritten;
    period?: QuerySpec['period'];
    changeFrom?: QuerySpec['changeFrom'];
  },
  currency: string | null,
  counted?: string,
  premise?: 'up' | 'down',
): string {
  // "Which categories lost money?" when none did: the answer is "none", not "no rows".
  // Iowa's one month has no month before it: "none grew" would be a finding; the note says why none can.
  if (result.totalRows === 0 && spec.having) {
    const label = result.columns[0]?.label ?? 'row';
    const compared = spec.changeFrom && result.note ? ` that can be compared` : '';
    // "No customer has customers with one order" read the measure's label as what they have.
    const words = havingWords(spec.having);
    const own = customersCountedWords(words);
    const has = own ? own.replace(/^with /, 'has ').replace(/^who /, '') : `has ${words}`;
    return `${understoodLine(result.understood)}\n\nNone does: no ${label}${compared} ${has}.${result.note ? `\n\n${result.note}` : ''}`;
  }
  // An empty table under a ranking question reads as an answer; say that nothing matched.
  const customersListed = Boolean(spec.notBoughtIn || spec.alsoBoughtIn || spec.neverBought || spec.boughtAll || spec.boughtEvery);
  if (result.totalRows === 0 && !customersListed)
    return `${understoodLine(result.understood)}\n\nNo row of the file matches this, so there is nothing to list.`;
  // Lapsed or kept buyers: the count first, then the note (a period still open says they are
  // not lost yet), before the list of who, which can be 50 rows long.
  if (customersListed) {
    const share = spec.alsoBoughtIn
      ? keptShareWords(result, spec.period, spec.alsoBoughtIn, currency)
      : spec.neverBought || spec.boughtEvery
        ? withoutShareWords(result, currency)
        : spec.boughtAll
          ? everyShareWords(result, currency)
          : lapsedShareWords(result, spec.period, spec.notBoughtIn as QuerySpec['notBoughtIn'], currency);
    const count = `**${countOf(result.totalRows, listedNoun(result))}** in all.${share}`;
    const note = result.note ? `\n\n${result.note}` : '';
    // "0 categories in all" needs no table of none.
    const table = result.totalRows > 0 ? `\n\n${markdownTableOf({ ...result, note: null }, currency)}` : '';
    return `${understoodLine(result.understood)}\n\n${count}${note}${table}`;
  }
  // "How many customers spent more than 1,000?": the count first, as for lapsed buyers; so for "How many countries …?".
  // A count of values keeps those with an order (`withSalesOnly`), so its `having` is no threshold asked.
  const count = counted
    ? `${valuesCountedWords(result, counted)}\n\n`
    : spec.having
      ? `**${countOf(result.totalRows, rowNoun(result))}** ${countedWith(spec.having, result.havingAverage)}${keptTotalsWords(result, currency)}.\n\n`
      : '';
  return `${understoodLine(result.understood)}\n\n${count}${premiseDenied(result, premise)}${markdownTableOf(result, currency)}`;
}

/**
 * "Is profit down this year?" was answered with a rise of 14.3% and no word of it: a change of
 * one figure the other way than the question says is said before the table.
 */
function premiseDenied(result: QueryResult, premise: 'up' | 'down' | undefined): string {
  const at = result.columns.findIndex((c) => c.label.startsWith('change'));
  const change = at >= 0 && result.rows.length === 1 ? result.rows[0][at] : null;
  if (!premise || typeof change !== 'number' || change === 0 || change > 0 === (premise === 'up')) return '';
  const figure = result.columns[0].label.replace(/\s+\d{4}-\d{2}-\d{2} … \d{4}-\d{2}-\d{2}$/, '');
  const named = figure.charAt(0).toUpperCase() + figure.slice(1);
  return premise === 'down' ? `${named} did not fall: it rose.\n\n` : `${named} did not grow: it fell.\n\n`;
}

/**
 * "**29 countries** in all.": the values counted, without the rows that have none ("(blank)"),
 * which are said apart, and those with only returns, which are not counted.
 */
function valuesCountedWords(result: QueryResult, noun: string): string {
  const values = result.totalRows - (result.blankRow ? 1 : 0);
  const blank = result.blankRow ? `, and rows with no ${singular(noun)}` : '';
  const left = result.leftOutByHaving ?? 0;
  const returnsOnly =
    left > 0
      ? ` ${plural(left, `more ${singular(noun)}`, `more ${noun}`)} ${left === 1 ? 'has' : 'have'} only returns in these rows and ${left === 1 ? 'is' : 'are'} not counted.`
      : '';
  return `**${plural(values, singular(noun), noun)}** in all${blank}.${returnsOnly}`;
}

/**
 * "That is 6.5% of the 1,234 customers who bought in 2020-01-01 … 2020-12-31. Together they
 * bought 45,678.90 then, 3.2% of that period's revenue.": a churn rate over the two periods,
 * and the revenue that stopped with them ("How much did the customers we lost spend?" got the
 * list of 495 and no sum).
 */
function lapsedShareWords(
  result: QueryResult,
  period: QuerySpec['period'],
  notBoughtIn: QuerySpec['notBoughtIn'],
  currency: string | null,
): string {
  const { noun, who, bought, did } = listedWords(result);
  // "What did Sean Miller buy in 2020 but not in 2021?" read "0 products in all.": he bought nothing in 2020.
  if (!result.lapsedShare && period && result.totalRows === 0)
    return ` No ${pluralNoun(noun)} ${did} in ${period.from} … ${period.to} here, so none could stop.`;
  if (!result.lapsedShare || !period) return '';
  const { of, percent, revenue, revenuePercent } = result.lapsedShare;
  const buyers = `${countOf(of, noun)} ${who} in ${period.from} … ${period.to}`;
  // "Which categories stopped selling in 2024?" when none did: "0.0% of the 8 …, sales of 0.00 then".
  if (result.totalRows === 0 && notBoughtIn) return ` Each of the ${buyers} ${did} in ${notBoughtIn.from} … ${notBoughtIn.to} too.`;
  const share = revenuePercent !== null && revenue >= 0 ? `, ${pct(revenuePercent)} of that period's revenue` : '';
  return ` That is ${pct(percent)} of the ${buyers}. Together they ${bought} ${formatCell(revenue, 'money', currency)} then${share}.`;
}

/** The column a list of two periods' buyers holds, in the singular: "customer", "product". */
function listedNoun(result: QueryResult): string {
  return result.columns[0]?.label ?? 'customer';
}

/** How the share of a list of two periods is worded: of customers who bought, or of products (regions…) with sales. */
function listedWords(result: QueryResult): { noun: string; who: string; bought: string; did: string } {
  const noun = listedNoun(result);
  return noun === 'customer'
    ? { noun, who: 'who bought', bought: 'bought', did: 'bought' }
    : { noun, who: 'with sales', bought: 'had sales of', did: 'had sales' };
}

/**
 * "That is 28.5% of the 692 customers who bought in 2023-01-01 … 2023-12-31. Together they
 * bought 5,369,383.79 then and 5,522,791.60 in 2024-01-01 … 2024-12-31.": a retention rate
 * over the two periods, and what the customers kept spent in each.
 */
function keptShareWords(
  result: QueryResult,
  period: QuerySpec['period'],
  other: QuerySpec['alsoBoughtIn'],
  currency: string | null,
): string {
  if (!result.keptShare || !period || !other) return '';
  const { of, percent, revenue, otherRevenue } = result.keptShare;
  const { noun, who, bought } = listedWords(result);
  return (
    ` That is ${pct(percent)} of the ${countOf(of, noun)} ${who} in ${period.from} … ${period.to}.` +
    ` Together they ${bought} ${formatCell(revenue, 'money', currency)} then and ${formatCell(otherRevenue, 'money', currency)} in ${other.from} … ${other.to}.`
  );
}

/**
 * "That is 22.8% of the 1,145 customers who bought category = Hydraulics. Together they bought
 * 1,097,969.77 of it, 17.1% of its revenue.": the customers of the rows kept (a category, a
 * period) who never bought the other values, the ones to offer them to.
 */
function withoutShareWords(result: QueryResult, currency: string | null): string {
  if (!result.withoutShare) return '';
  const { of, percent, revenue, revenuePercent, rows } = result.withoutShare;
  const share = revenuePercent !== null && revenue >= 0 ? `, ${pct(revenuePercent)} of its revenue` : '';
  return (
    ` That is ${pct(percent)} of the ${plural(of, 'customer')} who bought ${rows}.` +
    ` Together they bought ${formatCell(revenue, 'money', currency)} of it${share}.`
  );
}

/**
 * "Of the 300 customers who bought Chairs, that is 40.0%; of the 270 customers who bought
 * Tables, that is 44.4%; 450 customers bought at least one of them. Together they bought
 * 123,456.78 of them, 40.1% of all Chairs and Tables revenue.": the share of each value's
 * buyers who bought the others too, the rate a cross-sell is judged by, and what the list
 * bought of the values.
 */
function everyShareWords(result: QueryResult, currency: string | null): string {
  if (!result.everyShare) return '';
  const { of, each, revenue, revenuePercent, rows } = result.everyShare;
  const scope = rows ? ` (${rows})` : '';
  const shares = each.map(
    (e, k) =>
      `${k === 0 ? 'Of the' : 'of the'} ${plural(e.customers, 'customer')} who bought ${e.value}${k === 0 ? scope : ''}, that is ${pct(e.percent)}`,
  );
  const names = each.map((e) => e.value);
  const all = `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  // "… of all Tools and Safety revenue (region = DE-North)": of the rows the list is of, not the whole file's.
  const share = revenuePercent !== null && revenue >= 0 ? `, ${pct(revenuePercent)} of all ${all} revenue${scope}` : '';
  return (
    ` ${shares.join('; ')}; ${plural(of, 'customer')} bought at least one of them.` +
    ` Together they bought ${formatCell(revenue, 'money', currency)} of them${share}.`
  );
}

/** What a result row is: "customer", or "customer × product pair" when two columns label it. */
function rowNoun(result: QueryResult): string {
  const labels = result.columns.filter((c) => c.kind === 'text').map((c) => c.label);
  return labels.length > 1 ? `${labels.join(' × ')} pair` : (labels[0] ?? 'row');
}

/** "; together: revenue 12,345.67": what the rows a threshold kept hold, shown or not. */
function keptTotalsWords(result: QueryResult, currency: string | null): string {
  const totals = result.keptTotals ?? [];
  if (totals.length === 0) return '';
  return `; together: ${totals.map((t) => `${MEASURE_LABELS[t.measure]} ${formatCell(t.value, t.kind, currency)}`).join(', ')}`;
}

/** "2 categories", "1 region". */
function countOf(n: number, noun: string): string {
  return plural(n, noun, pluralNoun(noun));
}

/** "with revenue > 1,000", or "with one order" / "who had bought before" for customers counted by their orders. */
function countedWith(having: HavingWritten, average?: number): string {
  const words = havingWords(having, average);
  return customersCountedWords(words) ?? `with ${words}`;
}

/** "customers with one order" → "with one order", "customers who had bought before" → "who …": a bound that is a kind of customer. */
function customersCountedWords(words: string): string | null {
  return /^customers (with|who) /.test(words) ? words.slice('customers '.length) : null;
}

/** "I can't answer that exactly" with the reason and 2–3 questions that can be answered. */
export function cant(reason: string, meta: SnapshotMeta, today: Date | null): string {
  // A file without dates has no months or years to suggest.
  const inYear = today && meta.hasDates ? ` in ${exampleYearOf(meta, today)}` : '';
  const suggestions = inYear ? [`Revenue by month${inYear}`] : [];
  if (meta.dimensions.some((d) => d.key === 'customer')) suggestions.push(`Top 5 customers by revenue${inYear}`);
  const slice = meta.dimensions.find((d) => d.key === 'category' || d.key === 'region' || d.key === 'product');
  if (slice) suggestions.push(`Revenue by ${slice.label}${inYear}`);
  if (suggestions.length === 0) suggestions.push('Total revenue');
  return `I can't answer that exactly. ${reason}\n\nQuestions I can answer from this file:\n${suggestions
    .slice(0, 3)
    .map((s) => `- ${s}`)
    .join('\n')}`;
}
