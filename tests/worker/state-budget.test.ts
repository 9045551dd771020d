/**
 * The state budget in the job, in workerd: a file whose customer × product pairs would not
 * fit a 128 MB isolate ends the analysis with the engine's message (counted where the read
 * stopped), as the file's fault: the visitor's analysis is given back and the upload kept.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { BUDGET_CHECK_ROWS } from '../../worker/engine/aggregate/state-budget';
import { freshEmail, freshIp } from './auth-helpers';
import { readAnalysis, runJob, upload, uploadOk } from './helpers';

const CUSTOMERS = 1_100;
const LINES = 1_600_000;

/** Line i: customer i mod 1,100 buys product ⌊i / 1,100⌋, so every line is a new customer × product pair. */
function line(i: number): [string, string, string] {
  const day = String(1 + (Math.floor(i / CUSTOMERS) % 28)).padStart(2, '0');
  return [`C${i % CUSTOMERS}`, `P${Math.floor(i / CUSTOMERS)}`, `2024-03-${day}`];
}

function csv(): string {
  const lines = ['Customer ID,Product Code,Invoice Date,Quantity,Unit Price'];
  for (let i = 0; i < LINES; i++) lines.push(`${line(i).join(',')},1,2.5`);
  return lines.join('\n');
}

describe('a file beyond the analysis state budget', () => {
  it('fails with the engine message naming the keys read so far, and gives the visitor the analysis back', async () => {
    const email = freshEmail('visitor');
    const ip = freshIp();
    const answer = await uploadOk({ email, file: new File([csv()], 'pairs.csv', { type: 'text/csv' }) }, { 'CF-Connecting-IP': ip });
    await runJob(answer.analysis_id);
    const payload = await readAnalysis(answer.analysis_id, answer.access_token);
    expect(payload.analysis.status).toBe('error');

    const message = payload.analysis.error ?? '';
    const rows = Number(/after ([\d,]+) rows/.exec(message)?.[1].replaceAll(',', ''));
    expect(rows % BUDGET_CHECK_ROWS).toBe(0);
    expect(rows).toBeLessThan(LINES);
    // The counts, from the lines the test wrote: without an order id an order is a customer's day.
    const read = Array.from({ length: rows }, (_, i) => line(i));
    const distinct = (key: (l: [string, string, string]) => string) => new Set(read.map(key)).size.toLocaleString('en-US');
    expect(message).toBe(
      `This file holds more than one analysis can keep in memory: after ${rows.toLocaleString('en-US')} rows it already has ` +
        `${distinct((l) => l[0])} customers, ${distinct((l) => l[1])} products, ` +
        `${distinct((l) => `${l[0]}|${l[1]}`)} distinct customer × product pairs and ${distinct((l) => `${l[0]}|${l[2]}`)} orders. ` +
        'Split it, for example by year or by region, and analyse each part.',
    );
    expect(await env.FILES.head(answer.spaces_key)).not.toBeNull();
    // The file's fault: the visitor may upload again today.
    expect((await upload({ email }, { 'CF-Connecting-IP': ip })).status).toBe(200);
  }, 240_000);
});
