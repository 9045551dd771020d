/**
 * Figures a file of sales lines can't give, asked by words that also name one it can: "What is
 * our net income?" got revenue, "net profit" gross profit, "profit per unit for Technology" its
 * gross profit, "markup on Technology" its margin (17.4% where the markup is 21.1%). Each is
 * refused with the nearest the file holds. The grammar-words script skips this module: its
 * words ("cash", "bank", "mark") are refused here, and must stay unknown to every other net
 * ("cash sales" is no figure of the file either).
 */
import type { SnapshotMeta } from '../../engine/snapshot/columns';

/** What is left after overheads, wages and tax, and the money in the bank, each with the figure's name. */
const BEYOND_SALES: readonly [RegExp, string | null][] = [
  [/\b(?:net|operating) (?:profits?|income|earnings|margins?)\b|\boperating (?:costs?|expenses?)\b/, null],
  [/\bebitda?\b/, 'EBITDA'],
  [
    /\b(?:profits?|income|earnings) (?:after|before) tax(?:es)?\b|\b(?:after|pre|before)[- ]tax (?:profits?|income|earnings)\b|\b(?:make|makes|made|earn|earns|earned|keep|kept) (?:\w+ )?after tax(?:es)?\b/,
    'profit after tax',
  ],
  [/\bcash ?flows?\b/, null],
  [
    /\b(?:cash (?:position|balance)|bank balance|(?:money|cash) (?:do|did|does) (?:we|i) have|(?:money|cash) (?:have|has) (?:we|i) got|(?:money|cash) in the bank)\b/,
    'cash in the bank',
  ],
];

/** "Profit per unit", "profit on each unit", "profit/unit", "unit margin": a profit per unit, a few words apart at most. */
const PER_UNIT_PROFIT =
  /\b(?:profits?|margins?|earnings)\b(?:\s+[\w-]+){0,4}?\s+(?:per|on each|for each|a|an) (?:unit|item|piece|bottle|case|sku|article)\b|\b(?:profits?|margins?)\s*\/\s*(?:unit|item)\b|\bunit (?:profits?|margins?)\b/;

/** "Markup", "mark-up", "mark up": gross profit over cost. */
const MARKUP = /\bmark[- ]?ups?\b/;

/** Why the question asks for a figure the file can't give, or null. `text` is the question in lower case. */
export function notHeldReason(text: string, meta: SnapshotMeta): string | null {
  for (const [pattern, name] of BEYOND_SALES) {
    const asked = pattern.exec(text)?.[0];
    if (asked)
      return `This file records sales lines, not overheads, wages, tax or the bank, so it has no ${name ?? asked}. ${nearestProfit(meta)}`;
  }
  if (!meta.hasCost && (PER_UNIT_PROFIT.test(text) || MARKUP.test(text)))
    return 'This file has no costs, so it has no profit, margin or markup; it gives revenue, units and the average price (“average price by product”).';
  if (PER_UNIT_PROFIT.test(text))
    return 'I can give gross profit and units side by side (“gross profit and units by category”), and the average price, revenue per unit (“average price by category”), not a profit per unit yet; ask for gross profit and units, and divide.';
  if (MARKUP.test(text))
    return 'I can give margin, gross profit as a share of revenue (“margin by category”), not markup, gross profit as a share of cost, yet; ask for “gross profit and cost by category”, and divide.';
  return null;
}

/** The nearest profit the file holds, and how to ask for it. */
function nearestProfit(meta: SnapshotMeta): string {
  return meta.hasCost
    ? 'The nearest it holds is gross profit, revenue less the cost of what was sold: ask “gross profit”, or “margin” for it as a share of revenue.'
    : 'It has no costs either, so it gives revenue (“What was total revenue?”) but no profit.';
}
