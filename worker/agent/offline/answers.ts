/**
 * The offline analyst's chat answers: each intent runs the same tools the model would
 * call (recorded in the transcript by the runner) and writes a short markdown answer
 * from their output. When no intent matches, it says what it can answer.
 */
import type { AnalysisResult } from '../../engine/contract';
import type { ChurnRisk } from '../../engine/contract-churn';
import { isChargeLine } from '../../engine/analyses/charge-lines';
import { noUrgentActions, topActions } from '../../engine/render/executive-summary';
import { MAX_ROWS } from '../tools/tool-kit';
import { regionSpreadOf } from '../tools/customer-regions';
import type { Snapshot } from '../../engine/snapshot/columns';
import { pluralNoun } from '../../engine/render/format';
import { tieWords } from '../../engine/query';
import {
  churnCustomerLine,
  churnStatus,
  formatMoney,
  riskLabel,
  formatNumber,
  formatPct,
  joinNames,
  ordersOfList,
  plural,
  segmentMemberLine,
  placedLines,
} from '../format';
import {
  findCustomer,
  findProduct,
  getChurnRisk,
  getConcentration,
  getOverview,
  getSegments,
  getSuppliers,
  makeChart,
  rankCustomers,
  rankProducts,
} from '../tools';
import { answerChurnAccuracy } from './churn-accuracy';
import { answerChurnMethod } from './churn-method';
import { crossSellAnswer } from './cross-sell-answers';
import { intentOf, type Intent } from './intents';
import { NO_DATES } from './query-parsed';
import { answerInRegion, answerInSpreadRegion, regionAsked } from './region-answers';
import { answerRetention } from './retention-answers';
import { answerBridge } from './bridge-answers';
import type { SectionRunner } from './sections';
import { periodTotalAnswer, trendAnswer } from './trend-answers';

export const NOT_AVAILABLE = 'That part of the analysis is not available for this file; the tool result above says why.';

/** A ranking by orders on a file that counts none: it listed every customer with "0 orders". */
export const NO_ORDERS =
  'This file has no order numbers and no dates, so it counts no orders and customers can’t be ranked by them. Ask for the top customers by revenue instead.';

/**
 * Answers a question with tools; returns the markdown answer. A question that names one
 * of the customers' regions is answered for that region, or refused where the tools
 * can't filter by region (never answered for everyone instead); a region that is the
 * orders' rather than the customers' is answered by the rows (`answerInSpreadRegion`).
 */
export async function answerQuestion(
  question: string,
  result: AnalysisResult,
  runner: SectionRunner,
  customerRegions?: Readonly<Record<string, string | null>>,
  snapshot?: Snapshot,
): Promise<string> {
  const intent = intentOf(question, result);
  const { region, refusal } = regionAsked(question, customerRegions);
  if (refusal) return refusal;
  if (!region || !customerRegions) return answerIntent(intent, result, runner);
  const spread = await regionSpreadOf(snapshot, customerRegions, region);
  return spread ? answerInSpreadRegion(intent, question, spread, result, runner) : answerInRegion(intent, region, result, runner);
}

/** " (a, b)" for the parts given, or nothing when there are none. */
function parenthesised(parts: (string | null | undefined)[]): string {
  const given = parts.filter((part): part is string => Boolean(part));
  return given.length > 0 ? ` (${given.join(', ')})` : '';
}

/** How many customers the churn model flags: at one level, or at lost, high and medium risk with the split. */
function flaggedLine(counts: Record<ChurnRisk, number>, risk: ChurnRisk | null): string {
  if (risk) {
    const n = counts[risk];
    return `**${plural(n, 'customer')}** ${n === 1 ? 'is' : 'are'} ${risk === 'lost' ? 'lost' : `at ${risk} risk`}.`;
  }
  const n = counts.lost + counts.high + counts.medium;
  // "Lost" customers have gone already: they are flagged beside those at risk, not counted as at risk.
  return `**${plural(n, 'customer')}** ${n === 1 ? 'is' : 'are'} flagged: ${formatNumber(counts.lost)} lost, ${formatNumber(counts.high)} at high risk, ${formatNumber(counts.medium)} at medium risk.`;
}

