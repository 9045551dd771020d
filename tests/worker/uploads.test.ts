import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { call, readAnalysis, runJob, upload, uploadOk, uniqueEmail } from './helpers';

describe('POST /api/upload-to-spaces', () => {
  it('stores the file in R2, creates an initializing analysis and returns a one-time access token', async () => {
    const answer = await uploadOk();
    expect(answer.analysis_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.spaces_key).toBe(`uploads/${answer.analysis_id}/sales.csv`);
    expect(answer.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(answer.row_count).toBeNull();
    expect(answer.column_count).toBeNull();

    const stored = await env.FILES.get(answer.spaces_key);
    expect(await stored?.text()).toContain('WHITE METAL LANTERN');
    const row = await env.DB.prepare('select status, access_token_hash from analyses where id = ?')
      .bind(answer.analysis_id)
      .first<{ status: string; access_token_hash: string }>();
    expect(row?.status).toBe('initializing');
    // Only the hash is kept.
    expect(row?.access_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.access_token_hash).not.toContain(answer.access_token);
  });

  it('runs the job to completed with the transcript in order and artifact rows present', async () => {
    const answer = await uploadOk({ message: 'Show me my segments', analysisType: 'customer_segmentation' });
    await runJob(answer.analysis_id);
    const payload = await readAnalysis(answer.analysis_id, answer.access_token);

    expect(payload.success).toBe(true);
    expect(payload.analysis.status).toBe('completed');
    expect(payload.analysis.completed_at).not.toBeNull();
    expect(payload.analysis.initial_message).toBe('Show me my segments');
    expect(payload.file_uploads).toEqual([
      expect.objectContaining({ file_name: 'sales.csv', file_size: expect.any(Number), is_primary: true }),
    ]);
    const seqs = payload.messages.map((m) => m.seq);
    expect(seqs).toEqual([...seqs.keys()]);
    // The plan opens the transcript and every item ends completed.
    const plans = payload.messages.filter((m) => JSON.stringify(m.content).includes('"TodoWrite"'));
    expect(plans.length).toBeGreaterThan(1);
    const first = JSON.stringify(plans[0].content);
    const last = JSON.stringify(plans.at(-1)?.content);
    expect(first).toContain('"in_progress"');
    expect(last).not.toContain('"pending"');
    expect(last).not.toContain('"in_progress"');
    expect(payload.artifacts.length).toBeGreaterThan(0);
  });

  it("rejects a .txt upload with 'Unsupported file type' and stores nothing", async () => {
    const response = await upload({ file: new File(['a,b\n1,2\n'], 'notes.txt') });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Unsupported file type', code: 'UNSUPPORTED_FILE_TYPE' });
  });

  it("checks the file type before anything else (bad type and bad email → 'Unsupported file type')", async () => {
    const response = await upload({ file: new File([''], 'x.pdf'), email: 'nope', captchaToken: null });
    expect(response.status).toBe(400);
    expect((await response.json<{ error: string }>()).error).toBe('Unsupported file type');
  });

  it("rejects an empty file with 'The file is empty'", async () => {
    const response = await upload({ file: new File([], 'empty.csv'), email: 'bad', captchaToken: null });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'The file is empty', code: 'EMPTY_FILE' });
  });

  it("rejects an email without @ with 'Please enter a valid email address.'", async () => {
    const response = await upload({ email: 'not-an-email', captchaToken: null });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Please enter a valid email address.', code: 'INVALID_EMAIL' });
  });

  it("rejects a visitor without a Turnstile token with 'Please complete the security verification.'", async () => {
    const response = await upload({ captchaToken: null });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Please complete the security verification.', code: 'CAPTCHA_FAILED' });
  });

  it('rejects a visitor whose Turnstile token is not the test dummy token', async () => {
    const response = await upload({ captchaToken: 'forged-token' });
    expect(response.status).toBe(400);
    expect((await response.json<{ error: string }>()).error).toBe('Please complete the security verification.');
  });

  it('accepts .xlsx and .xls names in any case', async () => {
    for (const name of ['Book.XLSX', 'old.xls']) {
      const response = await upload({ file: new File(['not really a workbook'], name), email: uniqueEmail() });
      expect(response.status).toBe(200);
    }
  });

  it('rejects a body that is not multipart', async () => {
    const response = await call('/api/upload-to-spaces', { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Expected a multipart/form-data upload', code: 'BAD_MULTIPART' });
  });
});

describe('GET /api/health', () => {
  it('reports the Worker and D1 as up', async () => {
    const response = await call('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', database: 'ok' });
  });
});
