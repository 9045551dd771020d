/**
 * A `query_data` spec (worker/engine/query/spec.ts) in words, for the transcript's tool
 * step: "revenue, by month, region = North, 2024-01-01 … 2024-12-31". The input is read
 * defensively: a step shows whatever the analyst sent, valid or not.
 */
import { filterWords, MEASURE_LABELS, TIME_DIMENSIONS, type Measure } from '../../../../../worker/engine/query/spec';
import { pluralNoun } from '../../../../../worker/engine/render/format';

type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
const measureLabel = (measure: string) => (measure in MEASURE_LABELS ? MEASURE_LABELS[measure as Measure] : measure);
/** A dimension as the answer names it: `column:State` is "State", `salesRep` "sales rep". */
const dimensionWords = (dimension: string) =>
  dimension.startsWith('column:') ? dimension.slice('column:'.length) : dimension === 'salesRep' ? 'sales rep' : dimension;

/** A ranking by a change says so, as the answer's first line does: "top 1 by % change in revenue". */
const CHANGE_WORDS: Record<string, string> = { change: 'change in ', percentChange: '% change in ' };

function rangeWords(value: unknown): string | null {
  if (!isFields(value) || typeof value.from !== 'string' || typeof value.to !== 'string') return null;
  return `${value.from} … ${value.to}`;
}

/** The spec in words, or null when it has no measure to describe. */
export function querySpecInWords(input: unknown): string | null {
  if (!isFields(input)) return null;
  // "average revenue per month" for a spec with `per`, as the answer's first line says.
  const per = typeof input.per === 'string' && (TIME_DIMENSIONS as readonly string[]).includes(input.per) ? input.per : null;
  // "average orders per customer" for a spec with `averageOver`.
  const over = typeof input.averageOver === 'string' ? dimensionWords(input.averageOver) : null;
  const measureWords = (measure: string) =>
    over ? `average ${measureLabel(measure)} per ${over}` : per ? `average ${measureLabel(measure)} per ${per}` : measureLabel(measure);
  const measures = strings(input.measures).map(measureWords);
  if (!measures.length) return null;
  const limit = typeof input.limit === 'number' ? input.limit : null;
  const sort = isFields(input.sort) ? input.sort : null;
  const groupBy = strings(input.groupBy);
  const parts: string[] = [];
  const every = isFields(input.boughtAll) && typeof input.boughtAll.dimension === 'string' ? input.boughtAll : null;
  // "products with sales, customer = Rossi Ltd, … but not in …": two periods list the column grouped by, as the answer says.
  const listsTwoPeriods = Boolean(input.notBoughtIn || input.alsoBoughtIn);
  const listed = listsTwoPeriods && groupBy.length === 1 && !/^customers?$/i.test(groupBy[0]) ? groupBy[0] : null;
  const eachUnit = typeof input.boughtEvery === 'string' ? input.boughtEvery : null;
  if (every) parts.push(`customers who bought each of ${dimensionWords(String(every.dimension))} = ${strings(every.values).join(', ')}`);
  else if (eachUnit) parts.push(`customers who bought in every ${eachUnit}`);
  else if (listed) parts.push(`${pluralNoun(dimensionWords(listed))} with sales`);
  else if (input.notBoughtIn || input.alsoBoughtIn || input.neverBought) parts.push('customers who bought');
  else if (limit !== null && groupBy.length)
    parts.push(
      `${sort?.direction === 'asc' ? 'bottom' : 'top'} ${limit} by ${CHANGE_WORDS[String(sort?.on)] ?? ''}${measureWords(typeof sort?.by === 'string' ? sort.by : (strings(input.measures)[0] ?? ''))}`,
    );
  else parts.push(measures.join(', '));
  if (groupBy.length && !listsTwoPeriods && !eachUnit) parts.push(`by ${groupBy.map(dimensionWords).join(' and ')}`);
  // "each against the quarter before", as the answer's first line says.
  const unit = groupBy.find((g) => (TIME_DIMENSIONS as readonly string[]).includes(g));
  if (unit && (input.changeFrom === 'previous' || input.changeFrom === 'yearBefore'))
    parts.push(
      `each against ${input.changeFrom === 'yearBefore' && unit !== 'year' ? `the same ${unit} a year before` : `the ${unit} before`}`,
    );
  parts.push(...filtersInWords(input.filters));
  const period = rangeWords(input.period);
  if (period) parts.push(period);
  const compareTo = rangeWords(input.compareTo);
  if (compareTo) parts.push(`compared with ${compareTo}`);
  const notBoughtIn = rangeWords(input.notBoughtIn);
  if (notBoughtIn) parts.push(`but not in ${notBoughtIn}`);
  const alsoBoughtIn = rangeWords(input.alsoBoughtIn);
  if (alsoBoughtIn) parts.push(`and also in ${alsoBoughtIn}`);
  const [never] = filtersInWords(input.neverBought ? [input.neverBought] : []);
  if (never) parts.push(`but never ${never}`);
  // "revenue, Sub-Category = Tables" alone read as all Tables revenue, not the Chairs buyers' of it.
  const [buyers] = filtersInWords(input.buyersOf ? [input.buyersOf] : []);
  if (buyers) parts.push(`customers who bought ${buyers}`);
  return parts.join(', ');
}

/** Query filters in words, as the answer's first line has them: "State = Texas", "region ≠ West". */
export function filtersInWords(filters: unknown): string[] {
  const words: string[] = [];
  for (const filter of Array.isArray(filters) ? filters : []) {
    if (!isFields(filter) || typeof filter.dimension !== 'string') continue;
    // "region ≠ United Kingdom": a step once read "region = United Kingdom" above the other countries.
    // "customer name starting with “Hy-Vee”": the step read "customer = Hy-Vee", as if one store were named so.
    const match = typeof filter.match === 'string' ? filter.match : undefined;
    words.push(filterWords(dimensionWords(filter.dimension), strings(filter.values), filter.exclude === true, match));
  }
  return words;
}
