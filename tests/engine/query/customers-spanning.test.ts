/**
 * `customersSpanning`: how many customers have rows, and how many under more than one value of
 * a column; the test of whether a region is the customers' own or their orders'.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { customersSpanning } from '../../../worker/engine/query';
import { datasetPath } from '../helpers/datasets';
import { duckdbRows } from '../helpers/duckdb-rows';
import { ingestCsv, ingestWithSnapshot } from './snapshot-of';

describe('customers spanning the values of a column', () => {
  it('counts a customer with rows under two values once, and one with only a blank value as none', async () => {
    // Acme buys in the West and the East (its return counts as a row too); Bolt only in the West;
    // Cora's one row has no region.
    const { snapshot } = await ingestCsv(`Date,Invoice,Customer,Region,Amount
2024-01-10,1,Acme,West,100
2024-02-10,2,Bolt,West,50
2024-03-01,3,Acme,East,70
2024-04-01,C4,Acme,East,-20
2024-05-01,5,Cora,,10
`);
    expect(await customersSpanning(snapshot, 'region')).toEqual({ customers: 2, inSeveral: 1 });
  });

  it('finds Superstore’s region the orders’: as DuckDB counts them over the raw rows', async () => {
    const csv = datasetPath('superstore/Sample - Superstore.csv');
    const { snapshot } = await ingestWithSnapshot(csv, 'Sample - Superstore.csv');
    const db = await (await DuckDBInstance.create(':memory:')).connect();
    const [[customers, inSeveral]] = (await duckdbRows(
      db,
      `SELECT count(*), count(*) FILTER (WHERE n > 1) FROM (SELECT "Customer ID", count(DISTINCT Region) n FROM read_csv('${csv}', header = true, all_varchar = true) GROUP BY 1)`,
    )) as number[][];
    db.closeSync();
    expect(await customersSpanning(snapshot, 'region')).toEqual({ customers, inSeveral });
    expect(inSeveral / customers).toBeGreaterThan(0.9);
  }, 60_000);
});
