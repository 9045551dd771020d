/**
 * Chat answers exact figures from the stored row snapshot: the job stores
 * `artifacts/{id}/rows.parquet`, and a chat question loads it so `query_data` (offline:
 * the query grammar) scans the rows instead of replying that they are not stored.
 *
 * The file has two regions over two years; the expected figure is summed in the test
 * from the same rows the CSV is written from.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { snapshotKey } from '../../worker/analyses/keys';
import { askOwner, readAnalysis, runJob, uploadOk } from './helpers';

interface Line {
  invoice: number;
  date: string;
  quantity: number;
  price: number;
  customer: string;
  region: string;
}

/** Two customers per region, orders in 2023 and 2024 with differing quantities and prices. */
function linesOf(): Line[] {
  const lines: Line[] = [];
  let invoice = 5000;
  const customers = [
    { id: 'C-N1', region: 'North' },
    { id: 'C-N2', region: 'North' },
    { id: 'C-S1', region: 'South' },
    { id: 'C-S2', region: 'South' },
  ];
  for (const year of [2023, 2024])
    for (let month = 1; month <= 12; month += 1)
      customers.forEach((c, k) => {
        const day = String(3 + k * 5).padStart(2, '0');
        const date = `${year}-${String(month).padStart(2, '0')}-${day} 09:30:00`;
        lines.push({
          invoice: invoice++,
          date,
          quantity: 1 + ((month + k) % 4),
          price: 7.25 + k * 3.5 + (year - 2023),
          customer: c.id,
          region: c.region,
        });
      });
  return lines;
}

function csvOf(lines: Line[]): string {
  const header = 'InvoiceNo,StockCode,Description,Quantity,InvoiceDate,UnitPrice,CustomerID,Region';
  const body = lines.map(
    (l) => `${l.invoice},SKU${l.invoice % 3},Widget,${l.quantity},${l.date},${l.price.toFixed(2)},${l.customer},${l.region}`,
  );
  return `${[header, ...body].join('\n')}\n`;
}

describe('chat answers from the stored rows', () => {
  it('answers “How much revenue came from North in 2024?” with the exact sum of those rows', async () => {
    const lines = linesOf();
    const file = new File([csvOf(lines)], 'regions.csv', { type: 'text/csv' });
    const { analysis_id, access_token, owner_token } = await uploadOk({ file, message: '' });
    await runJob(analysis_id);
    expect(await env.FILES.head(snapshotKey(analysis_id))).not.toBeNull();

    const expected = lines
      .filter((l) => l.region === 'North' && l.date.startsWith('2024-'))
      .reduce((sum, l) => sum + l.quantity * l.price, 0);
    const figure = expected.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

    const { answer } = await askOwner(analysis_id, access_token, owner_token, 'How much revenue came from North in 2024?');
    expect(answer).not.toContain('not stored');
    expect(answer.startsWith('I understood: **revenue, region = North, 2024-01-01 … 2024-12-31**.')).toBe(true);
    expect(answer).toContain(figure);
  });

  it('answers “How is the revenue trend in South?” month by month for South only, with a chart', async () => {
    const lines = linesOf();
    const file = new File([csvOf(lines)], 'regions.csv', { type: 'text/csv' });
    const { analysis_id, access_token, owner_token } = await uploadOk({ file, message: '' });
    await runJob(analysis_id);

    const { answer } = await askOwner(analysis_id, access_token, owner_token, 'How is the revenue trend in South?');
    expect(answer.startsWith('I understood: **revenue, by month, region = South**.')).toBe(true);
    const money = (v: number) => v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (const month of ['2023-01', '2024-12']) {
      const sum = lines.filter((l) => l.region === 'South' && l.date.startsWith(month)).reduce((s, l) => s + l.quantity * l.price, 0);
      expect(answer).toContain(`| ${month} | ${money(sum)} |`);
    }
    const artifacts = (await readAnalysis(analysis_id, access_token)).artifacts.map((a: { file_name: string }) => a.file_name);
    expect(artifacts).toContain('chart-query-revenue-by-month-region-south.svg');
  });

  it('falls back to the stored result’s refusal when the snapshot is gone, without inventing a figure', async () => {
    const lines = linesOf();
    const file = new File([csvOf(lines)], 'regions.csv', { type: 'text/csv' });
    const { analysis_id, access_token, owner_token } = await uploadOk({ file, message: '' });
    await runJob(analysis_id);
    await env.FILES.delete(snapshotKey(analysis_id));

    const expected = lines
      .filter((l) => l.region === 'North' && l.date.startsWith('2024-'))
      .reduce((sum, l) => sum + l.quantity * l.price, 0);
    const { answer } = await askOwner(analysis_id, access_token, owner_token, 'How much revenue came from North in 2024?');
    expect(answer).toBe(
      "I can't break that down by region yet. For North I can rank customers by revenue or orders, or list customers at churn risk.",
    );
    expect(answer).not.toContain(expected.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
  });

  it('keeps the rows of a customer list too, so “How many customers are in region 3?” counts that region', async () => {
    // One row per customer, spend by category in columns, regions and channels as codes (as UCI Wholesale customers).
    const customers = Array.from({ length: 30 }, (_, i) => ({
      channel: 1 + (i % 2),
      region: 1 + (i % 3),
      fresh: 100 + i * 37,
      milk: i % 4 === 0 ? 0 : 50 + i * 11,
    }));
    const csv = ['Channel,Region,Fresh,Milk', ...customers.map((c) => `${c.channel},${c.region},${c.fresh},${c.milk}`)].join('\n');
    const file = new File([`${csv}\n`], 'customers.csv', { type: 'text/csv' });
    const { analysis_id, access_token, owner_token } = await uploadOk({ file, message: '' });
    await runJob(analysis_id);
    expect(await env.FILES.head(snapshotKey(analysis_id))).not.toBeNull();

    const inRegion3 = customers.filter((c) => c.region === 3).length;
    const region3 = await askOwner(analysis_id, access_token, owner_token, 'How many customers are in region 3?');
    expect(region3.answer).toBe(`I understood: **customers, region = 3**.\n\n| customers |\n| ---: |\n| ${inRegion3} |`);

    const milk = customers.filter((c) => c.channel === 2).reduce((sum, c) => sum + c.milk, 0);
    const channel2 = await askOwner(analysis_id, access_token, owner_token, 'How much did channel 2 spend on milk?');
    expect(channel2.answer).toContain(`| ${milk.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} |`);
  });
});
