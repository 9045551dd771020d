/**
 * Chat about sales reps: "how is Anna doing?" (one rep, fuzzy-matched by name) and
 * "whose book has the most churn risk?" (reps ranked by a scorecard figure), answered
 * with `get_rep_scorecards`. Questions about revenue, margin or new customers by rep over
 * a period are left to the question grammar, which answers them from the rows. A file
 * without a rep column is told so, never answered with another figure.
 */
import { escapeMarkdown } from '../../engine/render/escape';
import type { AnalysisResult } from '../../engine/contract';
import { formatMoney, formatNumber, formatPct, joinNames, plural } from '../format';
import { getRepScorecards, SORT_WORDS, type RepRow, type RepSort } from '../tools/rep-tools';
import { normalise } from '../tools/tool-kit';
import { CONTACT_VERB, intentOf } from './intents';
import { periodOf } from './periods';
import type { SectionRunner } from './sections';

/** `alsoCustomer`: a customer has the rep's exact name too (Superstore: Anna Andreadi is both). */
export type RepIntent =
  | { kind: 'rep'; query: string; alsoCustomer?: boolean }
  | { kind: 'reps'; sortBy: RepSort; direction: 'desc' | 'asc' }
  /** A scorecard ranking asked within a value (a region, a category): the scorecards are of each whole book. */
  | { kind: 'wholeBookOnly'; sortBy: RepSort }
  /** One rep's scorecard asked within a value ("How is Rep 5 doing in the UK?"). */
  | { kind: 'bookOnly'; rep: string; value: string };

const REPISH =
  /\b(sales ?reps?|reps?|sales ?(people|persons?|m[ae]n|wom[ae]n|team)|salesperson|account (managers?|owners?)|whose (book|accounts?|customers?|portfolio)|books? of business|scorecards?)\b/;
