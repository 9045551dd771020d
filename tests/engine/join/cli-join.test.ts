/** `npm run analyze -- orders.csv customers.csv`: the CLI joins the files and says how. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseArgs, run } from '../../../scripts/analyze';
import type { AnalysisResult } from '../../../worker/engine/contract';
import { scratchDir } from '../helpers/scratch';

const ORDERS = 'Order ID,Order Date,Customer ID,Amount\nO1,2024-01-05,C1,100\nO2,2024-02-10,C2,200\nO3,2024-03-01,C3,70\n';
const CUSTOMERS = 'Customer ID,Region,Sales Rep\nC1,North,Anna\nC2,South,Ben\n';
const RETURNS = 'Order ID,Returned\nO2,Yes\n';

describe('npm run analyze with several files', () => {
  it('takes up to three files and refuses a fourth', () => {
    expect(parseArgs(['o.csv', 'c.csv', 'r.csv', '--no-png'])).toEqual({
      file: 'o.csv',
      joinWith: ['c.csv', 'r.csv'],
      out: './out',
      roles: {},
      png: false,
    });
    expect(() => parseArgs(['o.csv', 'c.csv', 'r.csv', 'x.csv'])).toThrow('At most 3 files can be joined in one analysis.');
  });

  it('joins a customer master and a returns list and reports both joins in the summary', async () => {
    const dir = scratchDir('tally-join-');
    const path = (name: string, text: string): string => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    };
    const out = join(dir, 'out');
    const summary = await run({
      file: path('orders.csv', ORDERS),
      joinWith: [path('customers.csv', CUSTOMERS), path('returns.csv', RETURNS)],
      out,
      roles: {},
      png: false,
    });
    expect(summary.split('\n').slice(1)).toEqual([
      "  Joined 'customers.csv' on 'Customer ID' (66.7% match: 2 of 3 'Customer ID' values found; adds Region as region, Sales Rep as sales rep).",
      "  Joined 'returns.csv' on 'Order ID' (100.0% match: 1 of 1 listed keys found; adds Returned); 1 returned order, 200.00 of revenue (54.1%).",
    ]);
    const result = JSON.parse(readFileSync(join(out, 'analysis.json'), 'utf8')) as AnalysisResult;
    expect(result.joins?.tables.map((t) => t.table)).toEqual(['customers.csv', 'returns.csv']);
    expect(readFileSync(join(out, 'executive-summary.md'), 'utf8')).toContain('## Joined files');
  });
});
