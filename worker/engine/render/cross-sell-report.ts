/**
 * `cross-sell.md`: the rules with their mlxtend metrics, the opportunities and the actions,
 * naming the level the rules pair (products, or sub-categories / categories when product
 * pairs were too sparse) and the baskets they were counted in.
 */
import { MIN_ANTECEDENT_ORDERS, MIN_GROUP_LIFT } from '../analyses/cross-sell';
import type { AnalysisResult, CrossSell } from '../contract';
import { crossSellLevel, fallbackSentence, itemWord, offerName } from './cross-sell-words';
import { count, fixed, share } from './format';
import { blocks, bullets, md, nameList, table } from './markdown';

function basketsPhrase(result: AnalysisResult, x: CrossSell): string {
  if (x.basis === 'invoice') return 'invoice baskets';
  return result.dataset.roles.orderId === undefined
    ? 'customer baskets (the file has no order id)'
    : 'customer baskets (everything each customer ever bought: the orders were too small to hold pairs)';
}

/** Who counts as an opportunity, in the units of the level. */
function opportunityRule(x: CrossSell): string {
  const word = itemWord(x);
  const repeat =
    crossSellLevel(x) === 'product'
      ? `in at least ${MIN_ANTECEDENT_ORDERS} orders`
      : `on at least ${MIN_ANTECEDENT_ORDERS} order lines (one product on one order)`;
  return `Customers who bought the rule's first ${word} ${repeat} but never the second, ranked by confidence × their spend on the first.`;
}

export function crossSellReport(result: AnalysisResult): string {
  const x = result.crossSell;
  if (!x || !x.available) return blocks('# Cross-sell', md(x?.note ?? 'The file has no product column.'));
  const word = itemWord(x);
  const rules = table(
    [`If they buy (${word})`, 'They also buy', 'Support', 'Confidence', 'Lift', 'Leverage', 'Conviction'],
    x.rules
      .slice(0, 25)
      .map((rule) => [
        rule.antecedent.name,
        rule.consequent.name,
        share(rule.support, 2),
        share(rule.confidence),
        fixed(rule.lift, 2),
        fixed(rule.leverage, 4),
        rule.conviction === null ? '∞' : fixed(rule.conviction, 2),
      ]),
    ['l', 'l', 'r', 'r', 'r', 'r', 'r'],
  );
  const opportunities = table(
    ['Customer', `Offer (${word})`, 'Score', 'Because'],
    x.opportunities.slice(0, 25).map((o) => [o.customer.name, o.product.name, fixed(o.score, 2), o.because]),
    ['l', 'l', 'r', 'l'],
  );
  const top = x.opportunities.slice(0, 12);
  const fallback = fallbackSentence(x);
  const bundle =
    crossSellLevel(x) === 'product'
      ? 'Bundle the strongest pairs on quotes and order forms.'
      : `Show the strongest ${word} pairs side by side in catalogues and on order forms.`;
  return blocks(
    '# Cross-sell',
    ...(fallback ? [`**${fallback}**`] : []),
    md(
      `Association rules between ${itemWord(x, true)} on ${count(x.baskets)} ${basketsPhrase(result, x)}, with the mlxtend definitions: ` +
        'support = share of baskets with both; confidence = support(both) / support(antecedent); lift = confidence / support(consequent); ' +
        'leverage = support(both) − support(antecedent) × support(consequent); conviction = (1 − support(consequent)) / (1 − confidence).',
    ),
    `Thresholds: minimum support ${share(x.minSupport, 2)}, minimum confidence ${share(x.minConfidence, 0)}, ${crossSellLevel(x) === 'product' ? 'lift above 1' : `lift at least ${MIN_GROUP_LIFT}`}. ${md(x.note ?? '')}`,
    '## Strongest rules',
    x.rules.length ? rules : 'No rules met the thresholds.',
    '## Opportunities',
    opportunityRule(x),
    x.opportunities.length ? opportunities : `No customer bought a rule's first ${word} repeatedly without ever buying the second.`,
    '## Actions',
    // With no rule there are no pairs to bundle: the generated file's report said "No rules met
    // the thresholds." and then "Bundle the strongest pairs".
    x.rules.length === 0 && top.length === 0
      ? `None: no pair of ${itemWord(x, true)} sells together often enough to act on.`
      : bullets([
          ...(top.length
            ? [
                `Offer these customers their missing ${word}: ${nameList(
                  top.map((o) => `${md(o.customer.name)} → ${md(offerName(x, o.product.name))}`),
                  12,
                )}.`,
              ]
            : []),
          ...(x.rules.length ? [bundle] : []),
        ]),
  );
}
