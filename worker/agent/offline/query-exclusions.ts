/**
 * Values a question leaves out: "excluding the UK", "not from Germany", "non-UK", "besides
 * France and Spain": the clause taken out of the question, with the values it names.
 */
import type { SnapshotMeta } from '../../engine/snapshot/columns';
import { dimensionWithWord, looseNamesOf, sameNumber, type NamedFilter } from './query-names';
import { escapeRegex } from './query-limits';
import { entitiesOf, leadingNameFilter, notFoundReason } from './query-values';
import { MONTH_NAMES } from './query-periods';

/**
 * "excluding the UK", "except Technology", "other than Germany and France", "revenue without
 * Technology", "customers not in the West" (it kept the West), "ignoring", "if we ignore" (it kept what was ignored), "not counting", "all
 * segments but Consumer", "regions that are not the West", "if we removed Technology" (it got
 * Technology's revenue alone): the values to leave out ("bought
 * Chairs without Tables" is no figure's exclusion, "in 2020 but not in 2021" no value's).
 */
const EXCLUDED_CLAUSE =
  /\b(?:excluding|exclude|excludes|excluded|except(?: for)?|excepting|ex|not incl\.?|remove|removed|removing|take out|took out|taking out|left out|set aside|setting aside|excl\.?|other than|apart from|aside from|not including|outside(?: of)?|besides|w\/o|ignoring|ignore|ignored|disregarding|disregard|leaving aside|leave aside|forgetting about|forget about|omitting|leaving out|leave out|not counting|without counting|with the exception of|barring|save for|(?<=\b(?:all|every|everything|anything)(?: [a-z-]+)? )but|(?<=\b(?:that|which|who) )(?:is|are|was|were)(?: not|n't|nt)(?! (?:based |located )?in\b)|(?<=\b(?:revenue|sales|turnover|profits?|margins?|orders|units|(?:19|20)\d\d)\s+)(?:without|minus)|(?<!\b(?:but|and) )(?:not|(?:did|does|do|is|are|was|were|has|have|had)(?: not|n't|nt))(?: come| came| coming)? from|(?<!\b(?:but|and|or) )(?:not|(?:is|are|was|were)(?: not|n't|nt))(?: based| located)? in)\s+(.+?)(?=\s+(?:in|during|for|by|from|since|between|over|last|this|per|each|compared|vs\.?|versus|had|has|have|is|are|was|were|did|does|made|makes|sold|sells|bought|buys|spent|spends|(?:19|20)\d\d|q[1-4]|h[12])\b|[?;!:)]|,(?=\s*(?:in|during|for|by|from|since|between|over|last|this|per|each|compared|vs\.?|versus|what|which|who|how|show|list|give|tell|please|top|bottom|ranked|sorted|highest|lowest|largest|biggest|smallest)\b)|,?$)/i;

/** "With Tables taken out", "with the UK removed": the values left out, named before the words that leave them out (it kept Tables alone). */
const EXCLUDED_AFTER = /\b(?:with|having)\s+(.+?)\s+(?:taken out|took out|removed|excluded|left out|set aside|stripped out)\b/i;

/**
 * "Sales in 2021, West excluded", "UK excluded, revenue 2024 by category": a value of a few
 * words left out after it is named, set off by a comma or the question's start (it kept the
 * West alone). Without the comma, where the value's words begin is not known, and the value
 * kept is refused (`deniedValueOf`).
 */
const EXCLUDED_AFTER_ALONE = /(?:^|[,:;(]\s*)((?:the\s+)?(?:[\p{L}\d'’&.-]+\s+){0,2}[\p{L}\d'’&.-]+)\s+(?:excluded|excepted)\b/iu;

/** "Not in the West", "aren't based in Texas": where the values left out are. */
const NOT_IN = /\bin\s/;

/** "Non-UK revenue", "non-Furniture sales": a value left out, written before the figure (it was dropped). */
const NON_VALUE = /\bnon[- ](\p{L}[\p{L}\d.&']*)/iu;

/** A "non-" word that is no part of a name the file holds ("Avery Non-Stick Binders" is a product). */
function nonValueOf(question: string, meta: SnapshotMeta): RegExpExecArray | null {
  const m = NON_VALUE.exec(question);
  const word = m?.[0].toLowerCase();
  return word && !meta.dimensions.some((d) => d.values.some((v) => v.toLowerCase().includes(word))) ? m : null;
}

/** "Non-zero revenue": a "non-" that names no value and leaves nothing out the grammar would drop. */
const NOT_A_VALUE = /^(zero|null|empty|blank|negative|positive)$/i;

/**
 * The values a question leaves out and the question without that clause, or null when it
 * has none or names no value of the file there ("excluding returns" keeps its refusal); a
 * name close to a value with other numbers in it is refused by name.
 */
export function exclusionOf(asked: string, meta: SnapshotMeta): { rest: string; filters: NamedFilter[] } | { refused: string } | null {
  // "Revenue 2021 ex-West" is "ex West".
  const question = asked.replace(/\bex-(?=\p{L})/giu, 'ex ');
  const excluded = EXCLUDED_AFTER.exec(question) ?? EXCLUDED_AFTER_ALONE.exec(question) ?? EXCLUDED_CLAUSE.exec(question);
  const clause = excluded ?? nonValueOf(question, meta);
  if (!clause) return null;
  // "Non-returning customers" were read as returning ones, "revenue not from new customers" as
  // theirs: a "non-" or "not from" that names no value is refused, never dropped.
  const negated = !excluded || /^(?:not\b|\w+ not\b|\w+n'?t\b)/.test(clause[0]);
  const unplaced = negated
    ? `I can't tell what “${clause[0].replace(/\s+(?:the\s+)?$/, '')}” leaves out; name the values to leave out as the file writes them, such as “excluding …”.`
    : null;
  // Read as the object of "sales from", where the name passes look for values.
  const probe = `sales from ${clause[1]}`;
  const { filters, unknown } = entitiesOf(probe, meta);
  if (unknown) return { refused: notFoundReason(unknown, meta) };
  // Names as the file writes them ("DOTCOM POSTAGE"), then abbreviations and typos ("the UK"):
  // "outside the UK and Germany" left out Germany alone.
  const loose = looseNamesOf(probe, meta, filters);
  // "Revenue excluding Hy-Vee": the stores whose names start with it.
  const named = clause[1]
    .replace(/^(?:the|our|all(?: the| our)?)\s+/i, '')
    .replace(/\s+(?:products?|items?|customers?|stores?|suppliers?|vendors?)$/i, '');
  const leading = filters.length === 0 ? leadingNameFilter(named, question, meta) : null;
  if (leading && 'refused' in leading) return leading;
  if (leading) return { rest: withoutClause(question, clause), filters: [leading] };
  // "Not in Germany" on a file without Germany names the value it could not find.
  if (filters.length === 0 && 'unknown' in loose && NOT_IN.test(clause[0])) return { refused: notFoundReason(loose.unknown, meta) };
  if (filters.length === 0 && ('unknown' in loose || loose.filters.length === 0))
    return unplaced && !NOT_A_VALUE.test(clause[1]) ? { refused: unplaced } : null;
  if ('unknown' in loose) return { refused: notFoundReason(loose.unknown, meta) };
  for (const f of loose.filters) {
    const same = filters.find((g) => g.dimension === f.dimension);
    if (same) same.values.push(...f.values.filter((v) => !same.values.includes(v)));
    else filters.push(f);
  }
  // "Revenue from customers other than 18102 and 14646" left out 18102 alone: a number in the
  // clause that no value left out holds is refused by name, not dropped.
  const placedWords = filters.flatMap((f) => f.values.flatMap((v) => v.toLowerCase().split(/[^\p{L}\d]+/u)));
  // CDNOW's "customer 7592" is its "07592": ids of digits alone are the same number.
  const placedNumber = (digits: string) => placedWords.some((w) => w === digits || sameNumber(w, digits));
  const unplacedNumber = [...clause[1].matchAll(/(?<![\p{L}\d.,])\d{3,}(?![\p{L}\d])/gu)].find((m) => !placedNumber(m[0]));
  if (unplacedNumber)
    return {
      refused: `I could read only ${filters.flatMap((f) => f.values).join(', ')} of the values left out, not “${unplacedNumber[0]}”, so the answer would be to another question; leave out one value at a time (“excluding customer ${unplacedNumber[0]}”).`,
    };
  // "Revenue excluding tequila and gin" left out TEQUILA alone: a word of the file's names joined to those left out is one more.
  const unplacedWord = [...clause[1].matchAll(/(?:,|&|\band\b|\bor\b)\s*(?:the\s+)?(\p{Ll}[\p{L}'-]+)/gu)]
    .map((m) => m[1])
    .find((word) => !placedWords.includes(word) && dimensionWithWord(word, meta) !== null);
  if (unplacedWord)
    return {
      refused: `I could read only ${filters.flatMap((f) => f.values).join(', ')} of the values left out, not “${unplacedWord}”, so the answer would be to another question; name each value to leave out as the file writes it.`,
    };
  const rest = withoutClause(question, clause);
  // "UK vs non-UK revenue" gave the rest alone: a value set against all the others is no exclusion.
  const kept = clause[1].replace(/^(?:the|our)\s+/i, '');
  if (new RegExp(`(?<![\\p{L}\\d])${escapeRegex(kept)}(?![\\p{L}\\d])`, 'iu').test(rest))
    return {
      refused: `I can't set “${kept}” against everything else in one answer yet; ask for each (“revenue from ${kept}”, “revenue excluding ${kept}”).`,
    };
  return { rest, filters };
}

function withoutClause(question: string, clause: RegExpExecArray): string {
  return `${question.slice(0, clause.index)} ${question.slice(clause.index + clause[0].length)}`.replace(/\s+/g, ' ').trim();
}

/**
 * A denial a few words before a value the reading keeps: "Products not sold in Texas" and
 * "Revenue from customers who don't buy Chairs" kept Texas and Chairs, the opposite of what
 * was asked. Words of time between them ("haven't ordered since June in Texas") deny the
 * buying, not the value.
 */
const DENIED_BEFORE = /\b(?:not|never|no|without|ignoring|ignore|except|excluding|minus|barring)\s+((?:[\w'-]+\s+){0,4})$/;
const TIME_WORD = new RegExp(
  String.raw`^(?:since|before|after|until|till|during|last|this|next|past|ago|\d{4}|q[1-4]|${MONTH_NAMES}|days?|weeks?|months?|quarters?|years?)$`,
);

/** Words after a value the reading keeps that leave it out: "sales in 2021 West excluded". */
const DENIED_AFTER = /^\s*(?:(?:is|are|was|were|being)\s+)?(?:excluded|excepted|removed|taken out|left out|set aside|stripped out)\b/;

/** Why a value the reading keeps seems to be left out by the question, or null. */
export function deniedValueOf(question: string, filters: readonly { values: string[]; exclude?: boolean }[]): string | null {
  const text = ` ${question
    .toLowerCase()
    .replace(/n['’]t\b/g, ' not')
    .replace(/[?!.,;:]/g, ' ')} `.replace(/\s+/g, ' ');
  for (const value of filters.filter((f) => !f.exclude).flatMap((f) => f.values)) {
    const at = text.indexOf(` ${value.toLowerCase()} `);
    if (at < 0) continue;
    const after = DENIED_AFTER.exec(text.slice(at + value.length + 1));
    if (after)
      return `I can't tell whether this question keeps “${value}” or leaves it out; to leave it out, ask with “excluding ${value}”, and to keep it, name it without the “${after[0].trim()}”.`;
    const denied = DENIED_BEFORE.exec(text.slice(0, at + 1));
    if (!denied || denied[1].split(' ').some((w) => TIME_WORD.test(w))) continue;
    return `I can't tell whether this question keeps “${value}” or leaves it out; to leave it out, ask with “excluding ${value}”, and to keep it, name it without the “${denied[0].split(' ')[0]}”.`;
  }
  return null;
}