/** Answers one intent. */
export async function answerIntent(intent: Intent, result: AnalysisResult, runner: SectionRunner): Promise<string> {
  const money = (v: number) => formatMoney(v, runner.currency);
  switch (intent.kind) {
    case 'actions': {
      const actions = topActions(result);
      return actions.length > 0
        ? ['The analysis ranks these actions first, the most urgent first:', ...actions.map((action, i) => `${i + 1}. ${action}`)].join(
            '\n',
          )
        : noUrgentActions(result);
    }

    case 'no_grouping':
      return `I can't rank ${pluralNoun(intent.noun)} from the analysis yet: it keeps its figures by customer, product, supplier and month. Ask about one at a time, by name.`;

    case 'no_dates':
      return `${NO_DATES} Ask without the period, such as "Who are my top 5 customers?".`;

    case 'help':
      return helpText(result, intent.asked);

    case 'chart': {
      const chart = await runner.call(makeChart, { series: intent.series }, 'Drawing that chart.');
      return chart ? `Here is the chart: ${chart.title}.` : NOT_AVAILABLE;
    }

    case 'rank_customers': {
      if (intent.metric === 'orders' && result.totals.orders === 0) return NO_ORDERS;
      if (intent.metric === 'firstOrder') return firstOrderRanking(intent, result, runner);
      if (intent.metric === 'recencyDays') return lastOrderRanking(intent, result, runner);
      const ranked = await runner.call(
        rankCustomers,
        { metric: intent.metric, direction: intent.direction, limit: intent.limit },
        'Ranking customers.',
      );
      if (!ranked) return NOT_AVAILABLE;
      const orders = ordersOfList(ranked.customers);
      const lines = placedLines(ranked.customers, (c) =>
        intent.metric === 'orders'
          ? `${c.name}: ${plural(c.orders, 'order')} (${money(c.revenue)})`
          : `${c.name}: ${money(c.revenue)}${parenthesised([orders(c.orders), c.segment])}`,
      );
      const head = `${intent.direction === 'desc' ? 'Top' : 'Bottom'} ${plural(ranked.customers.length, 'customer')} by ${intent.metric === 'orders' ? 'orders' : 'revenue'}:`;
      return [head, ...lines, ...rankTieLines(ranked)].join('\n');
    }

    case 'customer': {
      const found = await runner.call(findCustomer, { query: intent.query }, 'Looking that customer up.');
      const c = found?.customers[0];
      if (!found || !c) return NOT_AVAILABLE;
      const share = c.revenueSharePct === null ? '' : ` (${formatPct(c.revenueSharePct)} of all revenue)`;
      // A file that counts no orders (no order numbers, no dates) says nothing of them: "from 0 orders" was wrong.
      const fromOrders = result.totals.orders > 0 ? ` from ${plural(c.orders, 'order')}` : '';
      const dates = result.dataset.period.from ? `; first order ${c.firstOrder ?? 'unknown'}, last order ${c.lastOrder ?? 'unknown'}` : '';
      // Two stores called "No Frills Supermarkets / Council Blu": say so, and which one this is.
      const others = found.customers.slice(1).map((o) => o.name);
      const parts = [
        ...(found.matches > 1
          ? [
              `**${plural(found.matches, 'customer')}** match “${intent.query}”: ${[c.name, ...others].join(', ')}${found.matches > found.customers.length ? ' and more' : ''}. The first of them:`,
            ]
          : []),
        `**${c.name}** (${c.id}): ${money(c.revenue)} revenue${fromOrders}${share}${dates}.`,
        `Segment: ${c.segment ?? 'none'}, ABC class ${c.abc}.`,
      ];
      if (c.churn) {
        // "Lost (100.0% likely still active …)": a silence far past the customer's rhythm rates them
        // lost or high whatever P(alive) says, so P(alive) is quoted only beside a rating it agrees with.
        // With one purchase day the model rates everyone 100% alive (BG/NBD's P(alive) is 1 when x = 0),
        // which "medium risk, 321 days since the last order" quoted as a judgement: it is none.
        const judged = c.churn.purchaseDays !== 1;
        const agrees =
          judged && c.churn.pAlivePct !== null && (c.churn.risk === 'low' || c.churn.risk === 'medium' || c.churn.pAlivePct < 50);
        const alive = agrees ? `; the purchase model rates them ${formatPct(c.churn.pAlivePct ?? 0)} likely still active` : '';
        const lifetime = c.churn.revenueAtRisk === 0 && c.churn.revenue12m === 0 ? { revenue: c.revenue } : {};
        parts.push(`Churn risk: ${churnStatus({ ...c.churn, ...lifetime }, money)}${alive}.`);
        // "Lifetime value of Sean Miller" got the profile with no such figure.
        if (c.churn.clv12m !== null) {
          const lapsed = c.churn.risk === 'lost' || c.churn.risk === 'high';
          parts.push(
            `Customer lifetime value: ${money(c.churn.clv12m)} predicted over the next 12 months${lapsed ? ', if they still buy (rated lost or at high risk, read it as what winning them back is worth)' : ''}.`,
          );
        }
      }
      for (const offer of c.crossSell) parts.push(`Suggested next purchase: ${offer.product} (${offer.because}).`);
      return parts.join('\n');
    }

    case 'segment': {
      const all = await runner.call(
        getSegments,
        { segment: intent.segment, limit: intent.limit ?? 10 },
        `Listing the ${intent.segment} segment.`,
      );
      const s = all?.selected;
      if (!all || !s) return NOT_AVAILABLE;
      if (s.customers === 0) return `No customer is in the ${intent.segment} segment.`;
      // "What share of customers are Champions?" got their share of revenue alone (14.3%; they are 10.8% of customers).
      const segmented = all.segments.reduce((sum, row) => sum + row.customers, 0);
      const ofCustomers = segmented > 0 ? `${formatPct((100 * s.customers) / segmented)} of ${plural(segmented, 'customer')}` : null;
      const shares = [ofCustomers, s.revenueSharePct === null ? null : `${formatPct(s.revenueSharePct)} of revenue`].filter(Boolean);
      return [
        `${intent.segment}: ${plural(s.customers, 'customer')}, ${money(s.revenue)}${shares.length ? ` (${shares.join('; ')})` : ''}:`,
        ...s.members.map((c) => segmentMemberLine(c, money)),
        // A blank line first: right after a list item, markdown reads it as part of the last one.
        ...(s.more > 0 ? ['', `…and ${s.more} more.`] : []),
      ].join('\n');
    }

    case 'segments': {
      const s = await runner.call(getSegments, {}, 'Reading the customer segments.');
      if (!s) return NOT_AVAILABLE;
      return [
        'Customer segments:',
        ...s.segments.map(
          (r) => `- ${r.segment}: ${plural(r.customers, 'customer')}, ${money(r.revenue)} (${formatPct(r.revenueSharePct)})`,
        ),
      ].join('\n');
    }

    case 'churn': {
      const churn = await runner.call(
        getChurnRisk,
        {
          ...(intent.risk ? { risk: intent.risk } : {}),
          ...(intent.amongTop ? { amongTop: intent.amongTop } : {}),
          limit: intent.limit ?? 10,
        },
        'Checking churn risk.',
      );
      if (!churn) return NOT_AVAILABLE;
      if (intent.amongTop) return amongTopAnswer(churn, intent.amongTop, intent.risk, money);
      if (churn.customers.length === 0)
        return `No customer is at ${intent.risk ?? 'lost, high or medium'} risk. Revenue at risk overall: ${money(churn.revenueAtRisk)}.`;
      return [
        // "How many customers are at risk?" is answered by the count first.
        flaggedLine(churn.counts, intent.risk),
        churn.revenueAtRisk > 0
          ? `${money(churn.revenueAtRisk)} of revenue is at risk. Customers at risk, by revenue at risk:`
          : // Revenue at risk counts the customers rated high or lost, and none of them bought in
            // the last 12 months. Medium-risk customers may have (it once said none of the
            // flagged customers had, above a list of medium ones who bought 231 days ago).
            'No revenue of the last 12 months is at risk: the customers rated high or lost bought nothing in that year, and medium risk puts no revenue at risk. The list, by what each bought in the last 12 months, then by what they bought before:',
        ...churn.customers.map((c, i) => `${i + 1}. ${churnCustomerLine(c, money)}`),
      ].join('\n');
    }

    case 'churn_accuracy':
      return answerChurnAccuracy(runner);

    case 'churn_method':
      return (await answerChurnMethod(runner)) ?? NOT_AVAILABLE;

    case 'bridge':
      return answerBridge(intent, runner);

    case 'retention':
      return answerRetention(intent, runner, result.cohorts?.available ? result.cohorts.grain : null);

    case 'concentration': {
      const c = await runner.call(getConcentration, {}, 'Measuring revenue concentration.');
      if (!c) return NOT_AVAILABLE;
      const top = c.topCustomer
        ? ` ${c.topCustomer.name} brings ${formatPct(c.topCustomer.sharePct)} of revenue (${money(c.topCustomer.revenue)}).`
        : '';
      // Online Retail's top 10 "make 16.8% of revenue" where the query's share of all revenue is
      // 14.0%: the analysis' shares are of the customers' revenue, which says so when some has none.
      const unnamed = result.totals.revenueWithoutCustomer ?? 0;
      const ofWhat =
        unnamed > 0 ? ` Shares here are of the revenue on rows that name a customer; ${money(unnamed)} more is on rows without one.` : '';
      const all = `Revenue concentration is ${c.level}.${top} The top 10 customers make ${formatPct(c.top10SharePct)} of revenue, and ${formatNumber(c.customersFor80Pct)} of ${formatNumber(c.customers)} customers make 80%. HHI ${formatNumber(c.hhi)}, Gini ${c.gini}.${ofWhat}`;
      // "What share comes from the top 20% of customers?" got the top 20 customers.
      if (!intent.topFifth || c.customersWithRevenue === null) return all;
      const fifth = Math.ceil(0.2 * c.customersWithRevenue);
      return `The top 20% of customers (the ${formatNumber(fifth)} who bought most, of ${formatNumber(c.customersWithRevenue)} with revenue) make ${formatPct(c.top20PctOfCustomersSharePct)} of revenue.\n\n${all}`;
    }

    case 'purchase_gap': {
      const churn = await runner.call(getChurnRisk, { limit: 1 }, 'Reading how often customers come back.');
      if (!churn) return NOT_AVAILABLE;
      const gap = churn.purchaseGap;
      if (!gap) return 'No customer bought on more than one day, so there is no time between purchases to measure.';
      return `Customers who came back went a median of ${formatNumber(gap.medianDaysBetweenPurchaseDays, 1)} days between purchases: for each of the ${formatNumber(gap.repeatCustomers)} customers who bought on two days or more, the days from their first to their last purchase divided by the gaps between them, and the middle of those averages. Orders on the same day count as one purchase; customers who bought once have no gap.`;
    }

    case 'customer_value': {
      const churn = await runner.call(
        getChurnRisk,
        { limit: 1, ...(intent.limit ? { valueTop: intent.limit } : {}) },
        'Reading the predicted customer value.',
      );
      if (!churn) return NOT_AVAILABLE;
      const value = churn.customerValue12m;
      if (!value)
        return `I can't give a customer lifetime value for this file: it comes from the BG/NBD purchase model and the Gamma-Gamma spend model, and ${churn.note ?? 'they could not be fitted to these rows'}`;
      return [
        `Predicted spend over the next 12 months (the customer lifetime value of a year: BG/NBD purchases × Gamma-Gamma spend per purchase) is ${money(value.total)} across ${plural(value.customers, 'customer')}, ${money(value.total / value.customers)} a customer on average. Worth most:`,
        ...value.top.map((c, i) => `${i + 1}. ${c.name}: ${money(c.clv12m)} (${c.risk === 'lost' ? 'rated lost' : `${c.risk} risk`})`),
        // A lost customer's predicted spend assumes they still buy: what winning them back is worth, not revenue to count on.
        ...lostNote(value.top.filter((c) => c.risk === 'lost' || c.risk === 'high').map((c) => c.name)),
      ].join('\n');
    }

    case 'rank_products':
      return rankProductsAnswer(intent, runner);

    case 'product': {
      const found = await runner.call(findProduct, { query: intent.query }, 'Looking that product up.');
      if (!found || found.products.length === 0) return NOT_AVAILABLE;
      // A name several ids share (Iowa's four "Black Velvet" sizes) answered for one of them.
      const lead =
        found.matches > 1
          ? [
              `**${plural(found.matches, 'product')}** match “${intent.query}”${found.matches > found.products.length ? `; the ${found.products.length} with the most revenue` : ''}:`,
            ]
          : [];
      // One paragraph per product: markdown runs single lines together.
      return [...lead, ...found.products.map((p) => productLines(p, result, money).join('\n'))].join('\n\n');
    }

    case 'supplier': {
      const all = await runner.call(getSuppliers, { limit: 1, name: intent.name }, 'Reading supplier dependency.');
      const s = all?.items[0];
      if (!all || !s) return NOT_AVAILABLE;
      const products = await runner.call(rankProducts, { supplier: intent.name, limit: 10 }, `Listing ${s.name}'s products.`);
      return [
        `${s.name} supplies ${formatPct(s.revenueSharePct)} of revenue (${money(s.revenue)}): ${plural(s.products, 'product')}, ${plural(s.customersExposed, 'customer')} exposed. Overall supplier dependency is ${all.level ?? 'unknown'}.`,
        ...(products ? [`Its products by revenue:`, ...placedLines(products.products, (p) => `${p.name}: ${money(p.revenue)}`)] : []),
      ].join('\n');
    }

    case 'suppliers': {
      const s = await runner.call(getSuppliers, { limit: 10 }, 'Reading supplier dependency.');
      if (!s) return NOT_AVAILABLE;
      return [
        `Supplier dependency is ${s.level ?? 'unknown'}${s.topSharePct === null ? '' : `: the top supplier has ${formatPct(s.topSharePct)} of revenue`}.`,
        ...s.items.map(
          (i) =>
            `- ${i.name}: ${money(i.revenue)} (${formatPct(i.revenueSharePct)}), ${plural(i.products, 'product')}, ${plural(i.customersExposed, 'customer')} exposed`,
        ),
      ].join('\n');
    }

    case 'cross_sell':
      return crossSellAnswer(intent, runner);

    case 'period_total':
      return periodTotalAnswer(intent, runner);

    case 'trend':
      return trendAnswer(runner, intent.yearOnYear);

    case 'overview': {
      const o = await runner.call(getOverview, {}, 'Reading the totals.');
      if (!o) return NOT_AVAILABLE;
      const period = o.period.from && o.period.to ? ` covers ${o.period.from} to ${o.period.to}:` : ':';
      const margin = o.grossMargin === null ? '' : ` Gross margin ${money(o.grossMargin)} (${formatPct(o.grossMarginPct ?? 0)}).`;
      const aov = o.averageOrderValue === null ? '' : ` Average order ${money(o.averageOrderValue)}.`;
      const counts = [
        plural(o.customers, 'customer'),
        o.orders > 0 ? plural(o.orders, 'order') : null,
        // A file without a product column has no products to count, not 0 of them.
        o.products > 0 ? plural(o.products, 'product') : null,
      ].filter((part) => part !== null);
      return `${o.fileName}${period} ${money(o.revenue)} revenue from ${joinNames(counts)}${o.suppliers === null ? '' : ` (${plural(o.suppliers, 'supplier')})`}.${margin}${aov}`;
    }
  }
}

