/**
 * `query_data`: exact figures for any period, slice, ranking, comparison or lapsed-buyer
 * set, computed by the engine over every cleaned row. The input is the engine's zod
 * `QuerySpec`; a spec the file can't answer becomes a `ToolInputError` with the reason.
 */
import { QueryRefusal, QuerySpecSchema, runQuery, type QueryResult } from '../../engine/query';
import { dataString, defineTool, ToolInputError } from './tool-kit';

export const queryData = defineTool({
  name: 'query_data',
  description:
    'Exact figures over every row of the file. Prefer it for any question about a period, a slice (customer, product, category, supplier, region, sales rep or another column), a ranking, a comparison of two periods, or customers who bought in one period but not another. ' +
    'measures: revenue, grossProfit, marginPct, orders, customers, units, averageOrderValue, newCustomers, returningCustomers. groupBy: up to two of customer, product, category, supplier, region, salesRep, another column header, month, quarter, year, week. ' +
    'filters: [{dimension, values, match: "fuzzy"|"exact"}]. period / compareTo / notBoughtIn: {from, to} as YYYY-MM-DD. limit: top N (≤ 50); sort: {by, direction}.',
  input: QuerySpecSchema,
  async run(context, spec): Promise<QueryResult> {
    if (!context.snapshot)
      throw new ToolInputError('The cleaned rows of this analysis are not stored, so query_data cannot run here; use the other tools.');
    try {
      const result = await runQuery(context.snapshot, spec);
      return { ...result, rows: result.rows.map((row) => row.map((cell) => (typeof cell === 'string' ? dataString(cell) : cell))) };
    } catch (error) {
      if (error instanceof QueryRefusal) throw new ToolInputError(error.message);
      throw error;
    }
  },
});
