/**
 * Questions that lean on an earlier one: "And profit?", "What about 2020?", "Same for
 * orders", "Compare that with 2020". The grammar reads each question on its own, so such a
 * question read alone is another question: "And profit?" after "Revenue by region in 2021"
 * got the whole file's gross profit, "Do the same for orders" all orders ever. Where the
 * grammar would answer one with a figure, it is refused and asked for in full; a model, which
 * sees the chat so far, can read it.
 */
import { escapeMarkdown } from '../../engine/render/escape';
import { BUYER_NOUNS, CUSTOMERS_PLURAL } from './customer-words';

/** The words a question may start with and still stand alone: "And which customers …?". */
const STANDS_ALONE =
  'what|which|who|whom|whose|how|when|where|why|show|list|give|tell|rank|compare|is|are|was|were|do|does|did|can|could|would|will|should|has|have|had';

const LEANS_ON_EARLIER = [
  // A joining word before a fragment: "and profit", "and in 2020", "also by month", "but for the West".
  new RegExp(String.raw`^(?:and|also|plus|but|then|now)\b[,\s]+(?![,\s])(?!(?:${STANDS_ALONE})\b)`),
  /^(?:(?:and|so|ok|okay|now)[,\s]+)?(?:what|how) about\b/,
  /^(?:(?:and|now|ok|okay|so)[,\s]+)?(?:(?:do|show|give me|run|try)\s+)?(?:the\s+)?same\b/,
  // "Compare that with 2020", but not "compare this month to the same month last year".
  /^(?:(?:and|so|ok|okay|now)[,\s]+)?compare (?:that|this|it|them|those|these)\s+(?:with|to|against|vs\.?|versus)\b/,
  // "Which of them", "among those who bought Chairs": a list the grammar can't read in the question.
  /\b(?:of|from|among) (?:them|those|these)\b/,
];

/**
 * "Those customers' revenue in 2020", "which of those are at risk?": a list the question points
 * at without naming it (not "among those who bought Chairs", which names it).
 */
const UNNAMED_LIST = new RegExp(
  String.raw`\b((?:those|these) (?:${CUSTOMERS_PLURAL}|products|items|ones))\b|\b(?:of|from|among) (those|these)(?=\s*[?.!,]|\s*$|\s+(?:are|were|is|was|have|has|had|did|do|does|bought|buy|buys|spent|spend|spends|will|would|can|could|should|still)\b)`,
  'i',
);

/** "They", "his", "its": a pronoun for someone or something named earlier. */
const PRONOUN = /\b(?:they|them|their|theirs|he|him|his|she|her|hers|its)\b/i;
/** Who or what "they", "he" or "her" may point back to within the question: "Which customers … their spend", "Who … did they". */
const ANTECEDENT = new RegExp(
  String.raw`\b(?:who|whom|whose|${BUYER_NOUNS}|products?|items?|skus?|articles?|suppliers?|vendors?|reps?|regions?|countr(?:y|ies)|states?|cit(?:y|ies)|categor(?:y|ies)|segments?|companies|company|people|champions)\b`,
  'i',
);
/** "Its" may point back to a figure or a span too: "revenue by month and its trend". */
const ANTECEDENT_OF_ITS = new RegExp(
  String.raw`${ANTECEDENT.source}|\b(?:business|revenues?|sales|profits?|margins?|orders?|invoices?|units|spend|turnover|days?|weeks?|months?|quarters?|years?|periods?)\b`,
  'i',
);

/**
 * "How much did they spend in 2020?", "What did she buy?", "Their revenue in 2020": a pronoun
 * with nothing before it in the question to stand for (a noun of customers, products …, or a
 * name: a capitalised word after the first). The pronoun, or null.
 */
function pronounOfEarlier(question: string): string | null {
  const pronoun = PRONOUN.exec(question);
  if (!pronoun) return null;
  const before = question.slice(0, pronoun.index);
  const antecedent = pronoun[0].toLowerCase() === 'its' ? ANTECEDENT_OF_ITS : ANTECEDENT;
  return antecedent.test(before) || /\s[A-Z]/.test(before.trim().replace(/^\S+/, '')) ? null : pronoun[0];
}

/** The question as quoted back: as text, so a link or emphasis typed in it is not rendered. */
const quoted = (asked: string) => `“${escapeMarkdown(asked)}”`;

/**
 * The reason to refuse a question that points at someone or something it does not name (a
 * pronoun, "those customers"), or null. Refused on every path, not only the grammar's: "How
 * did their margin change?" got every product's margin from the intent answers.
 */
export function pointsToUnnamed(question: string): string | null {
  const asked = question.trim();
  const list = UNNAMED_LIST.exec(asked);
  const unnamed = pronounOfEarlier(asked) ?? (list ? (list[1] ?? list[2]) : null);
  if (!unnamed) return null;
  return `I read each question on its own, so I can't tell who or what “${unnamed}” is in ${quoted(asked)}. Ask it in full, naming them, such as “What did … buy in 2021?”.`;
}

/** The reason to refuse a question that leans on an earlier one, or null when it stands alone. */
export function leansOnEarlier(question: string): string | null {
  const asked = question.trim();
  const unnamed = pointsToUnnamed(asked);
  if (unnamed) return unnamed;
  if (!LEANS_ON_EARLIER.some((pattern) => pattern.test(asked.toLowerCase()))) return null;
  return `I read each question on its own, so I can't tell what ${quoted(asked)} adds to. Ask it in full, with the figure, the period and any grouping, such as “gross profit by month in 2021”.`;
}
