/**
 * A visitor's free analysis is given back when the analysis fails because of the file
 * (here: a header-only CSV, which the engine refuses), so the corrected file can be
 * uploaded the same day; a failure on our side (the stored upload is gone) keeps it used.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { freshEmail, freshIp } from './auth-helpers';
import { readAnalysis, runJob, upload, uploadOk } from './helpers';

const HEADER_ONLY = 'InvoiceNo,StockCode,Quantity,InvoiceDate,UnitPrice,CustomerID\n';

describe('releasing the visitor quota after a failed analysis', () => {
  it('gives the analysis back when the file was at fault: the corrected file is accepted', async () => {
    const email = freshEmail('visitor');
    const ip = freshIp();
    const failed = await uploadOk({ email, file: new File([HEADER_ONLY], 'sales.csv', { type: 'text/csv' }) }, { 'CF-Connecting-IP': ip });
    await runJob(failed.analysis_id);
    const payload = await readAnalysis(failed.analysis_id, failed.access_token);
    expect(payload.analysis.status).toBe('error');
    expect(payload.analysis.error).toBe('The file has a header row but no data rows.');

    const corrected = await upload({ email }, { 'CF-Connecting-IP': ip });
    expect(corrected.status).toBe(200);
    // Only one free analysis comes back: a third upload is refused.
    const third = await upload({ email }, { 'CF-Connecting-IP': ip });
    expect(third.status).toBe(429);
  });

  it('keeps the analysis used when the failure was ours', async () => {
    const email = freshEmail('visitor');
    const ip = freshIp();
    const answer = await uploadOk({ email }, { 'CF-Connecting-IP': ip });
    await env.FILES.delete(answer.spaces_key);
    await runJob(answer.analysis_id);
    const payload = await readAnalysis(answer.analysis_id, answer.access_token);
    expect(payload.analysis.error).toBe('The uploaded file could not be found. Please upload it again.');

    const again = await upload({ email }, { 'CF-Connecting-IP': ip });
    expect(again.status).toBe(429);
    expect(await again.json()).toEqual({
      error: "You've used your free analysis for today. Create a free account for unlimited analyses.",
      code: 'DAILY_QUOTA',
    });
  });
});
