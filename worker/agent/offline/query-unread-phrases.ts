/**
 * Phrases that narrow a question in a way the query can't, which the grammar reads past: the
 * answer would be to a wider question. Each is refused by name, with what can be asked instead.
 */
import type { QuerySpecInput } from '../../engine/query';

/**
 * Markets and continents: "international revenue", "revenue europe in november", "how many
 * overseas customers" got the whole file's figures. The file's places are its own values; which
 * of them are home, abroad or in Europe is not written anywhere.
 */
const PLACES_GROUPED =
  /\b(international|overseas|foreign|abroad|domestic(?= (?:sales|revenue|turnover|orders|customers|market))|exports?(?= (?:sales|revenue|turnover|orders|customers|markets?))|home market|europe|european|asia|asian|africa|african|north america|south america|latin america|the americas|scandinavia|scandinavian|nordics?|benelux|emea|apac)\b/;

/**
 * A second purchase within some time of another: "customers who bought again within 30 days"
 * got every customer with two orders or more.
 */
const AGAIN_WITHIN =
  /\b(?:again|back|returned|re-?ordered|re-?purchased|repeat(?:ed)?|second (?:order|purchase))\b[^?.!]*?\bwithin\s+(?:\d+|a|an|one|two|three|four|six|\w+)\s+(?:days?|weeks?|months?)\b/;

/**
 * A bound on one order: "more than 100 units in a single order", "over 1000 units at once" kept
 * each customer's totals past the bound, not their orders ("customers with one order" count orders).
 */
const IN_ONE_ORDER =
  /\b(?:in|on|within) (?:one|a single|a|the same|any single|any one) (?:order|invoice|transaction|purchase|basket)\b|\bat once\b|\bin one go\b/;

/**
 * Customers first seen in a period who bought again: "customers whose first order was in
 * november and who ordered again" got November's returning customers, those first seen before.
 */
const FIRST_THEN_AGAIN =
  /\b(?:first (?:order|purchase|bought|ordered|purchased|buy)|(?:bought|ordered|purchased) for the first time|acquired|new (?:customers?|clients?|accounts?|buyers?)(?: in [a-z0-9 ]+?)? (?:who|that))\b[^?]*\b(?:again|came back|come back|returned|re-?ordered|second order)\b/;

/** Why the question narrows in a way the reading does not, or null. */
export function phraseLeftOut(question: string, spec: QuerySpecInput): string | null {
  const text = question.toLowerCase();
  const placed = [...(spec.filters ?? []), spec.buyersOf, spec.neverBought, spec.boughtAll]
    .filter((f) => f !== undefined)
    .flatMap((f) => f.values.map((v) => v.toLowerCase()));
  const grouped = PLACES_GROUPED.exec(text);
  if (grouped && !placed.some((v) => v.includes(grouped[1])))
    return `I can't tell which of this file's places “${grouped[0]}” takes in: I don't group places into markets or continents. Name them (“revenue in Germany, France and Spain”), or leave one out (“revenue excluding United Kingdom”).`;
  const within = AGAIN_WITHIN.exec(text);
  if (within)
    return `I can't count purchases made within a time of another yet (“${within[0].replace(/^.*\bwithin\b/, 'within')}”); I can count customers with two orders or more (“repeat customers”), or the median days between orders.`;
  const counted = spec.measures ?? [];
  if (FIRST_THEN_AGAIN.test(text) && counted.some((m) => m === 'returningCustomers' || m === 'repeatCustomers'))
    return `I can't follow the customers first seen in a period to their later orders yet; I can count the new customers of a period (“new customers in November”), the customers with two orders or more (“repeat customers”), or the customers of both of two periods (“customers who bought in October and also in November”).`;
  const oneOrder = IN_ONE_ORDER.exec(text);
  if (oneOrder && spec.having)
    return `I can't put a bound on a single order yet (“${oneOrder[0]}”): bounds here are on each ${spec.groupBy?.[0] ?? 'customer'}'s totals. Ask for those (“customers with more than 100 units in total”), or for the average order value.`;
  return null;
}
