/**
 * Joining a transactions file with lookup files (issue 16 part 4), on hand-made files
 * whose expected figures are counted by hand in the comments.
 */
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { analyse } from '../../../worker/engine/analyze';
import { EngineError } from '../../../worker/engine/errors';
import { ingest } from '../../../worker/engine/ingest';
import { ingestFiles } from '../../../worker/engine/join';
import { chunked } from '../ingest/helpers';

const ORDERS = `Order ID,Order Date,Customer ID,Product,Amount
O1,2024-01-05,C1,P1,100
O1,2024-01-05,C1,P2,50
O2,2024-02-10,C2,P1,200
O3,2024-03-01,C3,P3,70
O4,2024-03-15,C9,P1,30
O5,2024-04-02,C2,P2,25
`;

// C3 is listed twice (the first row, North/Anna, wins); C7 buys nothing; C9 is missing.
const CUSTOMERS = `Customer ID,Name,Region,Segment,Sales Rep,Credit Limit
C1,Acme,North,Retail,Anna,5000
C2,Bolt,South,Wholesale,Ben,8000
C3,Cogs,North,Retail,Anna,1000
C3,Cogs again,East,Retail,Zed,1000
C7,Dyna,West,Retail,Ben,100
`;

const RETURNS = `Order ID,Returned
O2,Yes
O5,Yes
O99,Yes
`;

const file = (fileName: string, text: string) => ({ fileName, source: chunked(new TextEncoder().encode(text), 16) });

async function refusal(inputs: { fileName: string; text: string }[]): Promise<EngineError> {
  try {
    await ingestFiles(
      inputs.map((i) => file(i.fileName, i.text)),
      {},
    );
  } catch (error) {
    if (error instanceof EngineError) return error;
    throw error;
  }
  throw new Error('expected the join to be refused');
}

describe('joining a customer master to an orders file', () => {
  it('reports the match rate (3 of 4 customer ids), the unmatched id and the repeated id', async () => {
    const agg = await ingestFiles([file('orders.csv', ORDERS), file('customers.csv', CUSTOMERS)], {});
    const [master] = agg.join?.tables ?? [];
    expect(agg.join?.transactions).toBe('orders.csv');
    expect(master).toMatchObject({
      table: 'customers.csv',
      kind: 'master',
      rows: 5,
      key: { transactions: 'Customer ID', table: 'Customer ID', foundBy: 'header' },
      matchRate: 0.75,
      matched: 3,
      keys: 4,
      unmatched: { count: 1, examples: ['C9'] },
      duplicates: { count: 1, examples: ['C3'] },
    });
    expect(master.added).toEqual([
      { column: 'Name', role: 'customerName' },
      { column: 'Region', role: 'region' },
      { column: 'Segment', role: null },
      { column: 'Sales Rep', role: 'salesRep' },
    ]);
    expect(agg.profile.warnings).toContain(
      "1 row repeats an earlier 'Customer ID' in 'customers.csv' (e.g. C3); the first row of each was used.",
    );
    expect(agg.profile.warnings).toContain(
      "1 of 4 'Customer ID' values are not in 'customers.csv' (e.g. C9); their lines have no customers.csv attributes.",
    );
  });

  it('gives each customer the master’s region (first row wins) and feeds the rep scorecards', async () => {
    const agg = await ingestFiles([file('orders.csv', ORDERS), file('customers.csv', CUSTOMERS)], {});
    const regionOf = Object.fromEntries(agg.customers.ids.map((id, i) => [id, agg.customers.regions[i]]));
    expect(regionOf).toEqual({ C1: 'North', C2: 'South', C3: 'North', C9: null });
    const result = analyse(agg, { now: new Date('2024-05-01T00:00:00Z') });
    // Anna: C1 100 + 50 and C3 70; Ben: C2 200 + 25; C9's 30 has no rep.
    expect(result.repScorecards?.reps.map((r) => [r.rep, r.revenue])).toEqual([
      ['Ben', 225],
      ['Anna', 220],
    ]);
    expect(result.totals.revenue).toBe(475);
    expect(result.joins?.tables[0].matchRate).toBe(0.75);
  });

  it('joins a workbook of orders with a CSV master, naming the files', async () => {
    const book = XLSX.utils.book_new();
    const rows = ORDERS.trim()
      .split('\n')
      .map((line) => line.split(','));
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
    const bytes = new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
    const agg = await ingestFiles([{ fileName: 'orders.xlsx', source: chunked(bytes, 1024) }, file('customers.csv', CUSTOMERS)], {});
    expect(agg.join?.transactions).toBe('orders.xlsx');
    expect(agg.join?.tables.map((t) => [t.table, t.matched, t.keys])).toEqual([['customers.csv', 3, 4]]);
    expect(agg.totals.revenue).toBe(475);
  });

  it('joins a CSV with a title line, a repeated header and a short line as it reads them alone', async () => {
    const lines = ORDERS.trim().split('\n');
    const messy = ['Export of 2024-05-01', ...lines.slice(0, 3), lines[0], ...lines.slice(3), 'O6,2024-04-03,C1', ''].join('\n');
    const alone = await ingestFiles([file('orders.csv', messy)], {});
    const joined = await ingestFiles([file('orders.csv', messy), file('customers.csv', CUSTOMERS)], {});
    expect(joined.totals).toEqual(alone.totals);
    expect(joined.profile.rowsRead).toBe(alone.profile.rowsRead);
    expect(joined.profile.warnings).toEqual(expect.arrayContaining(alone.profile.warnings));
    expect(joined.join?.tables[0]).toMatchObject({ matched: 3, keys: 4 });
  });

  it('finds the key by values when the headers differ', async () => {
    const master = 'Code,Territory\nC1,North\nC2,South\nC3,North\n';
    const agg = await ingestFiles([file('orders.csv', ORDERS), file('accounts.csv', master)], {});
    expect(agg.join?.tables[0].key).toEqual({ transactions: 'Customer ID', table: 'Code', foundBy: 'values' });
    expect(agg.join?.tables[0].matched).toBe(3);
  });
});