/** "Which of our top 20 customers are at risk?": the flagged ones among them, or none. */
function amongTopAnswer(
  churn: NonNullable<Awaited<ReturnType<typeof getChurnRisk.run>>>,
  n: number,
  risk: ChurnRisk | null,
  money: (v: number) => string,
): string {
  const classes = risk ? riskLabel(risk) : 'lost, high or medium risk';
  if (churn.matched === 0) return `None of your top ${formatNumber(n)} customers by revenue is rated ${classes}.`;
  return [
    `${formatNumber(churn.matched)} of your top ${formatNumber(n)} customers by revenue ${churn.matched === 1 ? 'is' : 'are'} rated ${classes}:`,
    ...churn.customers.map((c, i) => `${i + 1}. ${churnCustomerLine(c, money)}`),
    ...(churn.more > 0 ? ['', `…and ${plural(churn.more, 'more')}.`] : []),
  ].join('\n');
}

/** Why a customer rated lost or at high risk can still be worth much: the spend model does not know the silence. */
function lostNote(names: string[]): string[] {
  if (names.length === 0) return [];
  const who = joinNames(names);
  return [
    '',
    `${who} ${names.length === 1 ? 'is' : 'are'} rated lost or at high risk, silent far past their usual rhythm: the predicted spend assumes they still buy, so read it as what winning them back is worth, not revenue to count on.`,
  ];
}

