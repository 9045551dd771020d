/**
 * "Which customers spend above average?", "products with a margin below average": each row
 * set against the average of the rows, a `having` with `than: "average"`. Before, the words
 * were dropped and every customer was listed ("Customers spending more than the average
 * customer" got the whole file's revenue). The question is read without them, then bounded.
 */
import { AVERAGED } from '../../engine/query/spec';
import { MEASURE_LABELS } from '../../engine/query';
import type { Parsed } from './query-parsed';

const AVERAGE_WORDS = String.raw`(?:the |an |our )?(?:company |overall |national |typical )?average(?:[- ](customer|client|account|buyer|product|item|region|country|state|category|month|store)s?)?\b`;

/**
 * "Above average", "above-average", "more than the average customer", "below the company
 * average", "lower than average": group 1 the way up or down, group 2 the rows' noun.
 */
const AVERAGE_BOUND = new RegExp(
  String.raw`\b(above|over|higher than|more than|greater than|bigger than|better than|below|under|lower than|less than|fewer than|smaller than|worse than)[- ]${AVERAGE_WORDS}`,
);

/** "More units than average", "less revenue than the average customer": the figure between the words (group 2). */
const AVERAGE_BOUND_AROUND = new RegExp(
  String.raw`\b(more|higher|greater|bigger|better|less|fewer|lower|smaller|worse) ((?:[a-z%-]+ ){1,2}?)than ${AVERAGE_WORDS}`,
);

/**
 * The question without its "above average" words, the way it bounds the rows, and the noun
 * of the rows when the words name it ("the average customer"); null without them.
 */
export function averageBoundOf(question: string): { rest: string; op: '>' | '<'; noun?: string } | null {
  const text = question.toLowerCase();
  const around = AVERAGE_BOUND_AROUND.exec(text);
  const m = around ?? AVERAGE_BOUND.exec(text);
  if (!m) return null;
  const up = /^(above|over|higher|more|greater|bigger|better)/.test(m[1]);
  const kept = around ? ` ${around[2]}` : ' ';
  const rest = `${question.slice(0, m.index)}${kept}${question.slice(m.index + m[0].length)}`.replace(/\s+/g, ' ').trim();
  const noun = around ? around[3] : m[2];
  return { rest, op: up ? '>' : '<', ...(noun ? { noun } : {}) };
}

/** The rows a question opens with: "products selling …", "which states have …", "how many regions had …". */
const ROWS_NOUN =
  /^(?:(?:which|what|how many|list|show(?: me)?|find)\s+)?(?:(?:the|our|all|my)\s+)?(?!(?:is|was|has|does|this|its|us|always)\b)([a-z-]+s)\b/;

/**
 * Reads the rest of the question, by the rows' noun when it names no grouping: "Customers
 * spending more than the average customer" is "customers spending" by customer, and "How
 * many regions had profit above the average?" counts regions by region.
 */
export function readWithAverage(bound: NonNullable<ReturnType<typeof averageBoundOf>>, read: (question: string) => Parsed): Parsed {
  const parsed = read(bound.rest);
  const noun = bound.noun ?? ROWS_NOUN.exec(bound.rest.toLowerCase())?.[1];
  const ungrouped = parsed.kind === 'unmapped' || (parsed.kind === 'spec' && (parsed.spec.groupBy ?? []).length === 0);
  return withAverageBound(ungrouped && noun ? read(`${bound.rest} by ${noun}`) : parsed, bound.op);
}

/**
 * The reading of the question without its average words, its first figure bounded by that
 * figure's average over the rows: above it the largest first, below it the smallest.
 */
function withAverageBound(parsed: Parsed, op: '>' | '<'): Parsed {
  // "Top 5 customers above average" would be answered without the bound.
  if (parsed.kind === 'unmapped' || parsed.kind === 'among')
    return {
      kind: 'refused',
      reason: 'I couldn’t tell which figure to set against its average; name it, such as “customers with revenue above average”.',
    };
  if (parsed.kind !== 'spec') return parsed;
  const { spec } = parsed;
  const measure = spec.measures[0];
  if ((spec.groupBy ?? []).length === 0)
    return {
      kind: 'refused',
      reason:
        'I set each customer, product or other row against the average of them all, so name the rows, such as “customers with revenue above average” or “products with a margin below average”.',
    };
  if (spec.having || spec.compareTo || spec.changeFrom || spec.notBoughtIn || spec.alsoBoughtIn || spec.per)
    return {
      kind: 'refused',
      reason:
        'I can set the rows against their average in one period with no other condition, not with a threshold, a comparison or another list of customers beside it yet.',
    };
  if (!AVERAGED.has(measure))
    return {
      kind: 'refused',
      reason: `I can set a sum, a count or the margin against its average, not the ${MEASURE_LABELS[measure]}: its average could be of each row's or of all of them together.`,
    };
  return {
    ...parsed,
    spec: { ...spec, having: { measure, op, than: 'average' }, sort: { by: measure, direction: op === '>' ? 'desc' : 'asc' } },
  };
}