describe('joining a returns list', () => {
  it('marks the returned orders and sums their revenue (O2 200 + O5 25)', async () => {
    const agg = await ingestFiles([file('orders.csv', ORDERS), file('returns.csv', RETURNS)], {});
    expect(agg.join?.tables[0]).toMatchObject({
      kind: 'flags',
      key: { transactions: 'Order ID', table: 'Order ID', foundBy: 'header' },
      matched: 2,
      keys: 3,
      unmatched: { count: 1, examples: ['O99'] },
      added: [{ column: 'Returned', role: null }],
      flagged: { label: 'Returned', orders: 2, lines: 2, revenue: 225, shareOfRevenue: 225 / 475 },
    });
    expect(agg.join?.tables[0].matchRate).toBeCloseTo(2 / 3, 12);
  });

  it('joins a master and a returns list at once, in any file order', async () => {
    const agg = await ingestFiles([file('returns.csv', RETURNS), file('customers.csv', CUSTOMERS), file('orders.csv', ORDERS)], {});
    expect(agg.join?.tables.map((t) => [t.table, t.kind, t.matched])).toEqual([
      ['returns.csv', 'flags', 2],
      ['customers.csv', 'master', 3],
    ]);
    expect(agg.totals.revenue).toBe(475);
  });
});

describe('refusing a join', () => {
  it('refuses two transaction files', async () => {
    const error = await refusal([
      { fileName: 'orders.csv', text: ORDERS },
      { fileName: 'orders-2024.csv', text: ORDERS },
    ]);
    expect(error.code).toBe('TWO_TRANSACTION_TABLES');
    expect(error.message).toBe(
      "'orders.csv', 'orders-2024.csv' both look like transactions (a date and an amount on every line). Join one transactions file with up to two lookup files, such as a customer master or a returns list.",
    );
  });

  it('refuses a file with no overlapping key', async () => {
    const error = await refusal([
      { fileName: 'orders.csv', text: ORDERS },
      { fileName: 'notes.csv', text: 'Topic,Note\nA,hello\nB,world\n' },
    ]);
    expect(error.code).toBe('NO_JOIN_KEY');
    expect(error.message).toBe(
      "'notes.csv' shares no key with 'orders.csv': none of its columns has the name, role or values of the customer, order, product or region column.",
    );
  });

  it('refuses a master none of whose ids the orders use (0% match)', async () => {
    const error = await refusal([
      { fileName: 'orders.csv', text: ORDERS },
      { fileName: 'customers.csv', text: 'Customer ID,Region\nX1,North\nX2,South\n' },
    ]);
    expect(error.code).toBe('NO_KEY_MATCH');
    expect(error.message).toBe(
      "None of the 4 values of 'Customer ID' in 'orders.csv' is in 'Customer ID' of 'customers.csv' (0% match), so the files cannot be joined. Examples: C1, C2, C3, C9.",
    );
  });

  it('refuses a returns list none of whose orders are in the file (0% match)', async () => {
    const error = await refusal([
      { fileName: 'orders.csv', text: ORDERS },
      { fileName: 'returns.csv', text: 'Order ID,Returned\nX1,Yes\n' },
    ]);
    expect(error.message).toBe(
      "None of the 1 keys in 'Order ID' of 'returns.csv' is in 'Order ID' of 'orders.csv' (0% match), so the files cannot be joined. Examples: X1.",
    );
  });

  it('refuses files without a transactions file, and more than three files', async () => {
    const noOrders = await refusal([
      { fileName: 'customers.csv', text: CUSTOMERS },
      { fileName: 'returns.csv', text: RETURNS },
    ]);
    expect(noOrders.message).toBe(
      "None of 'customers.csv', 'returns.csv' looks like transactions (a date and an amount on every line), so there is nothing to join them to.",
    );
    const four = await refusal(['a.csv', 'b.csv', 'c.csv', 'd.csv'].map((fileName) => ({ fileName, text: ORDERS })));
    expect(four.message).toBe('At most 3 files can be joined in one analysis; got 4.');
  });

  it('joins through the ingest option the job passes (the lookup files beside the upload)', async () => {
    const orders = file('orders.csv', ORDERS);
    const agg = await ingest(orders.source, { fileName: 'orders.csv', join: { lookups: [file('customers.csv', CUSTOMERS)] } });
    expect(agg.join?.tables.map((t) => [t.table, t.matched, t.keys])).toEqual([['customers.csv', 3, 4]]);
  });

  it('reads a single file exactly as before', async () => {
    const agg = await ingestFiles([file('orders.csv', ORDERS)], {});
    expect(agg.join).toBeUndefined();
    expect(agg.totals.revenue).toBe(475);
  });
});
