/**
 * Superstore's workbook joined (issue 16 part 4): `Returns` marks returned orders and
 * `People` gives each region's manager as the sales rep. The reference figures are
 * computed here from the sheets read directly with SheetJS, a plain set intersection
 * and sums, never by the code under test.
 */
import { readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Aggregates } from '../../../worker/engine/aggregate/types';
import { analyse } from '../../../worker/engine/analyze';
import type { AnalysisResult } from '../../../worker/engine/contract';
import { ingest } from '../../../worker/engine/ingest';
import { ingestFiles } from '../../../worker/engine/join';
import { QuerySpecSchema, runQuery } from '../../../worker/engine/query';
import { answerWithQuery } from '../../../worker/agent/offline/query-answer';
import { memorySnapshot } from '../../../worker/engine/snapshot/memory';
import { datasetPath } from '../helpers/datasets';
import { chunked } from '../ingest/helpers';

const PATH = datasetPath('superstore/Sample - Superstore.xls');
const NOW = new Date('2025-01-01T00:00:00Z');
const cents = (v: number): number => Math.round(v * 100) / 100;

/** A sheet's rows as objects keyed by header, straight from SheetJS. */
function sheetRows(workbook: XLSX.WorkBook, name: string): Record<string, unknown>[] {
  return XLSX.utils.sheet_to_json<Record<string, unknown>>(workbook.Sheets[name]);
}

describe('the Superstore workbook with its Returns and People sheets joined', () => {
  let bytes: Uint8Array;
  let joined: Aggregates;
  let result: AnalysisResult;
  const rows = memorySnapshot();
  const reference = { returnedOrders: 0, returnedLines: 0, returnedRevenue: 0, listed: 0, repRevenue: new Map<string, number>() };

  beforeAll(async () => {
    bytes = new Uint8Array(readFileSync(PATH));
    const workbook = XLSX.read(bytes, { type: 'array' });
    const orders = sheetRows(workbook, 'Orders');
    const returned = new Set(sheetRows(workbook, 'Returns').map((r) => String(r['Order ID'])));
    const managerOf = new Map(sheetRows(workbook, 'People').map((r) => [String(r.Region), String(r.Person)]));
    const returnedOrders = new Set<string>();
    for (const line of orders) {
      const sales = Number(line.Sales);
      const rep = managerOf.get(String(line.Region)) ?? '';
      reference.repRevenue.set(rep, (reference.repRevenue.get(rep) ?? 0) + sales);
      if (!returned.has(String(line['Order ID']))) continue;
      returnedOrders.add(String(line['Order ID']));
      reference.returnedLines++;
      reference.returnedRevenue += sales;
    }
    reference.returnedOrders = returnedOrders.size;
    reference.listed = returned.size;
    joined = await ingestFiles([{ fileName: 'Sample - Superstore.xls', source: chunked(bytes, 1 << 16) }], { snapshot: rows.consumer });
    result = analyse(joined, { now: NOW });
  });

  it('marks the returned orders and sums their revenue as the sheets do', () => {
    const returns = result.joins?.tables.find((t) => t.table === 'Returns');
    expect(reference.returnedOrders).toBe(296);
    expect(returns?.flagged).toMatchObject({
      label: 'Returned',
      orders: reference.returnedOrders,
      lines: reference.returnedLines,
      revenue: cents(reference.returnedRevenue),
    });
    expect(returns).toMatchObject({ kind: 'flags', matched: reference.listed, keys: reference.listed, matchRate: 1 });
    expect(returns?.key).toEqual({ transactions: 'Order ID', table: 'Order ID', foundBy: 'header' });
  });

  it('lets query_data count the returned orders from the joined Returned column', async () => {
    const answer = await runQuery(
      rows.snapshot(),
      QuerySpecSchema.parse({ measures: ['revenue', 'orders'], filters: [{ dimension: 'Returned', values: ['Yes'], match: 'exact' }] }),
    );
    const [[revenue, orders]] = answer.rows;
    expect([cents(Number(revenue)), orders]).toEqual([cents(reference.returnedRevenue), reference.returnedOrders]);
  });

  it('answers "how many orders were returned?" in chat with the returned orders, not all orders', async () => {
    const answer = await answerWithQuery('How many orders were returned?', rows.snapshot(), NOW);
    expect(answer.result?.understood).toBe('orders, Returned = Yes');
    expect(answer.result?.rows).toEqual([[reference.returnedOrders]]);
  });

  it("uses People's regional managers as the sales reps, each with their regions' revenue", () => {
    const people = result.joins?.tables.find((t) => t.table === 'People');
    expect(people).toMatchObject({ kind: 'master', matched: 4, keys: 4, matchRate: 1, added: [{ column: 'Person', role: 'salesRep' }] });
    const reps = result.repScorecards?.reps ?? [];
    expect(reps.map((r) => r.rep).sort()).toEqual([...reference.repRevenue.keys()].sort());
    for (const rep of reps) expect(rep.revenue).toBe(cents(reference.repRevenue.get(rep.rep) ?? NaN));
  });

  it('leaves the six analyses as they are for the Orders sheet alone', async () => {
    const alone = analyse(await ingest(chunked(bytes, 1 << 16), { fileName: 'Sample - Superstore.xls', sheet: 'Orders' }), { now: NOW });
    for (const section of [
      'totals',
      'trend',
      'segments',
      'concentration',
      'churn',
      'products',
      'suppliers',
      'crossSell',
      'cohorts',
    ] as const)
      expect(result[section], section).toEqual(alone[section]);
    expect(result.dataset.sheetsConsidered).toEqual([
      { name: 'Orders', rows: 9995, chosen: true, reason: 'the transactions' },
      { name: 'Returns', rows: 297, chosen: false, reason: "joined on 'Order ID'" },
      { name: 'People', rows: 5, chosen: false, reason: "joined on 'Region'" },
    ]);
  });
});
