/**
 * A currency asked for: "What is revenue in euros?" on a file of dollars got its dollars, as
 * if they were euros. A file's amounts are in one currency and nothing here converts them, so
 * a figure of money asked in another currency is refused; asked in the file's own it is read;
 * asked of a file that names no currency it is answered with a note that nothing was converted.
 */
import type { SnapshotMeta } from '../../engine/snapshot/columns';
import { isValueOfFile } from './query-values';

/**
 * The ISO 4217 codes each name of a currency may mean, in the singular ("dollar" is any of six),
 * and its signs. The names are matched in the singular or the plural, word by word.
 */
const CURRENCY_NAMES: Record<string, readonly string[]> = {
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
  $: ['USD', 'CAD', 'AUD', 'NZD', 'SGD', 'HKD'],
  '€': ['EUR'],
  '£': ['GBP'],
  '¥': ['JPY', 'CNY'],
};

/** The one-word names of currencies, singular and plural ("dollar", "dollars", "euros", "quid"). */
export const CURRENCY_WORDS: readonly string[] = Object.keys(CURRENCY_NAMES)
  .filter((name) => /^[a-z]+$/.test(name))
  .flatMap((name) => [name, `${name}s`]);

/** The codes the web app's currency select offers (`COMMON_CURRENCIES` there), typed as they are ("in USD", "(EUR)"). */
const CODES = 'usd eur gbp cad aud jpy chf sek nok dkk pln inr cny brl mxn zar nzd sgd hkd'.split(' ');

/** A word of a currency's name in the singular: "dollars" → "dollar"; "us" and "swiss" are no plurals. */
const singularWord = (word: string) => (/^(?:us|swiss)$/.test(word) ? word : word.replace(/s$/, ''));

const NAMES = Object.keys(CURRENCY_NAMES)
  .filter((name) => /^[a-z]/.test(name))
  .sort((a, b) => b.length - a.length)
  .map((name) =>
    name
      .split(' ')
      .map((word) => `${word}s?`)
      .join(' '),
  );
/** The signs, as a pattern matches them ("$" escaped). */
const SIGNS = Object.keys(CURRENCY_NAMES)
  .filter((name) => !/^[a-z]/.test(name))
  .map((sign) => sign.replace('$', '\\$'));

/**
 * Money asked in a currency: "in euros", "into US dollars", "in GBP", "in €", "(EUR)", "euro
 * revenue", "How many dollars". Not after "to" ("sales to Rand Logistics"), and "how many
 * pounds" may be of weight.
 */
const CURRENCY_ASKED = new RegExp(
  [
    String.raw`\b(?:in|into) (${NAMES.join('|')}|${CODES.join('|')})\b`,
    String.raw`\b(?:in|into) (${SIGNS.join('|')})(?=\s|[?.!,)]|$)`,
    String.raw`\((${CODES.join('|')}|${SIGNS.join('|')})\)`,
    String.raw`\b(euro|dollar|sterling|yen)s? (?=(?:revenue|sales|turnover|profit|amounts?|value)\b)`,
    String.raw`\bhow many ((?:us |american |canadian |australian )?(?:dollars|bucks|euros))\b`,
  ].join('|'),
  'i',
);

/** A currency a question names for its money: the phrase, the name as the answer writes it, the codes it may mean, and the question without it. */
export interface CurrencyAsked {
  phrase: string;
  shown: string;
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
  const typed = asked?.slice(1).find((group) => group !== undefined);
  if (!asked || !typed) return null;
  const lower = typed.toLowerCase();
  if (isValueOfFile(lower, meta) || (/pound/.test(lower) && /\b(?:pounds?|lbs?)\b/i.test(meta.quantityHeader ?? ''))) return null;
  const code = CODES.includes(lower);
  const codes = code ? [lower.toUpperCase()] : CURRENCY_NAMES[lower.split(' ').map(singularWord).join(' ')];
  if (!codes) return null;
  // "How many dollars did we make?" keeps its "how much"; "revenue in euros" loses the phrase.
  const rest = question.replace(asked[0], /^how many/i.test(asked[0]) ? 'how much ' : ' ');
  return { phrase: asked[0].trim(), shown: code ? lower.toUpperCase() : typed, codes, rest };
}

/**
 * What a figure of money asked in a currency gets, against the file's (`currency`, null when it
 * names none): nothing in its own, a refusal in another, a note that nothing was converted when
 * the file names none.
 */
export function currencyVerdict(asked: CurrencyAsked, currency: string | null): { refused: string } | { note: string } | null {
  if (currency === null)
    return { note: `The file names no currency: these are its amounts as they stand, not converted to ${asked.shown}.` };
  if (asked.codes.includes(currency)) return null;
  return {
    refused: `This file's amounts are in ${currency}, and I don't convert currencies, so I can't give them in ${asked.shown}. Ask without “${asked.phrase}” for the figures in ${currency}.`,
  };
}
