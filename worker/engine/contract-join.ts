/**
 * The `joins` section of `analysis.json` (issue 16 part 4): how the lookup tables (a
 * customer master, Superstore's `Returns` and `People` sheets) were joined to the
 * transactions, how well their keys matched, and what a flag list marked.
 */
import type { ColumnRole } from './contract';

export interface JoinedTable {
  /** File name, or sheet name for a workbook's sheets. */
  table: string;
  /** `master` adds attributes to every line; `flags` marks the lines whose key it lists. */
  kind: 'master' | 'flags';
  rows: number;
  key: { transactions: string; table: string; foundBy: 'header' | 'values' };
  /**
   * A master: the share of the transactions' distinct key values found in the table.
   * A flag list: the share of the table's keys found in the transactions.
   */
  matchRate: number;
  matched: number;
  keys: number;
  /** Keys not matched (transaction values missing from a master; listed keys no line has), up to 5 examples. */
  unmatched: { count: number; examples: string[] };
  /** Rows whose key repeats an earlier row's: the first row wins. */
  duplicates: { count: number; examples: string[] };
  /** Columns added to the transactions, with the role each took. */
  added: { column: string; role: ColumnRole | null }[];
  /** A flag list keyed on the order id: the orders it marks among the analysed lines. */
  flagged?: FlaggedOrders;
}

export interface FlaggedOrders {
  /** The flag's name (`Returned`). */
  label: string;
  /** Distinct listed order ids among the analysed lines. */
  orders: number;
  lines: number;
  /** Net revenue of those lines (the sum of their amounts). */
  revenue: number;
  /** Their share of total revenue. */
  shareOfRevenue: number;
}

export interface JoinSummary {
  /** The transactions table's name (file or sheet). */
  transactions: string;
  tables: JoinedTable[];
}
