/**
 * The words of a purchase, for the offline grammars: its verbs, seen from the customer
 * ("bought") or from us ("sold"), and the ways a question denies one. A leaf module, so that
 * the period reader, the lapsed-customer reader and the grammar all build their tests of a
 * purchase denied from one list (each had its own, and "haven't sold in 6 months" was read
 * by one of them and not another).
 */

/** A purchase seen from the customer: "buy", "ordered", "purchases". */
export const BUY_VERBS = 'buy|buys|bought|order|orders|ordered|purchase|purchases|purchased';

/** A purchase seen from either side: "bought", or "sold" to the customer. */
export const PURCHASE_VERBS = `${BUY_VERBS}|sell|sells|sold`;

/** The present perfect denied: "haven't", "has not", "havent". */
const HAVE_NOT = "have not|haven't|havent|has not|hasn't|hasnt";

/** A denial, in any tense: "not", "-n't", "never", and "didnt", "havent" written without the apostrophe. */
const DENIAL = String.raw`(?:\bnot|n't|\bnever|\b(?:didnt|havent|hasnt|dont|doesnt))`;

/** A purchase denied in any tense, a word between allowed: "haven't we sold", "not yet bought", "never ordered". */
export const PURCHASE_DENIED = new RegExp(String.raw`${DENIAL}\s+(?:\w+\s+)?(?:${PURCHASE_VERBS})\b`);

/**
 * A purchase denied in the present perfect, which speaks of a span reaching today:
 * "haven't ordered", "has not bought", "haven't we sold to".
 */
export const PURCHASE_DENIED_UNTIL_NOW = new RegExp(String.raw`\b(?:${HAVE_NOT})\s+(?:\w+\s+)?(?:bought|ordered|purchased|sold)\b`);

/**
 * A purchase denied in the past or the present perfect, as the subject's own act: "did not
 * buy", "haven't we sold", "have we not sold" (it listed this year's buyers), "never ordered",
 * "hasn't been sold". Not "do not buy", which is a habit, not a period's silence.
 */
export const PURCHASE_DENIED_THEN = new RegExp(
  String.raw`\b(?:did not|didn't|didnt|${HAVE_NOT}|never)(?: we| they| it)?(?: been)? (?:${PURCHASE_VERBS})\b|\b(?:did|have|has) (?:we|they|it|you) not(?: been)? (?:${PURCHASE_VERBS})\b`,
);

/**
 * Where a question turns to what the customers did not buy: "but not", "but no", "never
 * bought", "don't buy", "without ordering".
 */
export const TURN_TO_NOT_BOUGHT = new RegExp(
  String.raw`\b(?:but|and) (?:not|never|no|none of)\b(?! longer\b)|\bnever (?:yet )?(?:${BUY_VERBS})\b|\b(?:do|does|did|have|has)(?:n't| not) (?:yet )?(?:${BUY_VERBS})\b|\bwithout (?:buying|ordering)\b`,
);

/** A figure's verbs denied, a purchase's or another's: "didn't sell", "haven't sold", "never made", "not have". */
export const FIGURE_VERB_DENIED = new RegExp(String.raw`${DENIAL}\s+(?:${PURCHASE_VERBS}|have|had|make|made)\b`);
