/**
 * `cost` on hand-checked rows: the cost of what was sold, net of returns (a return's cost
 * comes off, as its revenue does), so cost + gross profit = revenue row for row. A row with
 * no cost in a file with costs counts at 0, and the note says how many and how much revenue
 * that makes all profit; a file without costs is refused.
 */
import { describe, expect, it } from 'vitest';
import { QueryRefusal } from '../../../worker/engine/query';
import { runQuery } from '../../../worker/engine/query/execute';
import { QuerySpecSchema } from '../../../worker/engine/query/spec';
import type { SnapshotGroup } from '../../../worker/engine/snapshot/columns';
import { readParquetSnapshot } from '../../../worker/engine/snapshot/parquet-read';
import { parquetSnapshot } from '../../../worker/engine/snapshot/parquet-write';
import { ingestCsv, queryCsv } from './snapshot-of';

// Cost: Acme 60 in January and −12 back on its May return (48 net), Bolt 20, Cora 40 in March.
const SALES = `Date,Customer,Region,Amount,Cost
2024-01-05,Acme,West,100,60
2024-02-06,Bolt,West,50,20
2024-03-07,Cora,East,30,40
2024-05-09,Acme,West,-20,-12
`;

describe('the cost of what was sold', () => {
  it('is net of returns and sits beside revenue and gross profit: Acme 48 of 80, all 108', async () => {
    const result = await queryCsv(SALES, { measures: ['cost', 'grossProfit', 'revenue'], groupBy: ['customer'] });
    expect(result.columns.map((c) => [c.label, c.kind])).toEqual([
      ['customer', 'text'],
      ['cost', 'money'],
      ['gross profit', 'money'],
      ['revenue', 'money'],
    ]);
    expect(result.rows).toEqual([
      ['Acme', 48, 32, 80],
      ['Cora', 40, -10, 30],
      ['Bolt', 20, 30, 50],
    ]);
    expect(result.note).toBeNull();
    const total = await queryCsv(SALES, { measures: ['cost'] });
    expect(total.rows).toEqual([[108]]);
  });

  it('adds up over time: 60 + 20 − 12 over January … May is 13.6 a month', async () => {
    const spanning = `Date,Customer,Region,Amount,Cost
2024-01-01,Acme,West,100,60
2024-03-15,Bolt,West,50,20
2024-05-31,Acme,West,-20,-12
`;
    const result = await queryCsv(spanning, { measures: ['cost'], per: 'month' });
    expect(result.rows[0][0]).toBeCloseTo(68 / 5, 10);
  });

  it('ranks and keeps rows past a threshold like any amount of money', async () => {
    const result = await queryCsv(SALES, {
      measures: ['cost'],
      groupBy: ['region'],
      having: { measure: 'cost', op: '>', value: 50 },
    });
    expect(result.rows).toEqual([['West', 68]]);
  });

  it('says when rows without a cost count at 0, and how much revenue that leaves all profit', async () => {
    const blank = `${SALES}2024-06-10,Dune,East,25,\n2024-06-11,Dune,East,15,\n`;
    const result = await queryCsv(blank, { measures: ['cost', 'grossProfit'], groupBy: ['customer'] });
    expect(result.rows.find((r) => r[0] === 'Dune')).toEqual(['Dune', 0, 40]);
    expect(result.note).toBe('2 of the rows read have no cost and count at a cost of 0: their revenue, 40.00, is all gross profit here.');
    // Filtered away, they are not in these figures.
    const west = await queryCsv(blank, { measures: ['grossProfit'], filters: [{ dimension: 'region', values: ['West'] }] });
    expect(west.note).toBeNull();
  });

  // The Parquet snapshot took "has costs" from its first row group's values: a file whose first
  // 50,000 rows have no cost (NaN, as a row without one is kept) lost the cost of every later row.
  it('is kept in the Parquet snapshot when the first row group has no cost at all', async () => {
    const { snapshot } = await ingestCsv(SALES);
    const [group] = snapshot.groups() as SnapshotGroup[];
    const costless: SnapshotGroup = { ...group, cost: new Float64Array(group.rows).fill(NaN) };
    const written = parquetSnapshot();
    written.consumer.group(costless, snapshot.meta.dimensions, true);
    written.consumer.group(group, snapshot.meta.dimensions, true);
    written.consumer.finish({ ...snapshot.meta, rows: group.rows * 2 });
    const result = await runQuery(readParquetSnapshot(written.bytes()), QuerySpecSchema.parse({ measures: ['cost'] }));
    expect(result.rows).toEqual([[108]]);
    expect(result.note).toBe('4 of the rows read have no cost and count at a cost of 0: their revenue, 160.00, is all gross profit here.');
  });

  it('is refused on a file without costs', async () => {
    const noCost = SALES.replace(',Cost', '').replace(/,-?\d+\n/g, '\n');
    await expect(queryCsv(noCost, { measures: ['cost'] })).rejects.toThrow(
      new QueryRefusal("This file has no cost column, so the cost of what was sold can't be computed.", 'MISSING_COLUMN'),
    );
  });
});
