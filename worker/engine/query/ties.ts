/**
 * Ties at the cut of a ranking. "Which customer placed the most orders in 2021?" named
 * Emily Phan alone, with 8 orders, where Mick Hernandez has 8 too: a ranking cut to its top
 * N also shows the rows that share the last place's figure (as SQL's `FETCH FIRST n ROWS
 * WITH TIES`) when the tie fits under a cap, and says so.
 */

/** Rows `start` to `end` (exclusive) of a sorted list share the figure of the last place within the cut. */
export interface Tie {
  start: number;
  end: number;
}

/**
 * Figures within 1e-12 of each other (relative, for figures above 1), and never a tenth of
 * a cent apart, are equal: two sums of the same amounts in another order can differ in their
 * last bits (0.1 + 0.2 is not 0.3), but two revenues of a billion a cent apart are not tied.
 */
export function sameFigure(x: number, y: number): boolean {
  return Math.abs(x - y) <= Math.min(1e-3, 1e-12 * Math.max(1, Math.abs(x)));
}

/**
 * The run of rows whose figure equals the last place's (row `cut − 1`), when it goes on past
 * the cut; else null. `figureAt(k)` is row k's figure in the sorted list, null for a row
 * without one (it ties with nothing).
 */
export function tieAtCut(count: number, cut: number, figureAt: (k: number) => number | null): Tie | null {
  if (cut < 1 || cut >= count) return null;
  const last = figureAt(cut - 1);
  const ties = (k: number): boolean => {
    const figure = figureAt(k);
    return last !== null && figure !== null && sameFigure(figure, last);
  };
  if (!ties(cut)) return null;
  let start = cut - 1;
  while (start > 0 && ties(start - 1)) start--;
  let end = cut + 1;
  while (end < count && ties(end)) end++;
  return { start, end };
}

/**
 * How many rows a ranking cut at `cut` shows: the cut and its tie when the tie fits in
 * `max`, else the cut alone (Superstore's "Which products are declining?" names 5 of the 48
 * products at −100%, and says so, rather than 25 of them).
 */
export function shownWithTie(tie: Tie | null, cut: number, max: number): number {
  return tie && tie.end <= max ? tie.end : cut;
}

/**
 * "7 customers tie for place 2, so all of them are shown.", or, when the tie does not fit,
 * "48 products tie for place 1; the first 5 of them by name are shown." (or "the first of
 * them … is shown" when one is). `nouns` is the plural noun.
 */
export function tieWords(tie: Tie, shown: number, nouns: string): string {
  const tied = `${(tie.end - tie.start).toLocaleString('en-US')} ${nouns} tie for place ${(tie.start + 1).toLocaleString('en-US')}`;
  if (tie.end <= shown) return `${tied}, so all of them are shown.`;
  const first = shown - tie.start;
  return `${tied}; ${first === 1 ? 'the first of them by name is shown' : `the first ${first} of them by name are shown`}.`;
}

/** Each row's place in a sorted list, shared by rows with the same figure (1, 2, 2, 4). */
export function placesOf(count: number, figureAt: (k: number) => number | null): number[] {
  const places: number[] = [];
  for (let k = 0; k < count; k++) {
    const figure = figureAt(k);
    const previous = k > 0 ? figureAt(k - 1) : null;
    places.push(k > 0 && figure !== null && previous !== null && sameFigure(figure, previous) ? places[k - 1] : k + 1);
  }
  return places;
}

/** A ranking as a tool gives it: the rows shown, each one's place, and the tie past the limit ({ place, tied }). */
export interface RankedCut<T> {
  shown: T[];
  places: number[];
  tie: { place: number; tied: number } | null;
}

/** Cuts a sorted list at `limit` with its tie, if the tie fits in `max` (rank_customers, rank_products). */
export function rankedCut<T>(rows: readonly T[], limit: number, max: number, figureOf: (row: T) => number | null): RankedCut<T> {
  const figureAt = (k: number) => figureOf(rows[k]);
  const tie = tieAtCut(rows.length, limit, figureAt);
  const shown = rows.slice(0, shownWithTie(tie, limit, max));
  return { shown, places: placesOf(shown.length, figureAt), tie: tie ? { place: tie.start + 1, tied: tie.end - tie.start } : null };
}
