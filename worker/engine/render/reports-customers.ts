/**
 * Markdown reports for the customer questions: segments (RFM + ABC), concentration and
 * churn. Each report states its method and thresholds, shows tables, and ends with
 * concrete actions naming customers.
 */
import { callListCaveat } from './call-list-caveat';
import type { AnalysisResult, ChurnCustomer } from '../contract';
import {
  CHURN_RISK_RULES,
  CHURN_SCORE_RULE,
  HEURISTIC_ONE_TIME_RULE,
  HEURISTIC_RULES,
  MIN_RHYTHM_DAYS,
  ONE_TIME_BUYER_RULE,
} from '../analyses/churn-risk';
import { buyingRhythm } from './buying-rhythm';
import { CALL_LIST_SIZE, churnSummaryOf } from '../analyses/churn-summary';
import { backtestSection } from './churn-backtest-report';
import { count, fixed, money, plural, share, these } from './format';
import { blocks, bullets, md, nameList, table } from './markdown';

/** How many customers an action list names. */
export { CALL_LIST_SIZE };

export function segmentsReport(result: AnalysisResult): string {
  const s = result.segments;
  if (!s) return blocks('# Customer segments', 'The file has no customer column, so customers cannot be segmented.');
  const currency = result.dataset.currency;
  const ruleTable = table(
    ['R×F scores', 'Segment'],
    s.rules.map((rule) => [rule.rf.join(', '), rule.segment]),
  );
  const summary = s.summary.length
    ? table(
        ['Segment', 'Customers', 'Revenue', 'Share of revenue'],
        s.summary.map((row) => [row.segment, count(row.customers), money(row.revenue, currency), share(row.revenueShare)]),
        ['l', 'r', 'r', 'r'],
      )
    : // Iowa's one day of sales has dates: every customer bought that day, so recency ranks nothing.
      result.dataset.period.from !== null && result.dataset.period.from === result.dataset.period.to
      ? `Every row is dated ${result.dataset.period.from}, so every customer bought equally recently and recency — and with it the R×F segments — cannot be scored. The ABC tiers below still apply.`
      : 'The file has no order dates, so recency — and with it the R×F segments — cannot be scored. The ABC tiers below still apply.';
  const abc = table(
    ['Tier', 'Customers', 'Revenue', 'Share of revenue'],
    s.abcSummary.map((row) => [row.tier, count(row.customers), money(row.revenue, currency), share(row.revenueShare)]),
    ['l', 'r', 'r', 'r'],
  );
  const top = table(
    ['Customer', 'Revenue', 'Orders', 'Last order', 'R', 'F', 'M', 'Segment', 'Tier'],
    s.customers
      .slice(0, 20)
      .map((c) => [
        c.name,
        money(c.revenue, currency),
        count(c.orders),
        c.lastOrder ?? 'n/a',
        c.r === null ? 'n/a' : String(c.r),
        String(c.f),
        String(c.m),
        c.segment ?? 'n/a',
        c.abc,
      ]),
    ['l', 'r', 'r', 'l', 'r', 'r', 'r', 'l', 'l'],
  );
  const names = (segment: string): string[] => s.customers.filter((c) => c.segment === segment).map((c) => md(c.name));
  const actions: string[] = [];
  const cantLose = names("Can't Lose Them");
  const atRisk = names('At Risk');
  const champions = names('Champions');
  if (cantLose.length) actions.push(`Win back the big spenders who went quiet (Can't Lose Them), largest first: ${nameList(cantLose)}.`);
  if (atRisk.length) actions.push(`Reach out to At Risk customers with a personal offer: ${nameList(atRisk)}.`);
  if (champions.length) actions.push(`Reward and ask Champions for referrals: ${nameList(champions)}.`);
  const tierA = s.abcSummary.find((row) => row.tier === 'A');
  if (tierA)
    actions.push(`Give the ${count(tierA.customers)} tier-A accounts (${share(tierA.revenueShare)} of revenue) a named account manager.`);
  return blocks(
    '# Customer segments',
    md(s.method),
    '## RFM rule table',
    ruleTable,
    '## Segments',
    summary,
    '## ABC value tiers (A until 80% of revenue, B until 95%, C the rest)',
    abc,
    '## Top 20 customers',
    top,
    '## Actions',
    bullets(actions),
  );
}