const METRIC_LABELS = {
  revenue: 'revenue',
  margin: 'margin',
  marginPct: 'margin %',
  quantity: 'units sold',
  customers: 'customers',
  trendPct: 'revenue change, the last 6 full months against the 6 before',
} as const;

async function rankProductsAnswer(intent: Extract<Intent, { kind: 'rank_products' }>, runner: SectionRunner): Promise<string> {
  const money = (v: number) => formatMoney(v, runner.currency);
  const ranked = await runner.call(
    rankProducts,
    {
      metric: intent.metric,
      direction: intent.direction,
      limit: intent.limit,
      ...(intent.category ? { category: intent.category } : {}),
      // "Which products should we stop selling?" led with three whose returns outweighed their
      // sales, and "What is our worst product?" with five fees on Online Retail.
      ...(intent.review || intent.direction === 'asc' ? { netSalesOnly: true } : {}),
      goodsOnly: true,
    },
    'Ranking products.',
  );
  if (!ranked) return NOT_AVAILABLE;
  const valueOf = (p: (typeof ranked.products)[number]): string => {
    switch (intent.metric) {
      case 'revenue':
        return `${money(p.revenue)}${p.marginPct === null ? '' : ` (margin ${formatPct(p.marginPct)}, ${plural(p.customers, 'customer')})`}`;
      case 'margin':
        return `${money(p.margin ?? 0)} margin (on ${money(p.revenue)} revenue)`;
      case 'marginPct':
        return `${formatPct(p.marginPct ?? 0)} margin (${money(p.margin ?? 0)} on ${money(p.revenue)})`;
      case 'quantity':
        return `${formatNumber(p.quantity, 2)} units (${money(p.revenue)})`;
      case 'customers':
        return `${plural(p.customers, 'customer')} (${money(p.revenue)})`;
      case 'trendPct':
        return `${formatPct(p.trendPct ?? 0)} (${money(p.revenue)} in all)`;
    }
  };
  const scope = `${intent.category ? ` in ${ranked.filter.category}` : ''}${intent.metric === 'trendPct' ? ' (of the products making 80% of revenue)' : ''}`;
  const review = intent.review
    ? [`Which products to drop is your call; the ones that earn the least ${METRIC_LABELS[intent.metric]} are where to look first.`, '']
    : [];
  const lines = [
    ...review,
    `${intent.direction === 'desc' ? 'Top' : 'Bottom'} ${plural(ranked.products.length, 'product')}${scope} by ${METRIC_LABELS[intent.metric]}:`,
    ...placedLines(ranked.products, (p) => `${p.name}: ${valueOf(p)}`),
  ];
  const after: string[] = [];
  // A fee credited back is no return: charges are named as such, wherever they were left out.
  const netReturned = (ranked.netReturned ?? []).filter((name) => !isChargeLine(name));
  const charges = [...(ranked.chargesLeftOut ?? []), ...(ranked.netReturned ?? []).filter((name) => isChargeLine(name))];
  if (charges.length > 0)
    after.push(
      `Left out: ${namesCut(charges)}, which ${charges.length > 1 ? 'read as charges' : 'reads as a charge'} (postage, fees, adjustments), not goods.`,
    );
  if (netReturned.length > 0)
    after.push(
      `Left out${charges.length > 0 ? ' too' : ''}: ${namesCut(netReturned)}, whose returns outweigh their sales (net revenue 0 or below): a returns question rather than one of what they earn.`,
    );
  if (ranked.tie) after.push(rankTieWords(ranked.tie, ranked.products.length, 'products'));
  if (ranked.fastDecliners) after.push(fastDeclinersLine(ranked.fastDecliners, ranked.products));
  const belowCost = ranked.products.filter((p) => p.margin !== null && p.margin < 0);
  const aboutMargins = intent.metric === 'revenue' || intent.metric === 'margin' || intent.metric === 'marginPct';
  if (aboutMargins && belowCost.length > 0) after.push(`Sold below cost: ${belowCost.map((p) => p.name).join(', ')}.`);
  // A blank line ends the list: markdown runs a line right after it into the last item.
  return [...lines, ...after.flatMap((line) => ['', line])].join('\n');
}

