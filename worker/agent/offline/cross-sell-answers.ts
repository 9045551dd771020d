/** Chat answers about cross-sell: the rules at their level, the offers, and why a customer has none. */
import { itemWord, offerName } from '../../engine/render/cross-sell-words';
import { formatNumber, formatPct, plural } from '../format';
import { getCrossSell } from '../tools';
import { NOT_AVAILABLE } from './answers';
import { rulesHeading } from './cross-sell-phrases';
import type { Intent } from './intents';
import type { SectionRunner } from './sections';

export async function crossSellAnswer(intent: Extract<Intent, { kind: 'cross_sell' }>, runner: SectionRunner): Promise<string> {
  const input = {
    ...(intent.customer ? { customer: intent.customer } : {}),
    ...(intent.product ? { product: intent.product } : {}),
    limit: 5,
  };
  const x = await runner.call(getCrossSell, input, 'Looking for products bought together.');
  if (!x) return NOT_AVAILABLE;
  const rules = x.rules.map((r) => `- ${r.ifBought} → ${r.alsoBuys}: confidence ${formatPct(r.confidencePct)}, lift ${r.lift}`);
  const offers = x.opportunities.map((o) => `- Offer ${offerName(x, o.product)} to ${o.customer}: ${o.because}`);
  if (intent.customer) return offers.length > 0 ? ['Cross-sell suggestions:', ...offers].join('\n') : noSuggestionFor(x);
  if (rules.length === 0 && offers.length === 0)
    return x.productNote
      ? `I can't answer that exactly. ${x.productNote}`
      : 'No products are bought together often enough to recommend a cross-sell.';
  return [...(rules.length > 0 ? [rulesHeading(x), ...rules] : []), ...(offers.length > 0 ? ['Suggestions:', ...offers] : [])].join('\n');
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
