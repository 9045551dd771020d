/**
 * `query_data`: exact figures for any period, slice, ranking, comparison or lapsed-buyer
 * set, computed by the engine over every cleaned row. The input is the engine's zod
 * `QuerySpec`; a spec the file can't answer becomes a `ToolInputError` with the reason.
 */
import { MEASURES, QueryRefusal, QuerySpecSchema, runQuery, type QueryResult, type QuerySpec } from '../../engine/query';
import type { DatasetProfile } from '../../engine/contract';
import { renderSvgChart, type ChartPoint } from '../charts/svg-chart';
import { currencyPrefix } from '../format';
import { dataString, defineTool, ToolInputError, type ToolContext } from './tool-kit';

/** A result with more points than this also gets a chart (three figures read fine as a table). */
const CHART_MIN_POINTS = 4;
const TIME_UNITS = new Set(['month', 'quarter', 'year', 'week']);

/** The query's answer, plus the chart drawn from it when it has more than three points. */
export interface QueryDataOutput extends QueryResult {
  chart?: { artifactId: string; fileName: string; title: string };
}

export const queryData = defineTool({
  name: 'query_data',
  description:
    'Exact figures over every row of the file. Prefer it for any question about a period, a slice (customer, product, category, supplier, region, sales rep or another column), a ranking, a comparison of two periods, customers who bought in one period but not another, or in both, or who bought one value but never another. ' +
    `measures: ${MEASURES.join(', ')} (customers: the distinct customers who bought, one with only returns in the slice left out and the note saying how many; returns: the value of credit notes and negative lines; returnOrders: the orders with one; grossRevenue: revenue before returns, revenue plus returns ("gross sales"); cost: the cost of what was sold, net of returns, revenue less grossProfit ("cost of goods sold", "COGS"; needs costs); revenueShare: % of all revenue of the period, whatever the filters; profitShare: % of all gross profit of the period, whatever the filters, below 0 for what sold at a loss (needs costs); customerShare: % of all customers who bought in the period, whatever the filters ("what % of customers are in the West"; a customer buying in several rows counts in each; for the customers of a whole period against the file's, use period = the file's span with alsoBoughtIn = that period); repeatCustomers / oneTimeCustomers: customers with 2+ orders / one order in the slice; products: distinct products bought; averagePrice: revenue over units of the rows with a quantity; newCustomerRevenue / returningCustomerRevenue: the revenue of customers whose first purchase in the file is in the row's period / of the other customers, adding up to the revenue of the rows that name a customer). ` +
    'groupBy: up to two of customer, product, category, supplier, region, salesRep, another column header, month, quarter, year, week. ' +
    'filters: [{dimension, values, match: "fuzzy"|"exact"|"startsWith", exclude?: true}] (exclude leaves those values out: "excluding the UK"; rows without a value then count; startsWith keeps every value whose name begins with those words, for a brand or chain the file names store by store or item by item: {dimension: "customer", values: ["Hy-Vee"], match: "startsWith"}, and the result lists them). period / compareTo / notBoughtIn / alsoBoughtIn: {from, to} as YYYY-MM-DD (alsoBoughtIn: the customers of period who bought in it too, each with both periods\' revenue, and keptShare: how many of the buyers of period, what share; with notBoughtIn or alsoBoughtIn, groupBy one column lists its values instead of customers: groupBy ["product"], filters customer Rossi Ltd, period 2023, notBoughtIn 2024 for "which products did Rossi Ltd stop buying in 2024?", or without the filter for "which products stopped selling"). neverBought: a filter ({dimension, values}): the customers of the rows filters keep (in period, else the whole file) who never bought those values there, e.g. filters category Hydraulics, neverBought category Bearings for "customers who buy Hydraulics but not Bearings"; withoutShare: how many bought those rows, what share never bought the others. buyersOf: a filter ({dimension, values}): only the rows of the customers who bought any of those values (in period, else the whole file), all they bought that the other filters keep, e.g. buyersOf Sub-Category [Tables] for "revenue of the customers who bought Tables" (a filter on Tables gives their Tables revenue alone), filters Sub-Category Tables with buyersOf Sub-Category Chairs for "what Chairs buyers spend on Tables", or groupBy ["Sub-Category"], measures customers and revenue, filters Sub-Category Chairs exclude, buyersOf Sub-Category Chairs for "what else do Chairs buyers buy"; not with compareTo, per or changeFrom. boughtEvery: year|quarter|month|week: the customers who bought in each whole unit of period (else the file), e.g. "customers who bought in every year"; no groupBy. boughtAll: a filter of 2 to 4 values of one column ({dimension, values}), not also in filters: the customers who bought every one of them (in the rows filters keep, in period, else the whole file), each with their revenue of each (a name several items share, such as "Black Velvet", is one value: any of them), e.g. boughtAll Sub-Category [Chairs, Tables] for "customers who bought both Chairs and Tables" or "what share of Chairs customers also bought Tables"; everyShare: how many bought any of them, how many bought each and what share of those the list is (each[].percent: the share of Chairs buyers who bought Tables too). limit: top N (50 rows shown; a larger N, up to 100,000, is ranked whole and its rows summed together: rankedRows, shownTotals); sort: {by, direction, on?: "change"|"percentChange" with compareTo or changeFrom: "grew the most" is the change, "grew fastest" the % change}; having: {measure, op: ">"|">="|"<"|"<="|"=", value} keeps the rows past a threshold, or {measure, op: "between", value, upTo} those from value to upTo, both included, or {measure, op: ">"|"<", than: "average"} those above or below the average of all the rows (the mean of their figure; for marginPct the margin of all of them together; not for other ratios), e.g. "customers who spend above average" (one period; with compareTo, add on: "change" to keep the rows whose change passes it, e.g. {measure: "revenue", op: "<", value: 0, on: "change"} for "spent less than last year", or on: "percentChange" for the change as a % of period B, e.g. {measure: "revenue", op: ">=", value: 100, on: "percentChange"} for "doubled"). ' +
    'changeFrom: "previous"|"yearBefore", with one time unit in groupBy, adds each row\'s change and % change from the unit before ("quarter over quarter", "which months grew?") or from the same month or quarter a year before; sort and having may then be on: "change" (e.g. having {measure: "revenue", op: ">", value: 0, on: "change"} for "which quarters grew"); a unit the rows only partly cover gets no change. ' +
    'shareWithin: [the dimension of one of filters] makes those filters\' rows the whole a share is of ("Acme\'s share of Germany\'s revenue": filters supplier Acme and region DE-North, DE-South, shareWithin ["region"]; "what share of California revenue is Technology": shareWithin ["State"]); without it a share is of every row of the period (of each unit\'s rows when grouped by a time unit with a filter or a second column: "Technology\'s share by year" is of each year\'s revenue). A time unit in groupBy takes no compareTo: use changeFrom. ' +
    'per: month|quarter|year|week gives the average per unit ("average monthly revenue": the period\'s figure over the months it spans, empty months as 0) for revenue, grossProfit, cost, orders, units, newCustomers, returns, returnOrders, grossRevenue; not with a time unit in groupBy. ' +
    'averageOver: a column (customer, product, salesRep, region, another header) gives the average of each of its values with a purchase ("average orders per customer", "how many customers does a rep have on average": measures customers, averageOver salesRep): each value\'s figure added up over the values, by one groupBy at most, for revenue, grossProfit, cost, orders, customers, units, returns, returnOrders, grossRevenue, products; not with per, changeFrom, having or the customer lists. Revenue per customer is the measure revenuePerCustomer.',
  input: QuerySpecSchema,
  async run(context, spec): Promise<QueryDataOutput> {
    if (!context.snapshot)
      throw new ToolInputError('The cleaned rows of this analysis are not stored, so query_data cannot run here; use the other tools.');
    try {
      const raw = await runQuery(context.snapshot, spec);
      const rejected = rejectedRowsNote(context.result.dataset);
      const result = {
        ...raw,
        rows: raw.rows.map((row) => row.map((cell) => (typeof cell === 'string' ? dataString(cell) : cell))),
        ...(rejected ? { note: raw.note ? `${rejected} ${raw.note}` : rejected } : {}),
      };
      const chart = await chartOf(context, spec, result);
      return chart ? { ...result, chart } : result;
    } catch (error) {
      if (error instanceof QueryRefusal) throw new ToolInputError(error.message);
      throw error;
    }
  },
  artifactOf: (output) =>
    output.chart ? { id: output.chart.artifactId, fileName: output.chart.fileName, alt: output.chart.title } : undefined,
});

