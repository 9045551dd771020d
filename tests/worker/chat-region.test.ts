/**
 * Chat filters customers by region: the job keeps each customer's region beside
 * `analysis.json`, and a question naming a region is answered for that region only.
 *
 * The file covers 2024 with orders on the 15th of each month. By the churn rules
 * (silent for more than 3× the customer's usual gap is lost), N-LAPSED (last order June)
 * and N-SLIPPING (last order August) are at risk on 15 December; N-ACTIVE and S-ACTIVE
 * order every month (low risk); S-LAPSED (last order May) is at risk but in the South.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { customerAttributesKey, snapshotKey } from '../../worker/analyses/keys';
import { askOwner, runJob, uploadOk } from './helpers';

const CUSTOMERS: { id: string; region: string; lastMonth: number }[] = [
  { id: 'N-ACTIVE', region: 'North', lastMonth: 12 },
  { id: 'N-LAPSED', region: 'North', lastMonth: 6 },
  { id: 'N-SLIPPING', region: 'North', lastMonth: 8 },
  { id: 'S-ACTIVE', region: 'South', lastMonth: 12 },
  { id: 'S-LAPSED', region: 'South', lastMonth: 5 },
];

function regionalCsv(): string {
  const lines = ['InvoiceNo,StockCode,Description,Quantity,InvoiceDate,UnitPrice,CustomerID,Region'];
  let invoice = 1000;
  for (const customer of CUSTOMERS) {
    for (let month = 1; month <= customer.lastMonth; month++) {
      const date = `2024-${String(month).padStart(2, '0')}-15 10:00:00`;
      lines.push(`${invoice++},SKU1,Widget,2,${date},10.00,${customer.id},${customer.region}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

describe('chat filters customers by region', () => {
  it('keeps each customer’s region with the stored result', async () => {
    const file = new File([regionalCsv()], 'regions.csv', { type: 'text/csv' });
    const { analysis_id } = await uploadOk({ file, message: '' });
    await runJob(analysis_id);
    const stored = await env.FILES.get(customerAttributesKey(analysis_id));
    expect(await stored?.json()).toEqual({ region: Object.fromEntries(CUSTOMERS.map((c) => [c.id, c.region])) });
  });

  it('lists the at-risk customers of one region, and only them', async () => {
    const file = new File([regionalCsv()], 'regions.csv', { type: 'text/csv' });
    const { analysis_id, access_token, owner_token } = await uploadOk({ file, message: '' });
    await runJob(analysis_id);

    const { added, answer } = await askOwner(analysis_id, access_token, owner_token, 'Which customers in North are at risk?');
    expect(added).toContain('"name":"get_churn_risk","input":{"region":"North","limit":10}');
    expect(answer.split('\n')[0]).toBe('Customers in North at lost, high or medium risk, by revenue at risk (2 customers):');
    expect(answer).toContain('N-LAPSED');
    expect(answer).toContain('N-SLIPPING');
    expect(answer).not.toContain('N-ACTIVE');
    expect(answer).not.toContain('S-LAPSED');
  });

  it('refuses a region question it cannot filter instead of answering for every customer', async () => {
    const file = new File([regionalCsv()], 'regions.csv', { type: 'text/csv' });
    const { analysis_id, access_token, owner_token } = await uploadOk({ file, message: '' });
    await runJob(analysis_id);
    // Without the row snapshot (an analysis stored before it was kept) only the per-customer regions are there.
    await env.FILES.delete(snapshotKey(analysis_id));
    const { answer } = await askOwner(analysis_id, access_token, owner_token, 'How is the revenue trend in South?');
    expect(answer).toBe(
      "I can't break that down by region yet. For South I can rank customers by revenue or orders, or list customers at churn risk.",
    );
  });
});