export function concentrationReport(result: AnalysisResult): string {
  const c = result.concentration;
  if (!c) return blocks('# Revenue concentration', 'No customer has positive revenue, so concentration cannot be measured.');
  const currency = result.dataset.currency;
  const metrics = table(
    ['Measure', 'Value'],
    [
      ['Top customer', c.topCustomer ? `${c.topCustomer.name} — ${share(c.topCustomer.share)}` : 'n/a'],
      ['Top 10 customers', share(c.top10Share)],
      ['Top 20% of customers', share(c.top20PctShare)],
      ['Customers making 80% of revenue', count(c.customersFor80Pct)],
      ['Gini coefficient', fixed(c.gini, 3)],
      ['HHI (0–10,000)', count(c.hhi)],
      ['Level', c.level],
    ],
    ['l', 'r'],
  );
  const top = table(
    ['#', 'Customer', 'Revenue', 'Share'],
    (result.segments?.customers ?? [])
      .slice(0, 10)
      .map((customer, i) => [
        String(i + 1),
        customer.name,
        money(customer.revenue, currency),
        c.topCustomer ? share(customer.revenue / (c.topCustomer.revenue / c.topCustomer.share)) : 'n/a',
      ]),
    ['r', 'l', 'r', 'r'],
  );
  const actions: string[] = [];
  if (c.keyAccounts.length) {
    actions.push(
      `Key-account risk (each above 10% of revenue): ${nameList(c.keyAccounts.map((a) => `${md(a.name)} (${share(a.share)})`))}. Secure multi-year agreements and map a second contact at each.`,
    );
  } else {
    actions.push('No single customer is above 10% of revenue; no key-account risk by that test.');
  }
  if (c.level !== 'low')
    actions.push(
      `Revenue is ${c.level === 'high' ? 'highly' : 'moderately'} concentrated: grow the mid-tier to reduce dependence on the top accounts.`,
    );
  actions.push(
    c.customersFor80Pct === 1
      ? '1 customer makes 80% of revenue; protect that account first.'
      : `${plural(c.customersFor80Pct, 'customer')} make 80% of revenue; protect them first.`,
  );
  return blocks(
    '# Revenue concentration',
    `Level by HHI follows the ${md(c.levelBasis)}. Shares are of positive customer revenue.`,
    metrics,
    c.flags.length ? `## Flags\n\n${bullets(c.flags.map(md))}` : null,
    '## Top 10 customers',
    top,
    '## Actions',
    bullets(actions),
  );
}

function churnRow(c: ChurnCustomer, currency: string | null): string[] {
  return [
    c.name,
    c.risk,
    c.pAlive === null ? 'n/a' : share(c.pAlive),
    c.silenceProbability === null || c.silenceProbability === undefined
      ? 'n/a'
      : share(c.silenceProbability, c.silenceProbability < 0.001 ? 3 : 1),
    c.daysSinceLastOrder === null ? 'n/a' : count(c.daysSinceLastOrder),
    c.typicalGapDays === null ? 'one purchase day' : buyingRhythm(c),
    fixed(c.expectedPurchases90d, 2),
    money(c.revenue12m, currency),
    money(c.revenueAtRisk, currency),
    c.clv12m === null || c.clv12m === undefined ? 'n/a' : money(c.clv12m, currency),
  ];
}

/** How many customers at risk `churn.md` lists; the CSV export has them all. */
const AT_RISK_SHOWN = 25;

