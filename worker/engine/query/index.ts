/**
 * `query_data`: a zod-validated spec executed by the engine over the columnar snapshot.
 * Used by the CLI (`npm run query`), the offline analyst and the model analyst alike.
 */
export { runQuery, QueryRefusal, type QueryResult } from './execute';
export { csvOf, formatCell, markdownTableOf } from './format';
export { havingWords, isMoneyMeasure, type HavingWritten } from './result';
export { rankedCut, tieAtCut, tieWords, type Tie } from './ties';
export {
  MAX_RANKED,
  MEASURE_LABELS,
  MEASURES,
  parseQuerySpec,
  QueryFilterSchema,
  QuerySpecSchema,
  type Measure,
  type QuerySpec,
  type QuerySpecInput,
} from './spec';
export { customersSpanning, customersWhere, type CustomersSpanning, type CustomersWhere } from './customers-where';
