/**
 * The offline analyst's sections: one per dashboard question (plus overview and trend).
 * Each section calls tools through a runner, which records the calls in the transcript,
 * and turns the tool outputs into a finding: a summary headline, detail lines and an
 * action. Numbers come only from tool outputs, as they would for the model.
 */
import type { z } from 'zod';
import type { ChartSeries } from '../tools/chart-tool';
import { getChurnRisk, getConcentration, getOverview, getProducts, getSegments, getSuppliers, rankCustomers, rankProducts } from '../tools';
import type { AnalystTool } from '../tools/tool-kit';
import { reliabilityClause, reliabilityLines } from './churn-accuracy';
import { currencyNote } from '../../engine/render/format';
import { TWO_MEASURES_NOTE } from '../../engine/render/measure-notes';
import { RETENTION_SECTIONS, type RetentionSectionKey } from './retention-sections';
import { churnCustomerLine, formatMoney, formatNumber, formatPct, joinNames, ordersOfList, plural } from '../format';
import type { AnalysisResult } from '../../engine/contract';
import { repSection } from './rep-section';
import { trendSection } from './trend-section';
import { crossSellSection } from './cross-sell-section';

export type SectionKey =
  'overview' | 'segments' | 'concentration' | 'churn' | 'products' | 'suppliers' | 'crossSell' | 'trend' | 'reps' | RetentionSectionKey;

export interface Finding {
  section: SectionKey;
  question: string;
  /** One bullet for the executive summary (markdown), or null when there is nothing to say. */
  headline: string | null;
  /** Detail lines (markdown) for the findings section. */
  details: string[];
  action: string | null;
}

/** What a section may do: call a tool (recorded in the transcript) and draw charts. */
export interface SectionRunner {
  currency: string | null;
  /** Runs the tool; null when it answered with an error (already in the transcript). */
  call<S extends z.ZodType, O>(tool: AnalystTool<S, O>, input: z.input<S>, lead: string): Promise<O | null>;
  chart(series: ChartSeries): Promise<void>;
  /** Why the last call had nothing to say when the file lacks the data (e.g. no supplier column), else null. */
  lastAbsence?(): string | null;
  /** The last call's refused input ("No product matches …"), or null. */
  lastRefusal?(): string | null;
}

export interface Section {
  question: string;
  step: string;
  charts: ChartSeries[];
  /** Whether the section runs for this file (e.g. only with a sales-rep column); always when absent. */
  applies?(result: AnalysisResult): boolean;
  run(runner: SectionRunner): Promise<Finding>;
}

export function unavailable(section: SectionKey, question: string, runner: SectionRunner): Finding {
  return {
    section,
    question,
    headline: null,
    // An expected absence is stated as the finding itself; a real error points at the tool result.
    details: [runner.lastAbsence?.() ?? 'This could not be analysed from the file (see the tool result above).'],
    action: null,
  };
}

