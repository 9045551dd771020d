/**
 * Issue 16 part 4 through the Worker: up to three files in one upload, each stored in R2
 * under the analysis, joined by the job; the join's refusals end the analysis with the
 * engine's message, and the upload's own limits answer 400 before anything is stored.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { analysisJsonKey } from '../../worker/analyses/keys';
import { abortChunkedUpload } from '../../worker/analyses/uploads';
import type { AnalysisResult } from '../../worker/engine/contract';
import { DUMMY_TOKEN, call, readAnalysis, runJob, uniqueEmail, upload, uploadOk, type UploadAnswer } from './helpers';

const ORDERS = `Order ID,Order Date,Customer ID,Amount
O1,2024-01-05,C1,100
O2,2024-02-10,C2,200
O3,2024-03-01,C3,70
O4,2024-03-15,C9,30
`;
const CUSTOMERS = 'Customer ID,Region,Sales Rep\nC1,North,Anna\nC2,South,Ben\nC3,North,Anna\n';
const RETURNS = 'Order ID,Returned\nO2,Yes\n';
const csv = (name: string, text: string): File => new File([text], name, { type: 'text/csv' });

/** Runs the job of an upload of orders, customers and returns; checks it completed with the three files and returns its result. */
async function joinedResult(answer: UploadAnswer): Promise<AnalysisResult | undefined> {
  await runJob(answer.analysis_id);
  const payload = await readAnalysis(answer.analysis_id, answer.access_token);
  expect(payload.analysis.status).toBe('completed');
  expect(payload.file_uploads.map((f) => [f.file_name, f.is_primary]).sort()).toEqual([
    ['customers.csv', false],
    ['orders.csv', true],
    ['returns.csv', false],
  ]);
  return (await env.FILES.get(analysisJsonKey(answer.analysis_id)))?.json<AnalysisResult>();
}

describe('uploading a transactions file with lookup files', () => {
  it('stores every file under the analysis and joins them in the job', async () => {
    const answer = await uploadOk({
      file: csv('orders.csv', ORDERS),
      moreFiles: [csv('customers.csv', CUSTOMERS), csv('returns.csv', RETURNS)],
    });
    for (const name of ['orders.csv', 'customers.csv', 'returns.csv'])
      expect(await env.FILES.head(`uploads/${answer.analysis_id}/${name}`), name).not.toBeNull();
    const result = await joinedResult(answer);
    // C1, C2, C3 of C1, C2, C3, C9; O2's 200 of 400 returned.
    expect(result?.joins?.tables.map((t) => [t.table, t.matched, t.keys, t.unmatched.examples])).toEqual([
      ['customers.csv', 3, 4, ['C9']],
      ['returns.csv', 1, 1, []],
    ]);
    expect(result?.joins?.tables[1].flagged).toMatchObject({ orders: 1, revenue: 200, shareOfRevenue: 0.5 });
    expect(result?.repScorecards?.reps.map((r) => [r.rep, r.revenue])).toEqual([
      ['Ben', 200],
      ['Anna', 170],
    ]);
  });

  it('fails the analysis with the join’s message when no customer id matches (0% match)', async () => {
    const answer = await uploadOk({
      file: csv('orders.csv', ORDERS),
      moreFiles: [csv('customers.csv', 'Customer ID,Region\nX1,North\nX2,South\n')],
    });
    await runJob(answer.analysis_id);
    const payload = await readAnalysis(answer.analysis_id, answer.access_token);
    expect(payload.analysis.status).toBe('error');
    expect(payload.analysis.error).toBe(
      "None of the 4 values of 'Customer ID' in 'orders.csv' is in 'Customer ID' of 'customers.csv' (0% match), so the files cannot be joined. Examples: C1, C2, C3, C9.",
    );
  });

  it('fails the analysis when both files are transactions', async () => {
    const answer = await uploadOk({ file: csv('orders.csv', ORDERS), moreFiles: [csv('orders-2023.csv', ORDERS)] });
    await runJob(answer.analysis_id);
    const payload = await readAnalysis(answer.analysis_id, answer.access_token);
    expect(payload.analysis.error).toBe(
      "'orders.csv', 'orders-2023.csv' both look like transactions (a date and an amount on every line). Join one transactions file with up to two lookup files, such as a customer master or a returns list.",
    );
  });

  it('fails the analysis when a lookup file shares no key', async () => {
    const answer = await uploadOk({ file: csv('orders.csv', ORDERS), moreFiles: [csv('notes.csv', 'Topic,Note\nA,hello\n')] });
    await runJob(answer.analysis_id);
    const payload = await readAnalysis(answer.analysis_id, answer.access_token);
    expect(payload.analysis.error).toBe(
      "'notes.csv' shares no key with 'orders.csv': none of its columns has the name, role or values of the customer, order, product or region column.",
    );
  });

  it('refuses a fourth file with 400 and keeps none of them', async () => {
    const names = ['four-a.csv', 'four-b.csv', 'four-c.csv', 'four-d.csv'];
    const response = await upload({ file: csv(names[0], ORDERS), moreFiles: names.slice(1).map((n) => csv(n, CUSTOMERS)) });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'At most 3 files can be joined in one analysis.', code: 'TOO_MANY_FILES' });
    const stored = await env.FILES.list({ prefix: 'uploads/' });
    expect(stored.objects.filter((o) => names.some((n) => o.key.endsWith(`/${n}`)))).toEqual([]);
  });

  it('refuses two files with the same name with 400', async () => {
    const response = await upload({ file: csv('same.csv', ORDERS), moreFiles: [csv('same.csv', CUSTOMERS)] });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Each file must have a different name.', code: 'DUPLICATE_FILE_NAME' });
  });
});

