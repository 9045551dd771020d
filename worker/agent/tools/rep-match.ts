/**
 * Finds the sales reps a user means by a name as typed in chat: the full name, one of
 * its words ("Anna" for "Anna Berg"), or a near miss ("Ana", "Schmitt"). Every match of
 * the best kind is returned, so "Anna" with two Annas is ambiguous, not a guess.
 */
import { normalise } from './tool-kit';

export type RepMatchKind = 'name' | 'word' | 'typo';

export interface RepMatch {
  kind: RepMatchKind;
  names: string[];
}

/** Typos allowed for a word of this length: none under 4 letters, one up to 6, two beyond. */
function allowedEdits(length: number): number {
  if (length < 4) return 0;
  return length <= 6 ? 1 : 2;
}

/**
 * Edit distance counting two neighbours swapped as one slip ("frnace" for France; optimal
 * string alignment), stopping early once it exceeds `max`. A swap is the commonest typo, and
 * Levenshtein's two for it refused "sales in frnace".
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) current[j] = Math.min(current[j], beforePrevious[j - 2] + 1);
      best = Math.min(best, current[j]);
    }
    // A row past `max` ends it: a swap reaches back one row, whose cells are at least this row's least less one.
    if (best > max) return max + 1;
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length];
}

/** The reps the query names, by the best kind of match; null when none matches. */
export function matchReps(names: readonly string[], query: string): RepMatch | null {
  const wanted = normalise(query);
  if (!wanted) return null;
  // "rep7" for "Rep 7": spacing is not a typo.
  const compact = (text: string): string => text.replace(/ /g, '');
  const byName = names.filter((name) => compact(normalise(name)) === compact(wanted));
  if (byName.length > 0) return { kind: 'name', names: byName };
  const byWord = names.filter((name) => ` ${normalise(name)} `.includes(` ${wanted} `));
  if (byWord.length > 0) return { kind: 'word', names: byWord };
  const max = allowedEdits(wanted.length);
  if (max === 0) return null;
  // The closest names only, so "Ana" picks "Anna" over "Jana" only when it is closer.
  const distances = names.map((name) => typoDistance(normalise(name), wanted, max));
  const best = Math.min(...distances);
  if (best > max) return null;
  return { kind: 'typo', names: names.filter((_, i) => distances[i] === best) };
}

/** Edits from the query to the whole name or to one of its words (words of 4+ letters only). */
function typoDistance(name: string, wanted: string, max: number): number {
  const words = name.split(' ').filter((word) => word.length >= 4);
  return Math.min(editDistance(name, wanted, max), ...words.map((word) => editDistance(word, wanted, max)));
}
