/** Chat answers about cross-sell: the rules at their level, the offers, and why a customer has none. */
import { itemWord, offerName } from '../../engine/render/cross-sell-words';
import { monthKey } from '../../engine/aggregate/types';
import { monthEndIso } from '../../engine/analyses/cohort-calendar';
import { escapeMarkdown } from '../../engine/render/escape';
import { formatNumber, formatPct, plural } from '../format';
import { getCrossSell } from '../tools';
import { NOT_AVAILABLE } from './answers';
import { rulesHeading } from './cross-sell-phrases';
import type { Intent } from './intents';
import type { Period } from './periods';
import type { SectionRunner } from './sections';

export async function crossSellAnswer(intent: Extract<Intent, { kind: 'cross_sell' }>, runner: SectionRunner): Promise<string> {
  const input = {
    ...(intent.customer ? { customer: intent.customer } : {}),
    ...(intent.product ? { product: intent.product } : {}),
    ...(intent.product && intent.period ? daysOf(intent.period) : {}),
    limit: 5,
  };
  const x = await runner.call(getCrossSell, input, 'Looking for products bought together.');
  // "What goes with Zebra Stripes?" was told the analysis is not available for the file.
  if (!x) return runner.lastAbsence?.() ?? runner.lastRefusal?.() ?? NOT_AVAILABLE;
  const rules = x.rules.map((r) => `- ${r.ifBought} → ${r.alsoBuys}: confidence ${formatPct(r.confidencePct)}, lift ${r.lift}`);
  const offers = x.opportunities.map((o) => `- Offer ${offerName(x, o.product)} to ${o.customer}: ${o.because}`);
  if (intent.customer) return offers.length > 0 ? ['Cross-sell suggestions:', ...offers].join('\n') : noSuggestionFor(x);
  if (intent.prospects) return prospectsAnswer(x, intent.prospects, offers);
  // The kept rules that involve it first (Superstore's sub-category rules), then its orders;
  // the rules are the whole file's, so not beside a period's orders.
  const kept = rules.length > 0 && !x.boughtWith?.period ? [rulesHeading(x), ...rules, ''] : [];
  if (x.boughtWith) return [...kept, boughtWithAnswer(x.boughtWith)].join('\n');
  if (rules.length === 0 && offers.length === 0)
    return x.productNote
      ? `I can't answer that exactly. ${x.productNote}`
      : 'No products are bought together often enough to recommend a cross-sell.';
  return [...(rules.length > 0 ? [rulesHeading(x), ...rules] : []), ...(offers.length > 0 ? ['Suggestions:', ...offers] : [])].join('\n');
}

/**
 * Whom to offer a product: the cross-sell suggestions of it, never its buyers so far ("Which
 * customers should buy Chairs?" listed those who had). With none, why, and where its buyers are.
 */
function prospectsAnswer(x: NonNullable<Awaited<ReturnType<typeof getCrossSell.run>>>, asked: string, offers: string[]): string {
  if (offers.length > 0) return [`Customers to offer ${escapeMarkdown(asked)}, from the cross-sell rules:`, ...offers].join('\n');
  const word = itemWord(x);
  const why =
    x.rulesFound === 0
      ? `no ${word} pair in this file is bought together often enough to make a rule`
      : x.opportunitiesFound > x.opportunitiesListed
        ? `none of the ${formatNumber(x.opportunitiesListed, 0)} strongest cross-sell suggestions (of ${formatNumber(x.opportunitiesFound, 0)} found) is for it`
        : `none of the ${plural(x.rulesFound, 'rule')} found suggests it to a customer who has not bought it`;
  return `I have no customers to suggest for ${escapeMarkdown(asked)}: ${why}. Those who bought it already are a list of its buyers (“Which customers bought ${escapeMarkdown(asked)}?”).`;
}

/**
 * Why one customer has no suggestion, as far as the results show it: no rule at all, a
 * list cut before them, or no rule whose first item they bought repeatedly without the
 * second. It never says they "already buy" anything: the results don't record that.
 */
function noSuggestionFor(x: NonNullable<Awaited<ReturnType<typeof getCrossSell.run>>>): string {
  const word = itemWord(x);
  if (x.rulesFound === 0)
    return `There is no cross-sell suggestion for that customer: no ${word} pair in this file is bought together often enough to make a rule.`;
  if (x.opportunitiesFound > x.opportunitiesListed)
    return `That customer is not among the ${formatNumber(x.opportunitiesListed, 0)} strongest cross-sell suggestions (of ${formatNumber(x.opportunitiesFound, 0)} found), so I have none to give for them.`;
  return `There is no cross-sell suggestion for that customer: none of the ${plural(x.rulesFound, 'rule')} found applies to them (a suggestion needs a rule's first ${word} bought in at least 2 ${x.level === 'product' ? 'orders' : 'order lines'} and its second never bought).`;
}

/** Below this many shared orders, a pairing is no evidence of buying together. */
const FEW_IN_COMMON = 5;
/** Below this share of the product's orders, no companion is a habit. */
const RARELY_WITH_PCT = 5;

type Together = NonNullable<NonNullable<Awaited<ReturnType<typeof getCrossSell.run>>>['boughtWith']>;

/** The products most often in the same orders as the one asked about, counted over every order. */
function boughtWithAnswer(t: Together): string {
  const named = t.of
    ? `the ${escapeMarkdown(t.of)} products`
    : t.products.map(escapeMarkdown).join(', ') +
      (t.productsFound > t.products.length ? ` and ${t.productsFound - t.products.length} more` : '');
  const baskets = (n: number) => plural(n, t.basket);
  const over = t.period ? `from ${t.period.from} to ${t.period.to}` : 'in the file';
  const opening = `Bought with ${named}, counted over every ${t.basket} ${over}: ${formatNumber(t.basketsWithProduct, 0)} of ${baskets(t.baskets)} hold ${t.of || t.productsFound > 1 ? 'one of them' : 'it'}, with ${plural(t.otherProducts, 'other product')} in them.`;
  if (t.rows.length === 0) return `${opening} Nothing else was bought in the same ${t.basket}s.`;
  return [
    opening,
    '',
    `| product | ${t.basket}s with both | share of its ${t.basket}s | lift |`,
    '| --- | ---: | ---: | ---: |',
    ...t.rows.map(
      (r) => `| ${escapeMarkdown(r.product)} | ${formatNumber(r.basketsWithBoth, 0)} | ${formatPct(r.sharePct)} | ${r.lift.toFixed(2)} |`,
    ),
    '',
    `Lift is the share over how often the product is in any ${t.basket}: above 1, they go together more than chance would have it.` +
      // Superstore's "Staples" share at most 2 of their 46 orders with any one product.
      (t.rows[0].basketsWithBoth < FEW_IN_COMMON
        ? ` At most ${baskets(t.rows[0].basketsWithBoth)} hold both, too few to tell a habit from chance.`
        : // Superstore's Phones: the most frequent companion is in 6 of their 814 orders.
          t.rows[0].sharePct < RARELY_WITH_PCT
          ? ` None is in more than ${formatPct(t.rows[0].sharePct)} of them: nothing is regularly bought with ${t.of || t.productsFound > 1 ? 'them' : 'it'}.`
          : ''),
  ].join('\n');
}

/** A period of whole months as the days the tool takes: 2011-01 … 2011-12 is 2011-01-01 … 2011-12-31. */
function daysOf(period: Period): { from: string; to: string } {
  const [year, month] = period.to.split('-').map(Number);
  return { from: `${period.from}-01`, to: monthEndIso(monthKey(year, month)) };
}