export const SECTIONS: Record<SectionKey, Section> = {
  overview: {
    question: 'What does the file cover?',
    step: 'Review the dataset and its totals',
    charts: [],
    async run(runner) {
      const o = await runner.call(getOverview, {}, 'First, the totals the engine computed for the whole file.');
      if (!o) return unavailable('overview', this.question, runner);
      const money = (v: number) => formatMoney(v, runner.currency);
      const period = o.period.from && o.period.to ? `, ${o.period.from} to ${o.period.to}` : '';
      const margin = o.grossMarginPct === null ? '' : `; gross margin ${formatPct(o.grossMarginPct)}`;
      return {
        section: 'overview',
        question: this.question,
        // A file of one row per customer has no orders: "and 0 orders" would be false.
        headline: `${o.fileName}: ${money(o.revenue)} revenue from ${plural(o.customers, 'customer')}${o.orders > 0 ? ` and ${plural(o.orders, 'order')}` : ''}${period}${margin}.`,
        details: [
          currencyNote(runner.currency),
          // CDNOW has no product column: "; 0 products" would be false.
          `${formatNumber(o.rowsUsed)} rows used, ${formatNumber(o.rowsRejected)} rejected${keysOf(o.products, o.suppliers)}.`,
          ...(o.averageOrderValue === null ? [] : [`Average order value: ${money(o.averageOrderValue)}.`]),
          ...(o.joined ?? []),
          ...o.warnings.map((w) => `Note: ${w}`),
        ],
        action: null,
      };
    },
  },
  segments: {
    question: 'Who are the most valuable customers?',
    step: 'Segment customers and rank the most valuable',
    charts: ['segment_revenue', 'top_customers'],
    async run(runner) {
      const segments = await runner.call(getSegments, {}, 'Next, the RFM segments and ABC tiers.');
      const top = await runner.call(rankCustomers, { metric: 'revenue', limit: 5 }, 'And the customers ranked by revenue.');
      if (!segments || !top) return unavailable('segments', this.question, runner);
      const money = (v: number) => formatMoney(v, runner.currency);
      const leaders = top.customers.slice(0, 3).map((c) => `${c.name} (${money(c.revenue)})`);
      const orders = ordersOfList(top.customers);
      const champions = segments.segments.find((s) => s.segment === 'Champions');
      const slipping = segments.segments.filter((s) => (s.segment === 'At Risk' || s.segment === "Can't Lose Them") && s.customers > 0);
      return {
        section: 'segments',
        question: this.question,
        headline: `**Most valuable customers**: ${joinNames(leaders)} lead${champions ? `; Champions are ${plural(champions.customers, 'customer')} and ${formatPct(champions.revenueSharePct)} of revenue` : ''}.`,
        details: [
          ...top.customers.map((c) => [`${c.name}: ${money(c.revenue)}`, orders(c.orders), c.segment].filter(Boolean).join(', ')),
          segments.segments.length > 0
            ? `Segments: ${segments.segments.map((s) => `${s.segment} ${formatNumber(s.customers)} (${formatPct(s.revenueSharePct)})`).join(', ')}.`
            : 'No RFM segments: they rank customers by how recently they bought, which needs dates over more than one day.',
        ],
        action:
          championsAction(top.customers[0], champions?.customers ?? 0) +
          (slipping.length > 0
            ? `; win back the ${slipping.map((s) => `${s.segment} ${s.customers === 1 ? 'customer' : 'customers'}`).join(' and ')} before they lapse.`
            : '.'),
      };
    },
  },
  concentration: {
    question: 'How concentrated is revenue?',
    step: 'Measure revenue concentration',
    charts: ['top_customers'],
    async run(runner) {
      const c = await runner.call(getConcentration, {}, 'Now, how much revenue rests on a few customers.');
      if (!c) return unavailable('concentration', this.question, runner);
      const top = c.topCustomer;
      const topText = top
        ? `${top.name} alone brings ${formatPct(top.sharePct)} of revenue (${formatMoney(top.revenue, runner.currency)}); `
        : '';
      const actions = {
        high: `Reduce dependence on ${top?.name ?? 'the top accounts'}: secure a longer agreement with them and grow the next tier of accounts.`,
        moderate: `Protect the key accounts${top ? ` (led by ${top.name})` : ''} and keep widening the customer base.`,
        low: 'Revenue is well spread; keep it that way as large accounts grow.',
      };
      return {
        section: 'concentration',
        question: this.question,
        headline: `**Revenue concentration is ${c.level}**: ${topText}${formatNumber(c.customersFor80Pct)} of ${formatNumber(c.customers)} customers make 80% of it.`,
        details: [
          `Top 10 customers: ${formatPct(c.top10SharePct)} of revenue; top 20% of customers: ${formatPct(c.top20PctOfCustomersSharePct)}.`,
          `HHI ${formatNumber(c.hhi)}, Gini ${c.gini} (${c.levelBasis ?? 'level'}).`,
        ],
        action: actions[c.level],
      };
    },
  },
  churn: {
    question: 'Which customers are at risk of churning?',
    step: 'Find customers at risk of churning',
    charts: [],
    async run(runner) {
      const churn = await runner.call(getChurnRisk, { limit: 5 }, 'Next, which customers have stopped buying as often as they used to.');
      if (!churn) return unavailable('churn', this.question, runner);
      const money = (v: number) => formatMoney(v, runner.currency);
      if (churn.customers.length === 0) {
        return {
          section: 'churn',
          question: this.question,
          headline: `**Churn**: no customer shows more than low risk.${reliabilityClause(churn.backtest)}`,
          details: [...reliabilityLines(churn.backtest), TWO_MEASURES_NOTE],
          action: null,
        };
      }
      if (churn.revenueAtRisk <= 0) return quietChurn(this.question, churn, money);
      // The customers whose revenue is at risk: Online Retail's headline ended "16029 (medium, £0.00)".
      const worst = churn.customers.filter((c) => c.revenueAtRisk > 0).slice(0, 5);
      return {
        section: 'churn',
        question: this.question,
        headline: `**${money(churn.revenueAtRisk)} of revenue is at risk**: ${joinNames(worst.map((c) => `${c.name} (${c.risk}, ${money(c.revenueAtRisk)})`))} top the list.${reliabilityClause(churn.backtest)}`,
        details: [...churn.customers.map((c) => churnCustomerLine(c, money)), ...reliabilityLines(churn.backtest), TWO_MEASURES_NOTE],
        action: `Contact ${joinNames(worst.slice(0, 2).map((c) => c.name))} this week with a win-back offer, and watch reorder gaps for the rest.`,
      };
    },
  },
  products: {
    question: 'Which products drive sales and margin?',
    step: 'Rank products by sales and margin',
    charts: ['top_products', 'product_margins', 'category_revenue'],
    async run(runner) {
      const products = await runner.call(getProducts, { limit: 5 }, 'Now the products: what sells, and what earns.');
      if (!products) return unavailable('products', this.question, runner);
      const weakest = products.marginAvailable
        ? await runner.call(
            rankProducts,
            { metric: 'marginPct', direction: 'asc', limit: 3 },
            'And the products with the thinnest margins.',
          )
        : null;
      const money = (v: number) => formatMoney(v, runner.currency);
      // The leading product, passing over postage and fee lines ("protect availability of DOTCOM POSTAGE").
      const leader = products.top.find((p) => !p.chargeLine);
      // Loss-makers in the engine's order (largest loss first), as the dashboard and reports list them.
      const belowCost = products.flags.filter((f) => f.kind === 'negative-margin').slice(0, 3);
      const decliners = products.flags.filter((f) => f.kind === 'fast-decliner');
      const lossText = belowCost.map((f) => `${f.name} is ${lowerFirst(f.detail ?? '').replace(/\.$/, '')}`);
      // "Protect availability of Bolt "Pro" 0mm, steel" for a leading product whose sales had fallen 61.8%;
      // the engine's fast-decliner flag decides, as in the executive summary (a fall from 15 orders to 4
      // among thousands of products drawn with no trend is no alarm).
      const leaderFalling = leader?.trendPct != null && leader.fastDecliner === true;
      const leaderAction = leader
        ? leaderFalling
          ? `find out why ${leader.name}, your leading product, ${fallOf(leader.trendPct)}`
          : `keep ${leader.name} in stock and visible`
        : null;
      return {
        section: 'products',
        question: this.question,
        headline: `**Products**: ${leader ? `${leader.name} leads with ${money(leader.revenue)}` : 'no product sales'}${lossText.length > 0 ? `; ${joinNames(lossText)}` : ''}.`,
        details: [
          ...products.top.map(
            (p) =>
              `${p.name}${p.chargeLine ? ' (a charge line, not merchandise)' : ''}: ${money(p.revenue)}${p.marginPct === null ? '' : `, margin ${formatPct(p.marginPct)}`}, ${plural(p.customers, 'customer')}, class ${p.abc}`,
          ),
          ...(weakest
            ? [`Thinnest margins (lowest margin %): ${weakest.products.map((p) => `${p.name} ${formatPct(p.marginPct ?? 0)}`).join(', ')}.`]
            : []),
          ...decliners.map((f) => `${f.name}: ${f.detail}`),
        ],
        action:
          belowCost.length > 0
            ? `${upperFirst([...belowCostActions(belowCost), ...(leaderAction ? [leaderAction] : [])].join('; '))}.`
            : leaderFalling && leaderAction
              ? `${upperFirst(leaderAction)}${products.marginAvailable ? ', and review the thinnest-margin lines' : ''}.`
              : // Margin advice needs a cost column; without one the action rests on sales alone.
                `Protect availability of ${leader?.name ?? 'the A-class products'}${products.marginAvailable ? ' and review the thinnest-margin lines' : ''}.`,
      };
    },
  },
  suppliers: {
    question: 'How dependent are we on suppliers?',
    step: 'Assess supplier dependency',
    charts: ['supplier_share'],
    async run(runner) {
      const s = await runner.call(getSuppliers, { limit: 5 }, 'Next, how much of the business depends on each supplier.');
      if (!s) return unavailable('suppliers', this.question, runner);
      const top = s.items[0];
      return {
        section: 'suppliers',
        question: this.question,
        headline: top
          ? `**Supplier dependency is ${s.level ?? 'unknown'}**: ${top.name} supplies ${formatPct(top.revenueSharePct)} of revenue (${plural(top.products, 'product')}, ${plural(top.customersExposed, 'customer')} exposed).`
          : null,
        details: s.items.map(
          (i) =>
            `${i.name}: ${formatMoney(i.revenue, runner.currency)} (${formatPct(i.revenueSharePct)}), ${plural(i.products, 'product')}, ${plural(i.customersExposed, 'customer')}`,
        ),
        action:
          top && s.level !== 'low'
            ? `Qualify a second source for ${top.name}'s lines and agree supply terms before they are needed.`
            : 'Supplier spread is healthy; review it yearly.',
      };
    },
  },
  crossSell: crossSellSection,
  trend: trendSection,
  reps: repSection,
  ...RETENTION_SECTIONS,
};

