/**
 * The headline finding per question, as plain sentences (not yet escaped). Shared by the
 * executive summary and the dashboard so both say exactly the same thing.
 */
import type { AnalysisResult, Products } from '../contract';
import { churnSummaryOf, riskRow } from '../analyses/churn-summary';
import { crossSellLevel, fallbackSentence, itemWord } from './cross-sell-words';
import { count, money, pct, plural, share } from './format';
import { TWO_MEASURES_NOTE } from './measure-notes';
import { repHeadline } from './rep-scorecards-report';
import { cohortHeadline } from './cohort-findings';
import { bridgeHeadline } from './bridge-findings';
import { isChargeLine } from '../analyses/charge-lines';
import { lossInSomeSales } from '../analyses/products';
import { isNoMoney } from '../money';

export interface Finding {
  question: string;
  /** The report file that answers it in full. */
  report: string;
  headline: string;
}

/**
 * The churn headline. "850 customers are lost …, with 0.00 of last-12-month revenue at risk"
 * read as an alarm with nothing in it: when those customers had no revenue in the last 12
 * months it says so, and with none flagged it says that.
 */
function churnHeadline(lost: number, high: number, revenueAtRisk: number, model: string, currency: string | null): string {
  if (lost + high === 0) return `No customer is lost or at high risk in the churn model (${model}).`;
  const flagged = `${count(lost)} ${lost === 1 ? 'customer is' : 'customers are'} lost and ${count(high)} at high risk in the churn model (${model})`;
  if (isNoMoney(revenueAtRisk))
    return `${flagged}; ${lost + high === 1 ? 'it' : 'they'} had no revenue in the last 12 months (net of returns), so none is at risk.`;
  return `${flagged}, with ${money(revenueAtRisk, currency)} of last-12-month revenue at risk.`;
}

/** Sentences naming the most important result of each of the six analyses. */
export function findingsOf(result: AnalysisResult): Finding[] {
  const currency = result.dataset.currency;
  const findings: Finding[] = [];
  const s = result.segments;
  if (s) {
    const champions = s.summary.find((row) => row.segment === 'Champions');
    const atRisk = s.summary.filter((row) => (row.segment === 'At Risk' || row.segment === "Can't Lose Them") && row.customers > 0);
    const tierA = s.abcSummary.find((row) => row.tier === 'A');
    findings.push({
      question: 'Who are my customers?',
      report: 'segments.md',
      headline:
        (champions
          ? `${plural(champions.customers, 'Champion')} ${champions.customers === 1 ? 'brings' : 'bring'} ${share(champions.revenueShare)} of revenue; `
          : '') +
        // Each segment's own count, as stored: a sum would be a figure no report shows.
        (atRisk.length
          ? `${atRisk.map((row) => `${count(row.customers)} ${row.segment}`).join(' and ')} (RFM segments of past buying); `
          : '') +
        (tierA ? `${plural(tierA.customers, 'A-tier customer')} ${tierA.customers === 1 ? 'makes' : 'make'} 80% of revenue.` : ''),
    });
  }
  const c = result.concentration;
  if (c) {
    findings.push({
      question: 'How dependent am I on a few customers?',
      report: 'concentration.md',
      headline:
        `Top customer ${c.topCustomer?.name ?? 'n/a'} holds ${share(c.topCustomer?.share ?? null)}; top 10 hold ${share(c.top10Share)}; ` +
        `HHI ${count(c.hhi)} (${c.level}, 2023 U.S. Merger Guidelines)` +
        (c.keyAccounts.length ? `; key-account risk: ${c.keyAccounts.map((a) => a.name).join(', ')}.` : '.'),
    });
  }
  const ch = result.churn;
  if (ch) {
    const { byRisk } = churnSummaryOf(ch);
    const lost = riskRow(byRisk, 'lost').customers;
    const high = riskRow(byRisk, 'high').customers;
    findings.push({
      question: 'Who is about to leave?',
      report: 'churn.md',
      headline:
        ch.model === 'unavailable'
          ? (ch.note ?? 'Churn could not be measured.')
          : `${churnHeadline(lost, high, ch.revenueAtRisk, ch.model === 'bg-nbd' ? 'BG/NBD' : 'rhythm heuristic', currency)}${s ? ` ${TWO_MEASURES_NOTE}` : ''}`,
    });
  }
  const p = result.products;
  if (p) {
    const negative = p.flags.filter((flag) => flag.kind === 'negative-margin');
    // Postage and fee lines are no product to name as the top one.
    const topProduct = p.items.find((item) => !isChargeLine(item.name));
    findings.push({
      question: 'Which products make or lose money?',
      report: 'products.md',
      headline: !p.available
        ? (p.note ?? 'No product data.')
        : p.marginAvailable
          ? `Gross margin ${pct(result.totals.grossMarginPct)}; ${plural(negative.length, 'product')} sell${negative.length === 1 ? 's' : ''} below cost` +
            (negative.length ? ` (worst: ${negative[0].name})${discountedNote(negative)}.` : '.')
          : `Top product ${topProduct?.name ?? 'n/a'} (${money(topProduct?.revenue ?? 0, currency)}); margins need cost data the file does not have.`,
    });
  }
  const sp = result.suppliers;
  if (sp) {
    findings.push({
      question: 'How dependent am I on a few suppliers?',
      report: 'suppliers.md',
      headline: !sp.available
        ? (sp.note ?? 'No supplier data.')
        : `Top supplier ${sp.items[0]?.name ?? 'n/a'} is behind ${share(sp.topShare)} of revenue; top 3 ${share(sp.top3Share)}; HHI ${count(sp.hhi ?? 0)} (${sp.level}).` +
          (sp.flags.length ? ` ${plural(sp.flags.length, 'supplier')} above 30%.` : ''),
    });
  }
  const x = result.crossSell;
  if (x) {
    const rule = x.rules[0];
    findings.push({
      question: 'What should each customer buy next?',
      report: 'cross-sell.md',
      headline: !x.available
        ? (x.note ?? 'No basket data.')
        : rule
          ? `${fallbackSentence(x) ? `${fallbackSentence(x)} ` : ''}Strongest ${crossSellLevel(x) === 'product' ? '' : `${itemWord(x)} `}pair: ${rule.antecedent.name} → ${rule.consequent.name} (confidence ${share(rule.confidence, 0)}, lift ${rule.lift.toFixed(1)}); ${count(x.opportunities.length)} customer opportunities.`
          : 'No product pair met the rule thresholds.',
    });
  }
  const reps = result.repScorecards;
  if (reps?.available)
    findings.push({ question: 'How are my sales reps doing?', report: 'rep-scorecards.md', headline: repHeadline(reps, currency) });
  if (result.cohorts)
    findings.push({ question: 'Do customers stay and grow?', report: 'cohorts.md', headline: cohortHeadline(result.cohorts) });
  if (result.bridge)
    findings.push({ question: 'What changed revenue?', report: 'revenue-bridge.md', headline: bridgeHeadline(result.bridge, currency) });
  return findings;
}

/** "; 146 of them sold less than half below cost and made money on the rest" (Superstore): the loss is in some sales' price, not the product's. */
function discountedNote(negative: Products['flags']): string {
  const discounted = negative.filter(lossInSomeSales).length;
  return discounted ? `; ${count(discounted)} of them sold less than half below cost and made money on the rest` : '';
}
