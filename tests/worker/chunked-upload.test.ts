import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { AnalysisJob } from '../../durable-objects/analysis-job';
import { PART_SIZE } from '../../worker/lib/r2-writer';
import { DUMMY_TOKEN, call, readAnalysis, runJob, uniqueEmail, type UploadAnswer } from './helpers';

/** A CSV of just over `bytes` bytes. */
function bigCsv(bytes: number): Uint8Array {
  const header = 'InvoiceNo,StockCode,Quantity,InvoiceDate,UnitPrice,CustomerID\n';
  const lines: string[] = [header];
  let size = header.length;
  for (let i = 0; size < bytes; i++) {
    const line = `${500000 + Math.floor(i / 4)},SKU${i % 997},${(i % 12) + 1},2011-0${(i % 9) + 1}-15 10:00:00,${(i % 50) + 0.5},${10000 + (i % 3000)}\n`;
    lines.push(line);
    size += line.length;
  }
  return new TextEncoder().encode(lines.join(''));
}

function startChunked(body: Record<string, unknown>) {
  return call('/api/uploads', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}

function putPart(id: string, token: string, n: number, bytes: Uint8Array) {
  return call(`/api/uploads/${id}/parts/${n}`, {
    method: 'PUT',
    headers: { 'X-Upload-Token': token, 'Content-Length': String(bytes.byteLength) },
    body: bytes,
  });
}

describe('chunked upload onto R2 multipart', () => {
  it('uploads a file of over 20 MiB in equal 10 MiB parts and answers like a single upload', async () => {
    const file = bigCsv(21 * 1024 * 1024);
    const started = await startChunked({
      fileName: 'big.csv',
      fileSize: file.byteLength,
      email: uniqueEmail(),
      message: 'Full analysis',
      captchaToken: DUMMY_TOKEN,
    });
    expect(started.status).toBe(201);
    const plan = (await started.json()) as { upload_id: string; upload_token: string; part_size: number; part_count: number };
    expect(plan.part_size).toBe(PART_SIZE);
    expect(plan.part_count).toBe(3);

    for (let n = 1; n <= plan.part_count; n++) {
      const slice = file.subarray((n - 1) * PART_SIZE, Math.min(n * PART_SIZE, file.byteLength));
      const response = await putPart(plan.upload_id, plan.upload_token, n, slice);
      expect(response.status).toBe(200);
    }
    const done = await call(`/api/uploads/${plan.upload_id}/complete`, {
      method: 'POST',
      headers: { 'X-Upload-Token': plan.upload_token },
    });
    expect(done.status).toBe(200);
    const answer = (await done.json()) as UploadAnswer;
    expect(Object.keys(answer).sort()).toEqual(['access_token', 'analysis_id', 'column_count', 'owner_token', 'row_count', 'spaces_key']);

    const stored = await env.FILES.head(answer.spaces_key);
    expect(stored?.size).toBe(file.byteLength);

    // The job read the parts as they came (tests/worker/read-while-uploading.test.ts has the rest).
    await runJob(answer.analysis_id);
    const payload = await readAnalysis(answer.analysis_id, answer.access_token);
    expect(payload.analysis.status).toBe('completed');
    expect(payload.file_uploads[0]).toMatchObject({ file_name: 'big.csv', file_size: file.byteLength });
  });

  it('records every part when the parts arrive in parallel, as the web app sends them', async () => {
    const file = bigCsv(21 * 1024 * 1024);
    const started = await startChunked({
      fileName: 'parallel.csv',
      fileSize: file.byteLength,
      email: uniqueEmail(),
      captchaToken: DUMMY_TOKEN,
    });
    const plan = (await started.json()) as { upload_id: string; upload_token: string; part_count: number };
    const parts = Array.from({ length: plan.part_count }, (_, i) => i + 1);
    const statuses = await Promise.all(
      parts.map(async (n) => {
        const slice = file.subarray((n - 1) * PART_SIZE, Math.min(n * PART_SIZE, file.byteLength));
        return (await putPart(plan.upload_id, plan.upload_token, n, slice)).status;
      }),
    );
    expect(statuses).toEqual([200, 200, 200]);
    const done = await call(`/api/uploads/${plan.upload_id}/complete`, {
      method: 'POST',
      headers: { 'X-Upload-Token': plan.upload_token },
    });
    expect(done.status).toBe(200);
    const answer = (await done.json()) as UploadAnswer;
    expect((await env.FILES.head(answer.spaces_key))?.size).toBe(file.byteLength);
  });

  it('validates the start request in the same order as a single upload', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ fileName: 'big.pdf', fileSize: 10, email: 'x', captchaToken: null }, 'Unsupported file type'],
      [{ fileName: 'big.csv', fileSize: 0, email: 'x' }, 'The file is empty'],
      [{ fileName: 'big.csv', fileSize: 10, email: 'x' }, 'Please enter a valid email address.'],
      [{ fileName: 'big.csv', fileSize: 10, email: uniqueEmail() }, 'Please complete the security verification.'],
    ];
    for (const [body, message] of cases) {
      const response = await startChunked(body);
      expect(response.status).toBe(400);
      expect((await response.json<{ error: string }>()).error).toBe(message);
    }
  });

  it('refuses a file over 700 MB with 413 and its size, before any upload is created', async () => {
    const response = await startChunked({
      fileName: 'huge.csv',
      fileSize: 700 * 1024 * 1024 + 1,
      email: uniqueEmail(),
      captchaToken: DUMMY_TOKEN,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: 'This file is 701 MB. Tally analyses files of up to 700 MB; split it, for example by year, and analyse each part.',
      code: 'FILE_TOO_LARGE',
    });
    const atLimit = await startChunked({
      fileName: 'big.csv',
      fileSize: 700 * 1024 * 1024,
      email: uniqueEmail(),
      captchaToken: DUMMY_TOKEN,
    });
    expect(atLimit.status).toBe(201);
    expect(((await atLimit.json()) as { part_count: number }).part_count).toBe(70);
  });

  it('refuses a workbook over 32 MB with 413 and the engine message, before any upload is created', async () => {
    const response = await startChunked({
      fileName: 'orders.xlsx',
      fileSize: 32 * 1024 * 1024 + 1,
      email: uniqueEmail(),
      captchaToken: DUMMY_TOKEN,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: 'This workbook is larger than 32 MB. Save the data sheet as CSV and upload that instead.',
      code: 'WORKBOOK_TOO_LARGE',
    });
    // A CSV of the same size, and a workbook of exactly 32 MB, are taken.
    for (const fileName of ['orders.csv', 'orders.xls']) {
      const fileSize = fileName.endsWith('.csv') ? 32 * 1024 * 1024 + 1 : 32 * 1024 * 1024;
      const taken = await startChunked({ fileName, fileSize, email: uniqueEmail(), captchaToken: DUMMY_TOKEN });
      expect(taken.status).toBe(201);
    }
  });

  it('rejects a part of the wrong size, a wrong token, and completing before all parts arrived', async () => {
    const started = await startChunked({ fileName: 'big.csv', fileSize: PART_SIZE + 10, email: uniqueEmail(), captchaToken: DUMMY_TOKEN });
    const plan = (await started.json()) as { upload_id: string; upload_token: string };
    const short = await putPart(plan.upload_id, plan.upload_token, 1, new Uint8Array(100));
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({ error: `Part 1 must be exactly ${PART_SIZE} bytes`, code: 'BAD_PART_SIZE' });
    const wrongToken = await putPart(plan.upload_id, 'nope', 2, new Uint8Array(10));
    expect(wrongToken.status).toBe(404);
    const early = await call(`/api/uploads/${plan.upload_id}/complete`, {
      method: 'POST',
      headers: { 'X-Upload-Token': plan.upload_token },
    });
    expect(early.status).toBe(400);
    expect(await early.json()).toEqual({ error: 'Upload incomplete: 0 of 2 parts received', code: 'UPLOAD_INCOMPLETE' });
  });

  it('aborts an abandoned upload when its deadline passes', async () => {
    const started = await startChunked({ fileName: 'big.csv', fileSize: 100, email: uniqueEmail(), captchaToken: DUMMY_TOKEN });
    const plan = (await started.json()) as { upload_id: string; upload_token: string };
    const row = await env.DB.prepare('select analysis_id from multipart_uploads where id = ?')
      .bind(plan.upload_id)
      .first<{ analysis_id: string }>();
    const stub = env.ANALYSIS_JOB.getByName(row?.analysis_id ?? '');
    // Pretend the hour has passed.
    await runInDurableObject(stub, async (_i: AnalysisJob, state) => {
      await state.storage.put('upload', { uploadId: plan.upload_id, deadline: Date.now() - 1 });
    });
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const gone = await env.DB.prepare('select count(*) as n from multipart_uploads where id = ?')
      .bind(plan.upload_id)
      .first<{ n: number }>();
    expect(gone?.n).toBe(0);
    const part = await putPart(plan.upload_id, plan.upload_token, 1, new Uint8Array(100));
    expect(part.status).toBe(404);
  });
});