/** Up to five names, then how many more. */
function namesCut(names: readonly string[]): string {
  return names.length > 5 ? `${names.slice(0, 5).join(', ')} and ${names.length - 5} more` : joinNames(names);
}

/**
 * Which falls the orders bear out: on Online Retail "Which products are fast decliners?"
 * listed five at −100% that the analysis flags none of, beside seven it does.
 */
function fastDeclinersLine(
  flagged: readonly { name: string; orders: { before: number; after: number } | null }[],
  listed: readonly { name: string }[],
): string {
  if (flagged.length === 0)
    return 'None is flagged as a fast decliner: no product fell 50% or more with its orders falling by more than chance explains.';
  const names = flagged.map(
    (f) => `${f.name}${f.orders ? ` (orders ${formatNumber(f.orders.before, 0)} → ${formatNumber(f.orders.after, 0)})` : ''}`,
  );
  const unflagged = listed.filter((p) => !flagged.some((f) => f.name === p.name)).length;
  const rest =
    unflagged === 0
      ? ''
      : unflagged === listed.length
        ? ` None of the ${listed.length} above is: their falls rest on too few orders, or too small a share of sales, to tell from chance.`
        : ' The others above are not: their falls rest on too few orders, or too small a share of sales, to tell from chance.';
  return `Flagged as fast decliners, down 50% or more with orders that fell by more than chance explains, or held at 30 or more a window in smaller orders: ${joinNames(names)}.${rest}`;
}

