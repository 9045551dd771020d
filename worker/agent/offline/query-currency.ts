/**
 * A currency asked for: "What is revenue in euros?" on a file of dollars got its dollars, as
 * if they were euros. A file's amounts are in one currency and nothing here converts them, so
 * a figure of money asked in another currency is refused; asked in the file's own it is read;
 * asked of a file that names no currency it is answered with a note that nothing was converted.
 */
import type { SnapshotMeta } from '../../engine/snapshot/columns';

/** The ISO 4217 codes each way of naming a currency may mean ("dollars" are any of six). */
const CURRENCY_WORDS: Record<string, readonly string[]> = {
  dollar: ['USD', 'CAD', 'AUD', 'NZD', 'SGD', 'HKD'],
  'us dollar': ['USD'],
  'american dollar': ['USD'],
  buck: ['USD'],
  'canadian dollar': ['CAD'],
  'australian dollar': ['AUD'],
  euro: ['EUR'],
  pound: ['GBP'],
  'pound sterling': ['GBP'],
  sterling: ['GBP'],
  quid: ['GBP'],
  yen: ['JPY'],
  franc: ['CHF'],
  'swiss franc': ['CHF'],
  rupee: ['INR'],
  yuan: ['CNY'],
  renminbi: ['CNY'],
  rand: ['ZAR'],
  zloty: ['PLN'],
  peso: ['MXN'],
  krona: ['SEK'],
  kronor: ['SEK'],
  krone: ['NOK', 'DKK'],
  kroner: ['NOK', 'DKK'],
};

/** The codes of the web app's currency choice, typed as they are ("in USD", "in eur"). */
const CODES = 'usd eur gbp cad aud jpy chf sek nok dkk pln inr cny brl mxn zar nzd sgd hkd'.split(' ');

/**
 * "in euros", "into US dollars", "in GBP", "How many dollars": money asked in a currency. Not
 * after "to" ("sales to Rand Logistics"), and "how many pounds" may be of weight.
 */
const CURRENCY_ASKED = new RegExp(
  String.raw`\b(?:in|into) ((?:(?:us|american|canadian|australian|swiss) )?(?:dollars?|bucks?|euros?|pounds?(?: sterling)?|sterling|quid|yen|francs?|rupees?|yuan|renminbi|rand|zloty|pesos?|kronor|krona|kroner|krone)|${CODES.join('|')})\b|\bhow many ((?:us |american |canadian |australian )?(?:dollars|bucks|euros))\b`,
  'i',
);

/** A currency a question names for its money: as typed, the codes it may mean, and the question without it. */
export interface CurrencyAsked {
  phrase: string;
  named: string;
  codes: readonly string[];
  rest: string;
}

/**
 * The currency a question asks its money in ("revenue in euros", "sales in USD"), or null. A
 * currency that is a value of the file ("revenue in EUR" on a file with a currency column) is
 * the grammar's filter, and "in pounds" where the quantity is in pounds is weight.
 */
export function currencyAsked(question: string, meta: SnapshotMeta): CurrencyAsked | null {
  const asked = CURRENCY_ASKED.exec(question);
  if (!asked) return null;
  const typed = asked[1] ?? asked[2];
  const named = typed.toLowerCase();
  if (isValueOfFile(named, meta) || (/pound/.test(named) && /\b(?:pounds?|lbs?)\b/i.test(meta.quantityHeader ?? ''))) return null;
  const one = named.replace(/\b(dollar|buck|euro|pound|franc|rupee|peso)s\b/, '$1');
  const codes = CODES.includes(named) ? [named.toUpperCase()] : CURRENCY_WORDS[one];
  if (!codes) return null;
  // "How many dollars did we make?" keeps its "how much"; "revenue in euros" loses the phrase.
  const rest = question.replace(asked[0], /^how many/i.test(asked[0]) ? 'how much ' : ' ');
  return { phrase: asked[0].trim(), named: CODES.includes(named) ? named.toUpperCase() : typed, codes, rest };
}

/**
 * What a figure of money asked in a currency gets, against the file's (`currency`, null when it
 * names none): nothing in its own, a refusal in another, a note that nothing was converted when
 * the file names none.
 */
export function currencyVerdict(asked: CurrencyAsked, currency: string | null): { refused: string } | { note: string } | null {
  if (currency === null)
    return { note: `The file names no currency: these are its amounts as they stand, not converted to ${asked.named}.` };
  if (asked.codes.includes(currency)) return null;
  return {
    refused: `This file's amounts are in ${currency}, and I don't convert currencies, so I can't give them in ${asked.named}. Ask without “${asked.phrase}” for the figures in ${currency}.`,
  };
}

/** Whether a column of the file holds the word as one of its values ("EUR" in a currency column). */
function isValueOfFile(word: string, meta: SnapshotMeta): boolean {
  return meta.dimensions.some((d) => d.values.some((v) => v.toLowerCase() === word));
}