/**
 * The engine's two below-cost actions (below-cost-actions.ts), in the analyst's words, from the
 * tool's flags: reprice what makes no money on most of what it sells; where less than half was
 * sold below cost and the rest made money (`lossInSomeSales`), check the discounts of those sales.
 */
function belowCostActions(flags: { name?: string; lossInSomeSales?: boolean }[]): string[] {
  const priced = flags.filter((f) => !f.lossInSomeSales);
  const discounted = flags.filter((f) => f.lossInSomeSales);
  const names = (list: typeof flags) => joinNames(list.map((f) => f.name ?? ''));
  return [
    ...(priced.length ? [`reprice or renegotiate ${names(priced)}, which ${priced.length === 1 ? 'loses' : 'lose'} money overall`] : []),
    ...(discounted.length
      ? [
          `check the discounts and prices on the sales below cost of ${names(discounted)}, which sold less than half below cost and made money on the rest`,
        ]
      : []),
  ];
}

/** "Sold below cost: …" → "sold below cost: …", to continue a sentence. */
function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function upperFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The segment action names the largest customer as a Champion only when it is one; a
 * top customer in another segment (e.g. About to Sleep) gets its own advice, unless the
 * churn model finds them on their own rhythm: Superstore's Sean Miller, About to Sleep by
 * recency, buys about once a year and last ordered 79 days ago (low risk), and "re-engage"
 * sent a rep after a customer who was not slipping.
 */