/**
 * What the offline analyst can answer, with examples made from this file's names. A
 * question it could not map is told so plainly first (`asked` is false), rather than
 * handed a list as if it had asked for one.
 */
export function helpText(result: AnalysisResult, asked = true): string {
  const customer = [...(result.segments?.customers ?? [])].sort((a, b) => b.revenue - a.revenue)[0]?.name ?? 'a customer name';
  const supplier = result.suppliers?.available ? result.suppliers.items[0]?.name : undefined;
  const product =
    [...(result.products?.items ?? [])].sort((a, b) => b.revenue - a.revenue).find((p) => !isChargeLine(p.name))?.name ?? 'a product';
  const lastMonth = result.trend.monthly[result.trend.monthly.length - 1]?.month;
  const months = lastMonth ? { first: monthIndexOf(result.trend.monthly[0].month), last: monthIndexOf(lastMonth) } : null;
  const [cohort, bridge] = [cohortExample(months), bridgeExample(months)];
  return [
    asked
      ? 'I can answer questions about the computed results of this file. Try, for example:'
      : "I can't answer that from this file's figures. I can answer questions like these:",
    '- "Who are my top 5 customers?" or "Who are my smallest customers?"',
    `- "Tell me about ${customer}"`,
    '- "Who are the Champions?" (or any segment)',
    '- "Which customers are at risk of churning?"',
    '- "How concentrated is our revenue?"',
    '- "What are the best-selling products?" or "Which products have the lowest margin?"',
    supplier ? `- "How dependent are we on ${supplier}?"` : '- "How dependent are we on suppliers?"',
    `- "What goes with ${product}?" or "What should I sell to ${customer}?"`,
    '- "Show the monthly revenue trend"',
    `- "What is our net revenue retention?"${cohort ? ` or "How did customers won in ${cohort} do after 6 months?"` : ''}`,
    `- "What changed revenue?"${bridge ? ` or "Bridge ${bridge}"` : ''}`,
    lastMonth ? `- "What was revenue in ${lastMonth}?"` : '- "What was total revenue?"',
  ].join('\n');
}

