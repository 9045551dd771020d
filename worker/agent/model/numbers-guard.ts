/**
 * The numbers guard: every figure in the model's prose must be traceable to a tool
 * result from the same turn. A figure is traceable when some tool number matches it
 * after the formatting people use — rounding to the digits shown, thousands
 * separators, currency symbols, k/M/bn suffixes, and fractions written as percentages.
 * Small counting numbers (≤ 10: "top 5", "3 actions") and figures the user wrote
 * themselves are always allowed.
 */

/** Counting words need no source: "top 5 customers", "3 actions". */
const ALWAYS_ALLOWED_MAX = 10;

const MULTIPLIERS: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  mn: 1e6,
  million: 1e6,
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
};

/**
 * A figure in prose: optional currency, digits with optional thousands separators and
 * decimals, then an optional % or magnitude suffix. Digits glued to a letter (Q2, P01,
 * H1) are labels, not figures, and are skipped by the lookbehind.
 */
const FIGURE =
  /(?<![\p{L}\d.,])[$€£¥₹]?\s?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?:\s?(%|percent\b|per cent\b|k\b|K\b|mn\b|m\b|M\b|bn\b|B\b|thousand\b|million\b|billion\b))?/gu;

/** A figure as written, with the value it stands for and how precisely it was written. */
export interface Figure {
  text: string;
  value: number;
  /** Half a unit in the last place shown: the rounding the writer may have done. */
  tolerance: number;
  percent: boolean;
}

/** The figures in a piece of prose (list numbering such as "1." at a line start is ignored). */
export function figuresIn(text: string): Figure[] {
  const withoutListMarkers = text.replace(/^(\s*)\d+[.)]\s/gm, '$1');
  const figures: Figure[] = [];
  for (const match of withoutListMarkers.matchAll(FIGURE)) {
    const digits = match[1].replace(/,/g, '');
    const decimals = match[2] ? match[2].length - 1 : 0;
    const suffix = (match[3] ?? '').toLowerCase();
    const percent = suffix === '%' || suffix.startsWith('per');
    const multiplier = MULTIPLIERS[suffix] ?? 1;
    figures.push({
      text: match[0].trim(),
      value: Number(`${digits}${match[2] ?? ''}`) * multiplier,
      tolerance: 0.5 * 10 ** -decimals * multiplier * (1 + 1e-9),
      percent,
    });
  }
  return figures;
}

/** Every number in tool output (JSON numbers and digits inside strings such as dates). */
export function sourceNumbers(texts: readonly string[]): number[] {
  const values = new Set<number>();
  for (const text of texts) {
    for (const match of text.matchAll(/\d+(?:\.\d+)?(?:e[+-]?\d+)?/gi)) values.add(Number(match[0]));
  }
  return [...values];
}

function traceable(figure: Figure, sources: readonly number[]): boolean {
  if (!figure.percent && Number.isInteger(figure.value) && figure.value <= ALWAYS_ALLOWED_MAX) return true;
  return sources.some(
    (source) =>
      Math.abs(source - figure.value) <= figure.tolerance ||
      // A share stored as a fraction (0.516) written as a percentage (51.6%).
      (figure.percent && Math.abs(source * 100 - figure.value) <= figure.tolerance),
  );
}

/**
 * The figures in `text` that no source supports, as written (deduplicated, in order).
 * `sources` are the tool results of the turn; `userText` is what the user wrote.
 */
export function untraceableFigures(text: string, sources: readonly string[], userText = ''): string[] {
  const numbers = [...sourceNumbers(sources), ...figuresIn(userText).map((f) => f.value)];
  const flagged = figuresIn(text)
    .filter((figure) => !traceable(figure, numbers))
    .map((figure) => figure.text);
  return [...new Set(flagged)];
}

/** The visible note appended when a rewrite still has untraceable figures. */
export function untraceableNote(figures: readonly string[]): string {
  return `> **Note:** these figures could not be traced to the computed results and may be wrong: ${figures.join(', ')}.`;
}