describe('the chunked upload with lookup files sent on completion', () => {
  /** Uploads `orders` in parts (one, here) and completes with `lookups` as `file` parts. */
  async function complete(orders: string, lookups: File[]): Promise<Response> {
    const bytes = new TextEncoder().encode(orders);
    const started = await call('/api/uploads', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ fileName: 'orders.csv', fileSize: bytes.byteLength, email: uniqueEmail(), captchaToken: DUMMY_TOKEN }),
    });
    const plan = await started.json<{ upload_id: string; upload_token: string }>();
    const headers = { 'X-Upload-Token': plan.upload_token };
    await call(`/api/uploads/${plan.upload_id}/parts/1`, {
      method: 'PUT',
      headers: { ...headers, 'Content-Length': String(bytes.byteLength) },
      body: bytes,
    });
    const form = new FormData();
    for (const file of lookups) form.append('file', file);
    return call(`/api/uploads/${plan.upload_id}/complete`, { method: 'POST', headers, body: form });
  }

  it('stores the lookup files under the analysis and joins them', async () => {
    const response = await complete(ORDERS, [csv('customers.csv', CUSTOMERS), csv('returns.csv', RETURNS)]);
    expect(response.status).toBe(200);
    const answer = await response.json<UploadAnswer>();
    await runJob(answer.analysis_id);
    const payload = await readAnalysis(answer.analysis_id, answer.access_token);
    expect(payload.analysis.status).toBe('completed');
    expect(payload.file_uploads.map((f) => f.file_name).sort()).toEqual(['customers.csv', 'orders.csv', 'returns.csv']);
    const result = await (await env.FILES.get(analysisJsonKey(answer.analysis_id)))?.json<AnalysisResult>();
    expect(result?.joins?.tables.map((t) => [t.table, t.matchRate])).toEqual([
      ['customers.csv', 0.75],
      ['returns.csv', 1],
    ]);
  });

  it('refuses a lookup file named like the chunked file with 400', async () => {
    const response = await complete(ORDERS, [csv('orders.csv', CUSTOMERS)]);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Each file must have a different name.', code: 'DUPLICATE_FILE_NAME' });
  });
});