/**
 * The examples name quarters of the file: Iowa's one day of 2012 was offered "How did
 * customers won in Q1 2025 do after 6 months?" and "Bridge Q1 2026 vs Q1 2025", which its
 * rows can't answer. `months` are the file's month indexes, first and last.
 */
function cohortExample(months: { first: number; last: number } | null): string | null {
  if (!months) return null;
  const start = Math.ceil(months.first / 3) * 3;
  return start + 2 + 6 <= months.last ? quarterName(start) : null;
}

/** The last quarter the file holds whole, against the same quarter a year before, if it holds that too. */
function bridgeExample(months: { first: number; last: number } | null): string | null {
  if (!months) return null;
  const start = Math.floor((months.last + 1) / 3) * 3 - 3;
  return start - 12 >= months.first ? `${quarterName(start)} vs ${quarterName(start - 12)}` : null;
}

function quarterName(month: number): string {
  return `Q${Math.floor((month % 12) / 3) + 1} ${Math.floor(month / 12)}`;
}

/** "2024-12" → its month index (year × 12 + month − 1). */
function monthIndexOf(label: string): number {
  return Number(label.slice(0, 4)) * 12 + Number(label.slice(5, 7)) - 1;
}

/** After a ranking of customers whose last place is shared past the limit: a blank line and "7 customers tie for place 2, so all of them are shown." */
export function rankTieLines(ranked: { tie: RankTie | null; customers: readonly unknown[] }): string[] {
  return ranked.tie ? ['', rankTieWords(ranked.tie, ranked.customers.length, 'customers')] : [];
}

type RankTie = { place: number; tied: number };

/** A tool's tie in words: "7 products tie for place 2, so all of them are shown." */
function rankTieWords(tie: RankTie, shown: number, nouns: string): string {
  return tieWords({ start: tie.place - 1, end: tie.place - 1 + tie.tied }, shown, nouns);
}