function championsAction(largest: { name: string; segment: string | null; risk?: string | null } | undefined, champions: number): string {
  const care = 'a named account manager and first access to new lines';
  if (!largest) return `Give your Champions ${care}`;
  if (largest.segment === 'Champions') return `Give ${largest.name} and the other Champions ${care}`;
  // Without segments (no dates, or one day of them; no Champions then) nothing says the
  // largest customer lapsed, nor when the churn model rates them low.
  if (!largest.segment || largest.risk === 'low')
    return champions > 0
      ? `Give your ${plural(champions, 'Champion')} and ${largest.name}, your largest customer, ${care}`
      : `Give ${largest.name}, your largest customer, ${care}`;
  const segment = ` (now ${largest.segment})`;
  return champions > 0
    ? `Give your ${plural(champions, 'Champion')} ${care}, and re-engage ${largest.name}, your largest customer${segment}`
    : `Re-engage ${largest.name}, your largest customer${segment}, with ${care}`;
}

type ChurnOutput = Awaited<ReturnType<typeof getChurnRisk.run>>;

/**
 * The churn finding when no revenue of the last 12 months is at risk: every customer the
 * model flags bought nothing in that year (Superstore's lost customers). "$0.00 of revenue
 * is at risk: Irene Maddox (lost, $0.00) … top the list" told an owner nothing, and asked
 * them to call people who left over a year ago "this week".
 */