/**
 * Repeat buyers not on the call list (rated neither high nor lost) with a rhythm (three purchase
 * days or more: one gap is no habit) who are silent more than twice their own typical gap, a gap
 * under a week counted as a week, most revenue in the last 12 months first. It named the model's
 * medium class as "slipping past their rhythm", and the model, pulling each rate towards the
 * population's, rated some of them medium within their rhythm (Superstore's Paul Knutson: 483
 * days on an 883-day gap) and others low far past it (Clay Ludtke: 284 days on 101).
 */
function slippingPastTheirRhythm(customers: readonly ChurnCustomer[]): ChurnCustomer[] {
  return customers
    .filter(
      (c) =>
        c.risk !== 'high' &&
        c.risk !== 'lost' &&
        c.typicalGapDays !== null &&
        (c.purchaseDays ?? 0) >= 3 &&
        c.daysSinceLastOrder !== null &&
        c.daysSinceLastOrder > 2 * Math.max(MIN_RHYTHM_DAYS, c.typicalGapDays),
    )
    .sort((p, q) => q.revenue12m - p.revenue12m);
}

/**
 * The 12 months the churn analysis counts, as dates: calendar months to the as-of date, the last
 * one partial (", 2011-01-01 … 2011-12-09, the last month to the as-of date"). Read as 365 days
 * it looked like about 11 months with the rest left out.
 */
function twelveMonthsOf(asOf: string | null, firstDay: string | null): string {
  if (!asOf) return '';
  const start = new Date(Date.UTC(Number(asOf.slice(0, 4)), Number(asOf.slice(5, 7)) - 12, 1)).toISOString().slice(0, 10);
  // Online Retail's two months read "2010-12-01 … 2011-11-30" of rows that start on 2011-10-02.
  const rowsStart = firstDay !== null && firstDay > start ? `; the rows start on ${firstDay}` : '';
  return `, ${start} … ${asOf}: calendar months, the last to the as-of date${rowsStart}`;
}

/** One-time buyers whose first (and only) order is more recent than the median repeat buyer's gap. */
function newOneTimeBuyers(customers: readonly ChurnCustomer[], medianGapDays: number | undefined): ChurnCustomer[] {
  if (medianGapDays === undefined) return [];
  return customers.filter((c) => c.typicalGapDays === null && c.daysSinceLastOrder !== null && c.daysSinceLastOrder < medianGapDays);
}

