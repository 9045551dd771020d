/**
 * The R2 key scheme for uploads: whatever a file is called, it is stored under
 * `uploads/{analysisId}/{cleaned name}`, and an abandoned chunked upload is aborted at
 * exactly that key, so R2 drops its parts.
 */
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { AnalysisJob } from '../../durable-objects/analysis-job';
import { DUMMY_TOKEN, SMALL_CSV, call, readAnalysis, uniqueEmail, uploadOk } from './helpers';

/**
 * 300 characters: two directory components (one Windows-style), a BEL and a NUL, then
 * 277 letters and `.csv`. Cleaned by hand: the last path component without its control
 * characters is `q` + 277 × `b` + `.csv` (282 characters), of which the last 200 are kept.
 */
const HOSTILE_NAME = `reports/../..\\x/q\u0007\u0000${'b'.repeat(277)}.csv`;
const CLEANED_NAME = `${'b'.repeat(196)}.csv`;

describe('upload keys for a hostile file name', () => {
  it('is 300 characters long with path components and control characters', () => {
    expect(HOSTILE_NAME).toHaveLength(300);
    expect(CLEANED_NAME).toHaveLength(200);
  });

  it('stores a single-request upload under the cleaned key and shows the cleaned name', async () => {
    const answer = await uploadOk({ file: new File([SMALL_CSV], HOSTILE_NAME, { type: 'text/csv' }) });
    expect(answer.spaces_key).toBe(`uploads/${answer.analysis_id}/${CLEANED_NAME}`);
    expect((await env.FILES.head(answer.spaces_key))?.size).toBe(SMALL_CSV.length);
    const listed = await env.FILES.list({ prefix: `uploads/${answer.analysis_id}/` });
    expect(listed.objects.map((o) => o.key)).toEqual([answer.spaces_key]);
    const payload = await readAnalysis(answer.analysis_id, answer.access_token);
    expect(payload.file_uploads.map((f) => f.file_name)).toEqual([CLEANED_NAME]);
  });

  it('really aborts an abandoned chunked upload with that name: its R2 multipart upload is gone', async () => {
    const started = await call('/api/uploads', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ fileName: HOSTILE_NAME, fileSize: 100, email: uniqueEmail(), captchaToken: DUMMY_TOKEN }),
    });
    expect(started.status).toBe(201);
    const plan = await started.json<{ upload_id: string; upload_token: string; spaces_key: string }>();
    const row = await env.DB.prepare('select analysis_id, r2_upload_id from multipart_uploads where id = ?')
      .bind(plan.upload_id)
      .first<{ analysis_id: string; r2_upload_id: string }>();
    if (!row) throw new Error('no multipart_uploads row');
    expect(plan.spaces_key).toBe(`uploads/${row.analysis_id}/${CLEANED_NAME}`);

    // Before the deadline the upload is open: R2 takes a part at the cleaned key.
    const open = env.FILES.resumeMultipartUpload(plan.spaces_key, row.r2_upload_id);
    await expect(open.uploadPart(1, new Uint8Array(100))).resolves.toMatchObject({ partNumber: 1 });

    const stub = env.ANALYSIS_JOB.getByName(row.analysis_id);
    await runInDurableObject(stub, (_i: AnalysisJob, state) =>
      state.storage.put('upload', { uploadId: plan.upload_id, deadline: Date.now() - 1 }),
    );
    expect(await runDurableObjectAlarm(stub)).toBe(true);

    await expect(env.FILES.resumeMultipartUpload(plan.spaces_key, row.r2_upload_id).uploadPart(2, new Uint8Array(100))).rejects.toThrow();
    const remaining = await env.DB.prepare('select count(*) as n from multipart_uploads where id = ?')
      .bind(plan.upload_id)
      .first<{ n: number }>();
    expect(remaining?.n).toBe(0);
    expect((await env.FILES.list({ prefix: `uploads/${row.analysis_id}/` })).objects).toEqual([]);
    // The job is back to idle: nothing left to run.
    expect(await runInDurableObject(stub, (_i: AnalysisJob, state) => state.storage.get('phase'))).toBe('idle');
    expect(await runDurableObjectAlarm(stub)).toBe(false);
  });
});
