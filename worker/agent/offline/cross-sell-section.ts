/**
 * The offline analyst's cross-sell finding: the strongest rule at the level it was found
 * (products, or sub-categories/categories when pairs are too sparse, said so), and the
 * best offer.
 */
import { fallbackSentence, itemWord, offerName } from '../../engine/render/cross-sell-words';
import { formatPct } from '../format';
import { getCrossSell } from '../tools';
import { capitalised, rulePhrase } from './cross-sell-phrases';
import { unavailable, type Section } from './sections';

export const crossSellSection: Section = {
  question: 'Where are the cross-sell opportunities?',
  step: 'Look for cross-sell opportunities',
  charts: [],
  async run(runner) {
    const x = await runner.call(
      getCrossSell,
      { limit: 5 },
      'Then, which products are bought together, and who has not bought the pair yet.',
    );
    if (!x) return unavailable('crossSell', this.question, runner);
    const rule = x.rules[0];
    const offer = x.opportunities[0];
    const byProduct = x.level === 'product';
    const fallback = fallbackSentence(x);
    const offered = (name: string): string => offerName(x, name);
    return {
      section: 'crossSell',
      question: this.question,
      headline: rule
        ? `**Cross-sell**: ${fallback ? `${fallback} ${capitalised(rulePhrase(x, rule.ifBought, rule.alsoBuys))}` : rulePhrase(x, rule.ifBought, rule.alsoBuys)} in ${formatPct(rule.confidencePct)} of cases (lift ${rule.lift}).`
        : '**Cross-sell**: no product pair is bought together often enough to recommend.',
      details: [
        ...x.rules.map(
          (r) =>
            `${r.ifBought} → ${r.alsoBuys}${byProduct ? '' : ` (${itemWord(x, true)})`}: confidence ${formatPct(r.confidencePct)}, lift ${r.lift}`,
        ),
        ...x.opportunities.map((o) => `Offer ${offered(o.product)} to ${o.customer}: ${o.because}`),
      ],
      action: rule
        ? `${byProduct ? `Bundle ${rule.ifBought} with ${rule.alsoBuys}` : `Show ${rule.alsoBuys} to customers who buy ${rule.ifBought}`}${offer ? ` and offer ${offered(offer.product)} to ${offer.customer}` : ''}.`
        : null,
    };
  },
};
