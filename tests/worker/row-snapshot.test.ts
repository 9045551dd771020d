/**
 * The job streams the cleaned rows to R2 as `rows.parquet` while it reads the upload, and
 * "Cleaned data (CSV)" is made from that snapshot when downloaded, with no row limit.
 *
 * Expected values come from the lines the test writes, never from the engine: the row
 * count, the sum of the amounts (quantity × price, credit notes negative) and a
 * formula-looking customer name, which must come back neutralised.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { snapshotKey } from '../../worker/analyses/keys';
import { MIN_R2_PART_BYTES } from '../../worker/lib/part-writer';
import { call, readAnalysis, runJob, uploadOk } from './helpers';

const HEADER = 'InvoiceNo,StockCode,Description,Quantity,InvoiceDate,UnitPrice,CustomerID,Region';

/** `count` invoice lines over 2024; every 50th is a credit note (negative quantity). */
function linesOf(count: number): { csv: string; amountCents: number } {
  const lines = [HEADER];
  let amountCents = 0;
  for (let i = 0; i < count; i++) {
    const quantity = (i % 50 === 49 ? -1 : 1) * (1 + (i % 7));
    const priceCents = 250 + ((i * 7919) % 10007);
    amountCents += quantity * priceCents;
    const month = String(1 + (i % 12)).padStart(2, '0');
    const day = String(1 + (i % 28)).padStart(2, '0');
    const customer = i % 1000 === 0 ? '=HYPERLINK("http://evil.example")' : `C${i % 400}`;
    const cell = customer.includes('"') ? `"${customer.replace(/"/g, '""')}"` : customer;
    lines.push(
      `${i % 5000},SKU${i % 90},Widget,${quantity},2024-${month}-${day} 10:00:00,${(priceCents / 100).toFixed(2)},${cell},R${i % 4}`,
    );
  }
  return { csv: lines.join('\n') + '\n', amountCents };
}

/** Runs a whole analysis of the lines; returns its artifacts and read token. */
async function analysed(count: number) {
  const { csv, amountCents } = linesOf(count);
  const { analysis_id, access_token } = await uploadOk({ file: new File([csv], 'lines.csv', { type: 'text/csv' }), message: '' });
  await runJob(analysis_id);
  const read = await readAnalysis(analysis_id, access_token);
  expect(read.analysis.status).toBe('completed');
  return { id: analysis_id, token: access_token, artifacts: read.artifacts, amountCents };
}

async function downloadCsv(artifacts: { id: string; file_name: string }[], token: string): Promise<Response> {
  const csv = artifacts.find((a) => a.file_name === 'rows.csv');
  if (!csv) throw new Error('no rows.csv artifact');
  return call(`/api/artifact-content/${csv.id}?access_token=${token}&download=1`);
}

/** The data lines of a downloaded CSV (CRLF line ends; no value of these files holds a line break). */
function dataLines(text: string): string[] {
  expect(text.endsWith('\r\n')).toBe(true);
  return text.split('\r\n').slice(1, -1);
}

describe('the row snapshot of a run', () => {
  it('lists rows.parquet with its stored size and rows.csv as made on download', async () => {
    const { id, artifacts } = await analysed(1200);
    const head = await env.FILES.head(snapshotKey(id));
    expect(head).not.toBeNull();
    expect(artifacts.find((a) => a.file_name === 'rows.parquet')?.file_size).toBe(head?.size);
    expect(artifacts.find((a) => a.file_name === 'rows.csv')?.file_size).toBeNull();
  });

  it('downloads the CSV copy with every row, the exact amounts and formula-safe text', async () => {
    const { artifacts, token, amountCents } = await analysed(1200);
    const response = await downloadCsv(artifacts, token);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="rows.csv"');
    const text = await response.text();
    expect(text.startsWith('date,amount,cost,quantity,is_return,customer,')).toBe(true);
    const lines = dataLines(text);
    expect(lines.length).toBe(1200);
    const cents = lines.reduce((sum, line) => sum + Math.round(Number(line.split(',')[1]) * 100), 0);
    expect(cents).toBe(amountCents);
    // 1200 lines: the customer of lines 0 and 1000 looks like a formula.
    expect(lines.filter((line) => line.includes(`"'=HYPERLINK(""http://evil.example"")"`))).toHaveLength(2);
    expect(lines.some((line) => /(^|,)=HYPERLINK/.test(line))).toBe(false);
  });

  it('refuses the CSV to a visitor with a wrong link token (401, like any artifact)', async () => {
    const { artifacts } = await analysed(300);
    const csv = artifacts.find((a) => a.file_name === 'rows.csv');
    const response = await call(`/api/artifact-content/${csv?.id}?access_token=not-the-token`);
    expect(response.status).toBe(401);
    expect(await response.text()).not.toContain('date,amount');
  });

  it('leaves no snapshot and no download rows behind when the file is refused', async () => {
    const file = new File(['InvoiceNo,StockCode,Quantity,InvoiceDate,UnitPrice,CustomerID\n'], 'header-only.csv', { type: 'text/csv' });
    const { analysis_id, access_token } = await uploadOk({ file, message: '' });
    await runJob(analysis_id);
    const read = await readAnalysis(analysis_id, access_token);
    expect(read.analysis.status).toBe('error');
    expect(await env.FILES.head(snapshotKey(analysis_id))).toBeNull();
    expect(read.artifacts.filter((a) => a.file_name.startsWith('rows.'))).toEqual([]);
  });

  it('streams a snapshot of more than one 5 MiB part to R2 and still makes every CSV row', async () => {
    // 420,000 lines make a snapshot of over 5 MiB: R2 gets it as a multipart upload.
    const { id, artifacts, token, amountCents } = await analysed(420_000);
    const head = await env.FILES.head(snapshotKey(id));
    expect(head?.size).toBeGreaterThan(MIN_R2_PART_BYTES);
    const lines = dataLines(await (await downloadCsv(artifacts, token)).text());
    expect(lines.length).toBe(420_000);
    const cents = lines.reduce((sum, line) => sum + Math.round(Number(line.split(',')[1]) * 100), 0);
    expect(cents).toBe(amountCents);
  });
});