export function churnReport(result: AnalysisResult): string {
  const ch = result.churn;
  if (!ch || ch.model === 'unavailable')
    return blocks(
      '# Churn risk',
      md(ch?.note ?? 'The file has no customer column, so churn cannot be measured.'),
      backtestSection(ch?.backtest),
    );
  const modelled = ch.model === 'bg-nbd';
  const currency = result.dataset.currency;
  const summary = churnSummaryOf(ch);
  const byRisk = summary.byRisk.map((row) => [row.risk, count(row.customers), money(row.revenue12m, currency)]);
  const model =
    ch.model === 'bg-nbd' && ch.params
      ? `Model: BG/NBD (Fader, Hardie & Lee 2005), fitted by maximum likelihood on each customer's repeat purchase days x, time of last purchase tₓ and time observed T (from first purchase to ${result.asOf ?? 'the as-of date'}), in ${ch.params.timeUnit}: ` +
        `r = ${fixed(ch.params.r, 4)}, α = ${fixed(ch.params.alpha, 4)}, a = ${fixed(ch.params.a, 4)}, b = ${fixed(ch.params.b, 4)} (log-likelihood ${fixed(ch.params.logLikelihood, 2)}).` +
        (ch.gammaGamma
          ? ` Spend: Gamma-Gamma p = ${fixed(ch.gammaGamma.p, 2)}, q = ${fixed(ch.gammaGamma.q, 2)}, v = ${fixed(ch.gammaGamma.v, 2)}; 12-month CLV = expected purchases in 365 days × expected spend per purchase, undiscounted.`
          : '')
      : `Model: rhythm heuristic. ${md(ch.note ?? '')}`;
  const callList = summary.called;
  const actions: string[] = [];
  if (callList.length) {
    actions.push(
      `Call ${these(callList.length, 'customer')} first (most revenue at risk): ${nameList(
        callList.map((c) => `${md(c.name)} (${money(c.revenueAtRisk, currency)})`),
        CALL_LIST_SIZE,
      )}.${callListCaveat(ch)}`,
    );
  }
  const slipping = slippingPastTheirRhythm(ch.customers);
  // Superstore's list named Caroline Jumper and Bryan Davis, whom the table above rates low: the
  // action says so, rather than leave the two to contradict each other.
  const ratedLow = slipping.slice(0, CALL_LIST_SIZE).filter((c) => c.risk === 'low').length;
  const lowSaid =
    ratedLow === 0
      ? ''
      : ` (the churn model rates ${ratedLow === Math.min(slipping.length, CALL_LIST_SIZE) ? (ratedLow === 1 ? 'this one' : `all ${ratedLow}`) : `${ratedLow} of those named`} low; their silence is long for their own past gaps, and a check-in costs little)`;
  if (slipping.length)
    actions.push(
      `Send a check-in to repeat buyers silent more than twice their usual gap${lowSaid}, most revenue first: ${nameList(
        slipping.map(
          (c) =>
            `${md(c.name)} (${count(c.daysSinceLastOrder ?? 0)} days silent, orders on average ${count(Math.round(c.typicalGapDays ?? 0))} days apart)`,
        ),
        CALL_LIST_SIZE,
      )}.`,
    );
  const newBuyers = newOneTimeBuyers(ch.customers, ch.repeatGap?.medianDays);
  if (newBuyers.length && ch.repeatGap)
    actions.push(
      `Follow up the ${plural(newBuyers.length, 'one-time buyer')} whose first order was less than ${count(Math.round(ch.repeatGap.medianDays))} days ago (the median repeat buyer's gap) before that gap passes; most one-time buyers never return otherwise.`,
    );
  const atRisk = ch.customers.filter((c) => c.risk !== 'low');
  return blocks(
    '# Churn risk',
    md(model),
    `Revenue at risk (last 12 months' revenue of customers rated high or lost${twelveMonthsOf(result.asOf, result.dataset.period.from)}): **${md(money(ch.revenueAtRisk, currency))}**.`,
    '## Risk rules',
    modelled ? md(CHURN_SCORE_RULE) : null,
    table(
      ['Risk', 'Rule'],
      (modelled ? CHURN_RISK_RULES : HEURISTIC_RULES).map((rule) => [rule.risk, rule.rule]),
    ),
    md(modelled ? ONE_TIME_BUYER_RULE : HEURISTIC_ONE_TIME_RULE),
    '## Customers by risk',
    table(['Risk', 'Customers', 'Revenue, last 12 months'], byRisk, ['l', 'r', 'r']),
    '## Customers at risk',
    atRisk.length
      ? `Rated lost, high or medium: most revenue at risk first, then high, medium and lost, each by the last 12 months' revenue.${
          atRisk.length > AT_RISK_SHOWN ? ` The first ${AT_RISK_SHOWN} of ${count(atRisk.length)}; all are in at-risk-customers.csv.` : ''
        }`
      : 'No customer is rated lost, high or medium.',
    atRisk.length === 0
      ? null
      : table(
          [
            'Customer',
            'Risk',
            'P(alive)',
            'Silence probability',
            'Days since last order',
            'Buying rhythm',
            'Expected purchases, 90 days',
            'Revenue, 12 months',
            'At risk',
            'CLV, 12 months',
          ],
          atRisk.slice(0, AT_RISK_SHOWN).map((c) => churnRow(c, currency)),
          ['l', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
        ),
    backtestSection(ch.backtest),
    '## Actions',
    bullets(actions),
  );
}
