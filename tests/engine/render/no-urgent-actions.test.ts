/**
 * When no action is due, "Do this first" says which risks were checked and found nothing,
 * and which could not be checked and why. It once gave the same all-clear ("no customer at
 * high risk, …, no dominant supplier") for a one-day file, where churn cannot be measured,
 * and for files without a cost or a supplier column.
 *
 * Hand-made rows: 12 customers buy the same 4 products, one from each of 4 suppliers, on
 * the 1st of every month from January 2023 to January 2025, at a profit. So no customer
 * is silent (low risk), none holds more than 10% of revenue (8.3% each), no product sells
 * below cost or falls, no supplier passes 30% (25% each), every customer of 2023 spends as
 * much in 2024 (gross revenue retention 100%), and every customer already buys every product
 * (no cross-sell offer).
 */
import { createReadStream } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyse } from '../../../worker/engine/analyze';
import type { AnalysisResult } from '../../../worker/engine/contract';
import { ingest } from '../../../worker/engine/ingest';
import { dashboardHtml } from '../../../worker/engine/render/dashboard';
import { executiveSummary, noUrgentActions, topActions } from '../../../worker/engine/render/executive-summary';
import { askOffline } from '../../agent/helpers';
import { ingestCsv } from '../query/snapshot-of';
import { datasetPath } from '../helpers/datasets';

function steadyBook(withCostAndSupplier: boolean): string {
  const lines = [withCostAndSupplier ? 'Invoice,Date,Customer,Product,Supplier,Amount,Cost' : 'Invoice,Date,Customer,Product,Amount'];
  let invoice = 0;
  for (let month = 0; month < 25; month++) {
    const date = `${2023 + Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}-01`;
    for (let c = 1; c <= 12; c++) {
      invoice++;
      for (let p = 1; p <= 4; p++) {
        const customer = `C${String(c).padStart(2, '0')}`;
        lines.push(withCostAndSupplier ? `${invoice},${date},${customer},P${p},S${p},100,60` : `${invoice},${date},${customer},P${p},100`);
      }
    }
  }
  return `${lines.join('\n')}\n`;
}

async function analysed(csv: string): Promise<AnalysisResult> {
  return analyse((await ingestCsv(csv)).aggregates);
}

describe('"Do this first" with no action due', () => {
  it('gives the all-clear when every risk was checked', async () => {
    const result = await analysed(steadyBook(true));
    expect(topActions(result)).toEqual([]);
    expect(noUrgentActions(result)).toBe(
      'No urgent actions: no customer at high risk or lost with revenue at risk, no key account, no loss-making product, ' +
        'no fast-falling leading product, no dominant supplier, gross revenue retention of 80% or more.',
    );
  });

  it('names the checks a file without cost or supplier columns leaves out', async () => {
    const result = await analysed(steadyBook(false));
    expect(topActions(result)).toEqual([]);
    const text =
      'No urgent actions among what could be checked: no customer at high risk or lost with revenue at risk, no key account, ' +
      'no fast-falling leading product, gross revenue retention of 80% or more. Not checked: loss-making products (the file has no cost or profit column); ' +
      'dominant suppliers (the file has no supplier or vendor column).';
    expect(noUrgentActions(result)).toBe(text);
    const { answer } = await askOffline('What should I focus on?', result);
    expect(answer).toBe(text);
  });

  it('does not clear churn or a falling product on a one-day file (Iowa liquor sales)', async () => {
    const result = analyse(
      await ingest(createReadStream(datasetPath('iowa_liquor/IA_liquor_sales.csv')), { fileName: 'IA_liquor_sales.csv' }),
    );
    expect(topActions(result)).toEqual([]);
    const text =
      'No urgent actions among what could be checked: no key account, no loss-making product, no dominant supplier. ' +
      'Not checked: customers at risk (the data covers only 1 day; churn risk needs at least 28 days of order history); ' +
      'a falling leading product (it needs 12 full months of sales before the as-of date); ' +
      'revenue retention (the file covers one month of first purchases (2012-01) and no later one, so no cohort can be followed).';
    expect(noUrgentActions(result)).toBe(text);
    expect(executiveSummary(result)).toContain(
      '## Do this first\n\nNo urgent actions among what could be checked: no key account, no loss-making product, no dominant supplier. ' +
        'Not checked: customers at risk \\(the data covers only 1 day; churn risk needs at least 28 days of order history\\); ',
    );
    expect(dashboardHtml(result, [])).toContain(`<h2>Do this first</h2><p>${text}</p>`);
  });
});