function quietChurn(question: string, churn: ChurnOutput, money: (v: number) => string): Finding {
  const lost = churn.counts.lost;
  const high = churn.counts.high;
  const flagged = lost + high;
  const gone = churn.customers.filter((c) => c.risk === 'lost').slice(0, 3);
  const headline =
    flagged === 0
      ? `**No revenue of the last 12 months is at risk**: no customer is rated high or lost; ${mediumWords(churn.counts.medium, churn.mediumBoughtOnce)}.`
      : `**No revenue of the last 12 months is at risk**: the ${plural(flagged, 'customer')} rated high or lost bought nothing in the last 12 months` +
        (gone.length ? ` (${joinNames(gone.map((c) => `${c.name}, ${plural(c.daysSinceLastOrder ?? 0, 'day')} silent`))}).` : '.');
  return {
    section: 'churn',
    question,
    headline: headline + reliabilityClause(churn.backtest),
    details: [...churn.customers.map((c) => churnCustomerLine(c, money)), ...reliabilityLines(churn.backtest), TWO_MEASURES_NOTE],
    action: null,
  };
}

/**
 * The medium-risk customers in words. "1,551 customers are quieter than usual" on Online
 * Retail's two months counted 1,549 who bought once, with no usual to be quieter than; a
 * one-time buyer is medium once their one purchase is older than the median repeat buyer's gap.
 */
function mediumWords(medium: number, boughtOnce: number): string {
  const rhythm = medium - boughtOnce;
  const quieter = rhythm > 0 ? `${plural(rhythm, 'customer')} ${rhythm === 1 ? 'is' : 'are'} quieter than their usual rhythm` : '';
  const once =
    boughtOnce > 0
      ? `${rhythm > 0 ? formatNumber(boughtOnce) : plural(boughtOnce, 'customer')} bought only once, longer ago than the median repeat buyer's gap`
      : '';
  if (!quieter && !once) return 'no customer is rated medium either';
  return `${[quieter, once].filter(Boolean).join(', and ')} (medium)`;
}

/** "fell 61.8% in the last 6 full months against the 6 before", or, past −100%, that returns outweighed its sales. */
function fallOf(trendPct: number | null): string {
  if (trendPct !== null && trendPct < -100) return 'had more returned than sold in the last 6 full months';
  return `fell ${formatPct(Math.abs(trendPct ?? 0))} in the last 6 full months against the 6 before`;
}

/** "; 2,613 products, 41 suppliers", leaving out what the file has no column for. */
function keysOf(products: number, suppliers: number | null): string {
  const keys = [...(products > 0 ? [plural(products, 'product')] : []), ...(suppliers ? [plural(suppliers, 'supplier')] : [])];
  return keys.length > 0 ? `; ${keys.join(', ')}` : '';
}