/** Words that ask for a scorecard rather than one figure over a period. */
const SCORECARDISH = /scorecard|\bbooks?\b|perform|doing|faring|getting on/;
const HOW_IS = /\bhow (?:is|are|'s|was|were) ([\p{L}][\p{L}\d .'-]*?) (?:doing|performing|getting on|going|tracking|faring)\b/iu;
const POSSESSIVE = /\b([\p{L}][\p{L}\d .-]*?)'s (?:book|scorecard|numbers|performance|portfolio|accounts|results)\b/iu;
const SCORECARD_FOR = /\b(?:scorecard|book|performance) (?:for|of) ([\p{L}][\p{L}\d .'-]+?)$/iu;
const LEAD_WORDS = new Set([
  's',
  'what',
  'whats',
  'in',
  'is',
  'about',
  'of',
  'the',
  'how',
  'me',
  'tell',
  'show',
  'and',
  'for',
  'on',
  'at',
  'look',
]);
/** Subjects of "how is … doing" that are not a person. */
const NOT_A_NAME =
  /^(it|we|you|they|things?|business|sales|revenue|everything|everyone|the business|the company|my business|our business|the year|this year|this month|trade)$/;
/** Rankings of reps the grammar makes from the rows, within a value too: "the most customers in UK". */
const GRAMMAR_RANKS_REPS_BY: ReadonlySet<RepSort> = new Set(['revenue', 'grossProfit', 'grossMarginPct', 'bookCustomers']);
/**
 * Rankings the scorecards answer even where the grammar could sum the rows (it has no churn,
 * book or cross-sell per rep); within a value, the grammar's are GRAMMAR_RANKS_REPS_BY.
 */
const SCORECARD_SORTS: ReadonlySet<RepSort> = new Set([
  'revenueAtRisk',
  'lostCustomers',
  'crossSellOpportunities',
  'topCustomerShare',
  'topCustomerRevenue',
  'bookCustomers',
]);
const LOW = /\b(least|lowest|smallest|bottom|fewest)\b/;
// "Which reps are underperforming?" was ranked from the top.
const WORST = /\b(worst|weakest|poorest|underperform\w*|under-perform\w*|lagging|struggling)\b/;

function sortOf(q: string): RepSort {
  if (/churn|at.?risk|\brisk/.test(q)) return 'revenueAtRisk';
  if (/\blost\b|\blos(e|ing)\b|churned/.test(q)) return 'lostCustomers';
  if (/cross.?sell|up.?sell|opportunit/.test(q)) return 'crossSellOpportunities';
  if (/concentrat|depend|relian|\brel(?:y|ies|ied) on\b|expos/.test(q)) return 'topCustomerShare';
  // "Which rep has the biggest customer?" ranked the top customers' shares (Rep 12), not their size.
  if (/\b(?:top|biggest|largest) (?:single )?(?:customers?|clients?|accounts?)\b/.test(q))
    return /\b(?:share|percent|proportion)\b|%/.test(q) ? 'topCustomerShare' : 'topCustomerRevenue';
  if (/\bnew (customers|accounts|clients)|\bwon\b|acquir/.test(q)) return 'newCustomers';
  if (/margin/.test(q)) return 'grossMarginPct';
  if (/profit/.test(q)) return 'grossProfit';
  if (/most (customers|accounts|clients)|(biggest|largest) book|book size/.test(q)) return 'bookCustomers';
  return 'revenue';
}

function directionOf(q: string, sort: RepSort): 'desc' | 'asc' {
  // For risk, losses and dependence "worst" means the most of it.
  const bad = sort === 'revenueAtRisk' || sort === 'lostCustomers' || sort === 'topCustomerShare';
  return LOW.test(q) || (!bad && WORST.test(q)) ? 'asc' : 'desc';
}

/** The name a question asks about, as typed ("how is Anna doing?" → "Anna"), or null. */
function askedName(text: string): string | null {
  const captured = (HOW_IS.exec(text) ?? POSSESSIVE.exec(text) ?? SCORECARD_FOR.exec(text))?.[1] ?? '';
  // "What's in Bob's book" captures "s in Bob": drop the question's own words before the name.
  const words = captured.trim().split(/\s+/);
  while (words.length > 1 && LEAD_WORDS.has(words[0].toLowerCase())) words.shift();
  const name = words.join(' ') || null;
  if (!name || NOT_A_NAME.test(name.toLowerCase()) || REPISH.test(name.toLowerCase())) return null;
  return name.replace(/^(rep|sales rep|account manager)\s+(?=\D)/i, '');
}

/**
 * The rep whose full name the question contains as whole words, or null. Two reps named ("Rep 3
 * vs Rep 13 customers" got Rep 13's scorecard alone) are none: the grammar sets them side by side.
 */
function mentionedRep(q: string, result: AnalysisResult): string | null {
  const text = ` ${normalise(q)} `;
  const reps = (result.repScorecards?.reps ?? []).map((r) => r.rep).filter((rep) => normalise(rep).length >= 3);
  // Longest first, each taken out of the text once found: "Rep 1 vs Rep 13" names both, "Rep 13" one.
  let rest = text;
  const named: string[] = [];
  for (const rep of [...reps].sort((a, b) => b.length - a.length)) {
    const written = ` ${normalise(rep)} `;
    if (!rest.includes(written)) continue;
    named.push(rep);
    rest = rest.split(written).join('  ');
  }
  return named.length === 1 ? named[0] : null;
}

/**
 * A list of customers asked for: "top customers", "which customers", "customers to call"; "Which
 * Rep 7 customers bought Safety?" too (it got Rep 7's scorecard).
 */
const CUSTOMERS_LISTED = new RegExp(
  String.raw`\b(?:top|best|biggest|largest|main|which|what|list|show|all)(?: \d+)?(?: [\w'-]+){0,3}? (?:customers|clients|accounts)\b|'s (?:customers|clients|accounts)\b|\b(?:customers|clients|accounts) (?:\w+ ){0,3}(?:${CONTACT_VERB})\b`,
);

/** Customers lost or at risk: the churn list's words. */
const CHURN_WORDS = /\b(lose|lost|losing|risk|churn\w*)\b/;
/** Customers who stopped buying: the rows' lapsed buyers ("customers of Rep 7 who stopped buying" got the scorecard). */
const STOPPED_BUYING =
  /\b(?:stopped|stop|quit|ceased) (?:buying|ordering|purchasing)\b|\bhave(?:n'?t| not) (?:ordered|bought|purchased)\b|\bno longer (?:buy|order|purchase)/;
/**
 * The customers asked for one by one: "which customers", "show … customers". Not "who" ("Who did
 * Rep 3 lose?" stays the scorecard's count), nor "Show Rep 3's lost revenue".
 */
// "Top 5 lost customers for Rep 12" and "medium risk customers for Rep 3" got the scorecard, which names none.
const CUSTOMERS_ONE_BY_ONE =
  /\b(which|list|show|name|top|bottom)\b.*\b(customers?|clients?|accounts?)\b|\b(?:lost|at[- ]risk|(?:high|medium|low)[- ]risk|churn(?:ed|ing)) (?:customers|clients|accounts)\b/;

/**
 * A rep question, or null to let the grammar and the other intents answer.
 * `othersNamed`: the first value the question names other than a rep (a region, a category …),
 * `true` for a name the file does not hold, or null; asked only where it decides, since it looks
 * the names up. "Which rep has the most customers in UK?" got the whole file's ranking: the
 * grammar ranks the rows of that value, and a ranking only the scorecards make is refused there.
 */
export function repIntentOf(
  question: string,
  result: AnalysisResult,
  othersNamed: () => string | true | null = () => null,
): RepIntent | null {
  const text = question
    .replace(/[’‘]/g, "'")
    .replace(/[?!.]+\s*$/, '')
    .trim();
  const q = text.toLowerCase();
  const months = result.trend.monthly.map((m) => m.month);
  // A period ("last year", "in Q1") is the grammar's: it sums the rows of that period.
  if (periodOf(q, months) !== null || /\b(last|this|past|previous) (week|month|quarter|year)\b|\bsince\b|\bytd\b/.test(q)) return null;
  const named = askedName(text);
  // "How is Rep 5 doing in the UK?" got Rep 5's whole book (1,827,448.00; 202,473.19 in the UK):
  // the scorecard is of the whole book, so it says so and points to the rows of both.
  const repAsked = mentionedRep(q, result);
  if (repAsked && (named || SCORECARDISH.test(q))) {
    const other = othersNamed();
    if (typeof other === 'string') return { kind: 'bookOnly', rep: repAsked, value: other };
  }
  if (named) {
    const other = intentOf(question, result).kind;
    // "How is Anna Andreadi doing?" with a rep and a customer of that exact name: the
    // phrasing is a rep's, so the scorecard answers, and says the customer exists.
    const rep = mentionedRep(q, result);
    if (other === 'customer' && rep) return { kind: 'rep', query: rep, alsoCustomer: true };
    // A customer, product or supplier of that name is answered as such.
    if (other === 'customer' || other === 'product' || other === 'supplier') return null;
    return { kind: 'rep', query: named };
  }
  const mentioned = mentionedRep(q, result);
  // "Who are Rep 3's top customers?", "Which customers should Rep 12 call?" and "Which customers
  // does Rep 25 have?" ask for a list of the rep's customers, which the rows give (the scorecard
  // names only the largest); "how many … have" is the scorecard's count. "Which customers did
  // Rep 3 lose?" and "Which of Rep 3's customers are at risk?" got the scorecard, which counts
  // them: the churn list of the customers with the rep's rows names them (among-answers.ts).
  if (mentioned && !/\bhow many\b/.test(q) && (CHURN_WORDS.test(q) ? CUSTOMERS_ONE_BY_ONE.test(q) : CUSTOMERS_LISTED.test(q))) return null;
  if (mentioned && STOPPED_BUYING.test(q)) return null;
  // "How many customers does Rep 7 have in the UK?" got the scorecard of Rep 7's whole book:
  // with another value named, the rows of both answer.
  if (mentioned && !SCORECARDISH.test(q) && othersNamed()) return null;
  // "Who is Rep 7's biggest customer?" and "How concentrated is Rep 7's revenue?" are on Rep 7's
  // scorecard (each ranked every rep by their top customer).
  if (
    mentioned &&
    (SCORECARDISH.test(q) ||
      /risk|churn|lost|lose|losing|cross.?sell|customers|(biggest|largest|top|main) (customer|client|account)|concentrat|depend|relian|\brel(?:y|ies|ied) on\b/.test(
        q,
      ))
  )
    return { kind: 'rep', query: mentioned };
  if (!REPISH.test(q)) return null;
  const sortBy = sortOf(q);
  if (!SCORECARDISH.test(q) && !/\bwhose\b/.test(q) && !SCORECARD_SORTS.has(sortBy)) return null;
  if (othersNamed()) return GRAMMAR_RANKS_REPS_BY.has(sortBy) ? null : { kind: 'wholeBookOnly', sortBy };
  return { kind: 'reps', sortBy, direction: directionOf(q, sortBy) };
}

/** The answer to a rep question, or null when the question is not about reps. */
export async function answerRepQuestion(
  question: string,
  result: AnalysisResult,
  runner: SectionRunner,
  othersNamed: () => string | true | null = () => null,
): Promise<string | null> {
  const intent = repIntentOf(question, result, othersNamed);
  if (!intent) return null;
  if (intent.kind === 'reps') return answerRanking(intent, result, runner);
  if (intent.kind === 'bookOnly')
    return `${intent.rep}'s scorecard is of the whole book, and I can't narrow it to “${escapeMarkdown(intent.value)}” yet; ask for a figure of the rows of both, such as “${escapeMarkdown(`${intent.rep} revenue for ${intent.value}`)}”.`;
  if (intent.kind === 'wholeBookOnly')
    return `I can rank the reps by ${SORT_WORDS[intent.sortBy]} over each rep's whole book, not within one region, category or other value yet; ask again without the value for the whole file.`;
  const answer = await answerOneRep(intent.query, result, runner);
  return intent.alsoCustomer
    ? `${answer}\n\n${intent.query} is also a customer's name; ask "tell me about customer ${intent.query}" for their orders.`
    : answer;
}

function wholeFile(result: AnalysisResult): string {
  const { from, to } = result.dataset.period;
  return from && to ? `over the whole file (${from} to ${to})` : 'over the whole file';
}

async function answerOneRep(query: string, result: AnalysisResult, runner: SectionRunner): Promise<string> {
  const found = await runner.call(getRepScorecards, { rep: query }, `Looking up the sales rep "${query}".`);
  if (!found) {
    const absent = runner.lastAbsence?.();
    if (absent) return `${absent} So I can't say how "${query}" is doing as a sales rep.`;
    const reps = (result.repScorecards?.reps ?? []).slice(0, 10).map((r) => r.rep);
    return `No sales rep matches "${query}". The reps by revenue: ${joinNames(reps)}${(result.repScorecards?.reps.length ?? 0) > 10 ? ' and more' : ''}.`;
  }
  const money = (v: number) => formatMoney(v, runner.currency);
  if (found.reps.length > 1) {
    const options = found.reps.map((r) => `${r.rep} (${money(r.revenue)})`);
    return `"${query}" matches ${plural(found.reps.length, 'rep')}: ${joinNames(options)}. Which one do you mean?`;
  }
  const r = found.reps[0];
  const taken = found.matchedBy === 'name' ? '' : ` ("${query}" taken as ${r.rep})`;
  return [
    `I understood: **${r.rep}'s scorecard ${wholeFile(result)}**${taken}.`,
    '',
    ...repLines(r, found.ranks[0], found.totalReps, result, money).map((line) => `- ${line}`),
  ].join('\n');
}

/** "Rank 2 of 25 by revenue: €…" with gross profit and margin when the file has cost. */
export function repRankLine(r: RepRow, rank: number, total: number, money: (v: number) => string): string {
  const profit = r.grossProfit === null ? '' : `, gross profit ${money(r.grossProfit)} (margin ${formatPct(r.grossMarginPct ?? 0)})`;
  return `Rank ${rank} of ${total} by revenue: ${money(r.revenue)} (${formatPct(r.revenueSharePct)} of all revenue)${profit}.`;
}

/** The scorecard of one rep in sentences; figures the file can't support are left out. */
function repLines(r: RepRow, rank: number, total: number, result: AnalysisResult, money: (v: number) => string): string[] {
  const window = result.repScorecards?.newWindow;
  const lines = [
    repRankLine(r, rank, total, money),
    `${plural(r.customersServed, 'customer')} served; ${formatNumber(r.bookCustomers)} in the book` +
      (r.newCustomers === null || !window ? '' : `, ${formatNumber(r.newCustomers)} new since ${window.from}`) +
      (r.lostCustomers === null ? '' : `, ${formatNumber(r.lostCustomers)} lost`) +
      '.',
  ];
  if (r.revenueAtRisk !== null) {
    const first = r.atRisk.map((c) => `${c.name} (${c.risk}, ${money(c.revenueAtRisk)})`);
    lines.push(`Revenue at churn risk in the book: ${money(r.revenueAtRisk)}${first.length ? `; call first: ${joinNames(first)}` : ''}.`);
  }
  if (r.topCustomer)
    lines.push(
      `Largest customer: ${r.topCustomer.name}, ${formatPct(r.topCustomer.sharePct)} of the rep's revenue (${money(r.topCustomer.revenue)}).`,
    );
  if (r.crossSellOpportunities !== null)
    lines.push(`Open cross-sell opportunities in the book: ${formatNumber(r.crossSellOpportunities)}.`);
  return lines;
}

function figureOf(r: RepRow, sortBy: RepSort, money: (v: number) => string): string {
  switch (sortBy) {
    case 'revenueAtRisk':
      return `${money(r.revenueAtRisk ?? 0)} at risk (${formatNumber(r.lostCustomers ?? 0)} lost of ${plural(r.bookCustomers, 'customer')} in the book)`;
    case 'lostCustomers':
      return `${formatNumber(r.lostCustomers ?? 0)} lost of ${plural(r.bookCustomers, 'customer')} in the book`;
    case 'crossSellOpportunities':
      return `${formatNumber(r.crossSellOpportunities ?? 0)} open ${r.crossSellOpportunities === 1 ? 'opportunity' : 'opportunities'}`;
    case 'topCustomerShare':
      return r.topCustomer
        ? `${r.topCustomer.name} is ${formatPct(r.topCustomer.sharePct)} of the rep's revenue`
        : 'no customer with positive revenue';
    case 'topCustomerRevenue':
      return r.topCustomer ? `${r.topCustomer.name}, ${money(r.topCustomer.revenue)}` : 'no customer with positive revenue';
    case 'newCustomers':
      return `${formatNumber(r.newCustomers ?? 0)} new of ${plural(r.bookCustomers, 'customer')} in the book`;
    case 'bookCustomers':
      return `${plural(r.bookCustomers, 'customer')} in the book`;
    case 'grossMarginPct':
      return `margin ${formatPct(r.grossMarginPct ?? 0)} (${money(r.grossProfit ?? 0)} on ${money(r.revenue)})`;
    case 'grossProfit':
      return `${money(r.grossProfit ?? 0)} gross profit (margin ${formatPct(r.grossMarginPct ?? 0)})`;
    case 'revenue':
      return `${money(r.revenue)} (${formatPct(r.revenueSharePct)} of revenue)${r.grossMarginPct === null ? '' : `, margin ${formatPct(r.grossMarginPct)}`}`;
  }
}

async function answerRanking(intent: Extract<RepIntent, { kind: 'reps' }>, result: AnalysisResult, runner: SectionRunner): Promise<string> {
  const input = { sortBy: intent.sortBy, direction: intent.direction, limit: 10 };
  const ranked = await runner.call(getRepScorecards, input, 'Reading the sales-rep scorecards.');
  if (!ranked) return runner.lastAbsence?.() ?? 'The sales-rep scorecards are not available for this file; the tool result above says why.';
  const money = (v: number) => formatMoney(v, runner.currency);
  const order = intent.direction === 'desc' ? 'most' : 'least';
  const head = `I understood: **sales reps ranked by ${ranked.sortedBy}, ${order} first, ${wholeFile(result)}**.`;
  if (intent.sortBy === 'revenueAtRisk' && ranked.reps.every((r) => (r.revenueAtRisk ?? 0) === 0)) {
    const flagged = result.churn?.customers.filter((c) => c.risk === 'lost' || c.risk === 'high').length ?? 0;
    const lost = result.churn?.customers.filter((c) => c.risk === 'lost').length ?? 0;
    if (flagged === 0) return `${head}\n\nNo rep's book has revenue at churn risk: no customer is rated high risk or lost.`;
    // "No customer is rated lost" was said of a file with 850 lost customers: they bought nothing
    // in the last 12 months, so none of it is at risk, and they are the reps' to win back.
    const byLost = await answerRanking({ ...intent, sortBy: 'lostCustomers' }, result, runner);
    if (lost === 0)
      return `${head}\n\nNo rep's book has revenue at churn risk: the ${plural(flagged, 'customer')} rated high risk bought nothing in the last 12 months.`;
    return `No rep's book has revenue at churn risk: the ${plural(flagged, 'customer')} rated high risk or lost bought nothing in the last 12 months. The reps with the most lost customers to win back:\n\n${byLost}`;
  }
  if (intent.sortBy === 'lostCustomers' && ranked.reps.every((r) => (r.lostCustomers ?? 0) === 0))
    return `${head}\n\nNo rep's book has a lost customer: the churn model rates no customer lost.`;
  const rule =
    intent.sortBy === 'revenueAtRisk' || intent.sortBy === 'lostCustomers'
      ? ranked.rules.find((r) => r.startsWith('Lost customers'))
      : null;
  return [
    head,
    '',
    ...ranked.reps.map((r, i) => `${i + 1}. ${r.rep}: ${figureOf(r, intent.sortBy, money)}`),
    // A blank line first: right after a list item, markdown reads it as part of the last one.
    ...(ranked.more > 0 ? ['', `…and ${plural(ranked.more, 'more rep')}.`] : []),
    ...(rule ? ['', rule] : []),
  ].join('\n');
}