/** "Who are our newest customers?": customers by the day of their first order, with what they bought since. */
export async function firstOrderRanking(
  intent: Extract<Intent, { kind: 'rank_customers' }>,
  result: AnalysisResult,
  runner: SectionRunner,
  region?: string,
): Promise<string> {
  if (!result.dataset.period.from) return 'This file has no dates, so I can’t tell which customers are the newest.';
  // Customers who first bought on the last day listed come too (the tool lists a tie whole).
  const found = await rankedByOrderDay('firstOrder', intent, runner, region);
  if (!found) return NOT_AVAILABLE;
  const shown = found.customers;
  const money = (v: number) => formatMoney(v, runner.currency);
  const orders = ordersOfList(shown);
  const kind = intent.direction === 'desc' ? 'newest' : 'longest-standing';
  // "Who was our first customer?" read "Longest-standing 1 customer".
  const who = shown.length === 1 ? `The ${kind} customer` : `${kind[0].toUpperCase()}${kind.slice(1)} ${plural(shown.length, 'customer')}`;
  const head = `${who}${region ? ` in ${region}` : ''}, by their first order:`;
  const lines = placedLines(
    shown,
    (c) => `${c.name}: first order ${c.firstOrder}, ${money(c.revenue)} since${orders(c.orders) ? ` (${orders(c.orders)})` : ''}`,
  );
  // The file's first day is where its history starts, not necessarily the customers'.
  const first = result.dataset.period.from;
  const fileStart =
    intent.direction === 'asc' && shown.some((c) => c.firstOrder === first)
      ? ['', `The file starts on ${first}: a first order that day is the first in the file, and the customer may have bought before it.`]
      : [];
  // A one-day file has every customer first buying that day: the tie says so.
  return [head, ...lines, ...fileStart, ...rankTieLines(found)].join('\n');
}

/** The rank_customers step by the day of each customer's first order, or by days since their last. */
function rankedByOrderDay(
  metric: 'firstOrder' | 'recencyDays',
  intent: Extract<Intent, { kind: 'rank_customers' }>,
  runner: SectionRunner,
  region: string | undefined,
) {
  return runner.call(
    rankCustomers,
    { metric, direction: intent.direction, limit: Math.min(intent.limit, MAX_ROWS), ...(region ? { region } : {}) },
    `Ranking customers by their ${metric === 'firstOrder' ? 'first' : 'last'} order.`,
  );
}

/** Customers by their last order: the most recent first (`asc`, fewest days since), or the longest silent. */
export async function lastOrderRanking(
  intent: Extract<Intent, { kind: 'rank_customers' }>,
  result: AnalysisResult,
  runner: SectionRunner,
  region?: string,
): Promise<string> {
  if (!result.dataset.period.from) return 'This file has no dates, so I can’t tell when each customer last ordered.';
  const found = await rankedByOrderDay('recencyDays', intent, runner, region);
  if (!found) return NOT_AVAILABLE;
  const money = (v: number) => formatMoney(v, runner.currency);
  const recent = intent.direction === 'asc';
  const head = `Customers${region ? ` in ${region}` : ''} by their last order, ${recent ? 'the most recent' : 'the longest ago'} first (days before ${result.asOf}):`;
  const lines = placedLines(
    found.customers,
    (c) => `${c.name}: last order ${c.lastOrder} (${plural(c.recencyDays ?? 0, 'day')}), ${money(c.revenue)} in all`,
  );
  return [head, ...lines, ...rankTieLines(found)].join('\n');
}

type FoundProduct = NonNullable<Awaited<ReturnType<typeof findProduct.run>>>['products'][number];

/** One product's figures, flags and the rules it is in. */
function productLines(p: FoundProduct, result: AnalysisResult, money: (v: number) => string): string[] {
  const margin = p.margin === null ? '' : `, margin ${money(p.margin)} (${formatPct(p.marginPct ?? 0)})`;
  // A file without quantities (UCI Wholesale) read "0 units to 440 customers".
  const unitsTo = result.dataset.roles.quantity ? `${formatNumber(p.quantity, 2)} units to ` : 'bought by ';
  return [
    `**${p.name}** (${p.id}${p.category ? `, ${p.category}` : ''}${p.supplier ? `, from ${p.supplier}` : ''}): ${money(p.revenue)} revenue${p.revenueSharePct === null ? '' : ` (${formatPct(p.revenueSharePct)} of all)`}${margin}; ${unitsTo}${plural(p.customers, 'customer')}${p.trendPct === null ? '' : `; trend ${formatPct(p.trendPct)}`}.`,
    ...p.flags.map((f) => `Flag: ${f}`),
    ...p.boughtWith.map(
      (r) => `Bought together: ${r.ifBought} → ${r.alsoBuys} (confidence ${formatPct(r.confidencePct)}, lift ${r.lift}).`,
    ),
  ];
}