/**
 * The rows the ingest could not use are in no figure the snapshot gives: Iowa's "total bottles
 * sold" read 81,107 with nothing said of the 7 rows with no amount (13 bottles; the file holds
 * 81,120). Every answer over such a file says how many, and why.
 */
export function rejectedRowsNote(dataset: Pick<DatasetProfile, 'rowsRejected' | 'rejectReasons'>): string | null {
  const n = dataset.rowsRejected;
  if (!(n > 0)) return null;
  const why = dataset.rejectReasons.map((r) => `${r.reason.toLowerCase()}: ${r.count.toLocaleString('en-US')}`).join('; ');
  return `${n.toLocaleString('en-US')} ${n === 1 ? 'row' : 'rows'} of the file could not be used${why ? ` (${why})` : ''} and ${n === 1 ? 'is' : 'are'} in none of these figures.`;
}

/**
 * One label column and one figure over more than three rows (a trend or a ranking) is
 * drawn with the same SVG renderer as `make_chart`: a line over time, bars otherwise.
 */
async function chartOf(context: ToolContext, spec: QuerySpec, result: QueryResult): Promise<QueryDataOutput['chart']> {
  const [label, value, ...rest] = result.columns;
  // A change from the unit before is read from the line itself: one measure by time is drawn.
  const changes = spec.changeFrom && spec.measures.length === 1 && spec.groupBy.length === 1;
  if (
    !label ||
    !value ||
    (rest.length && !changes) ||
    label.kind !== 'text' ||
    value.kind === 'text' ||
    result.rows.length < CHART_MIN_POINTS
  )
    return undefined;
  const points: ChartPoint[] = result.rows.flatMap(([name, figure]) =>
    typeof figure === 'number' ? [{ label: String(name ?? '—'), value: figure }] : [],
  );
  if (points.length < CHART_MIN_POINTS) return undefined;
  const title = result.understood.charAt(0).toUpperCase() + result.understood.slice(1);
  const svg = renderSvgChart({
    kind: spec.groupBy.length === 1 && TIME_UNITS.has(spec.groupBy[0]) ? 'line' : 'bar',
    title,
    points,
    ...(value.kind === 'percent' ? { valueSuffix: '%' } : {}),
    // Money in the analysis's currency, like the table beside it ('' when unknown).
    ...(value.kind === 'money' ? { valuePrefix: currencyPrefix(context.result.dataset.currency) } : {}),
  });
  // Named by what it shows, so asking the same question again replaces rather than adds.
  const slug = result.understood
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
  const fileName = `chart-query-${slug || 'result'}.svg`;
  const { id } = await context.artifacts.put({ name: fileName, type: 'chart', contentType: 'image/svg+xml', body: svg });
  return { artifactId: id, fileName, title };
}