describe('the chunked upload with lookup files sent in parts too', () => {
  const json = { 'Content-Type': 'application/json' };

  async function startFirst(): Promise<{ upload_id: string; upload_token: string }> {
    const bytes = new TextEncoder().encode(ORDERS);
    const started = await call('/api/uploads', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ fileName: 'orders.csv', fileSize: bytes.byteLength, email: uniqueEmail(), captchaToken: DUMMY_TOKEN }),
    });
    const plan = await started.json<{ upload_id: string; upload_token: string }>();
    await putPart(plan.upload_id, plan.upload_token, ORDERS);
    return plan;
  }

  function putPart(id: string, token: string, text: string): Promise<Response> {
    const bytes = new TextEncoder().encode(text);
    return call(`/api/uploads/${id}/parts/1`, {
      method: 'PUT',
      headers: { 'X-Upload-Token': token, 'Content-Length': String(bytes.byteLength) },
      body: bytes,
    });
  }

  function addFile(first: { upload_id: string; upload_token: string }, fileName: string, text: string): Promise<Response> {
    return call(`/api/uploads/${first.upload_id}/files`, {
      method: 'POST',
      headers: { ...json, 'X-Upload-Token': first.upload_token },
      body: JSON.stringify({ fileName, fileSize: new TextEncoder().encode(text).byteLength }),
    });
  }

  const completeFirst = (first: { upload_id: string; upload_token: string }) =>
    call(`/api/uploads/${first.upload_id}/complete`, { method: 'POST', headers: { 'X-Upload-Token': first.upload_token } });

  it('refuses a lookup file over 2 MB with 413 and the engine message, before it is uploaded', async () => {
    const first = await startFirst();
    const added = await call(`/api/uploads/${first.upload_id}/files`, {
      method: 'POST',
      headers: { ...json, 'X-Upload-Token': first.upload_token },
      body: JSON.stringify({ fileName: 'customers.csv', fileSize: 2 * 1024 * 1024 + 1 }),
    });
    expect(added.status).toBe(413);
    expect(await added.json()).toEqual({
      error: "'customers.csv' is larger than 2 MB, too large for a lookup file. Join a smaller customer or returns file.",
      code: 'LOOKUP_TOO_LARGE',
    });
  });

  it('uploads each lookup file in parts beside the first and joins them all', async () => {
    const first = await startFirst();
    for (const [name, text] of [
      ['customers.csv', CUSTOMERS],
      ['returns.csv', RETURNS],
    ]) {
      const added = await addFile(first, name, text);
      expect(added.status).toBe(201);
      const plan = await added.json<{ upload_id: string; upload_token: string; part_count: number; spaces_key: string }>();
      expect(plan.part_count).toBe(1);
      expect((await putPart(plan.upload_id, plan.upload_token, text)).status).toBe(200);
    }
    const third = await addFile(first, 'more.csv', CUSTOMERS);
    expect(third.status).toBe(400);
    expect(await third.json()).toEqual({ error: 'At most 3 files can be joined in one analysis.', code: 'TOO_MANY_FILES' });

    const done = await completeFirst(first);
    expect(done.status).toBe(200);
    const answer = await done.json<UploadAnswer>();
    const result = await joinedResult(answer);
    expect(result?.joins?.tables.map((t) => [t.table, t.matched, t.keys])).toEqual([
      ['customers.csv', 3, 4],
      ['returns.csv', 1, 1],
    ]);
    const rows = await env.DB.prepare('select count(*) as n from multipart_uploads where analysis_id = ?')
      .bind(answer.analysis_id)
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });

  it('refuses to complete while a lookup file misses parts, and to complete a lookup file itself', async () => {
    const first = await startFirst();
    const added = await addFile(first, 'customers.csv', CUSTOMERS);
    const lookup = await added.json<{ upload_id: string; upload_token: string }>();
    const early = await completeFirst(first);
    expect(early.status).toBe(400);
    expect(await early.json()).toEqual({ error: "Upload incomplete: 'customers.csv' has 0 of 1 parts", code: 'UPLOAD_INCOMPLETE' });
    const own = await completeFirst(lookup);
    expect(own.status).toBe(400);
    expect(await own.json()).toEqual({
      error: 'This upload is a file joined to another upload; add files to, and complete, the first upload.',
      code: 'LOOKUP_UPLOAD',
    });
  });

  it('abandons the lookup files with their first upload', async () => {
    const first = await startFirst();
    await addFile(first, 'customers.csv', CUSTOMERS);
    await abortChunkedUpload(env, first.upload_id);
    const rows = await env.DB.prepare('select count(*) as n from multipart_uploads where id = ? or parent_id = ?')
      .bind(first.upload_id, first.upload_id)
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });

  it('refuses a lookup file named like the first upload', async () => {
    const response = await addFile(await startFirst(), 'orders.csv', CUSTOMERS);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Each file must have a different name.', code: 'DUPLICATE_FILE_NAME' });
  });
});
