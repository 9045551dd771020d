/**
 * The job reads a chunked upload while its parts arrive (durable-objects/read-while-uploading.ts):
 * the analysis it gives is the one a read of the stored file gives, in whatever order the
 * parts come, and anything irregular leaves the run to read the stored file, with every
 * part stored either way.
 */
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { AnalysisJob } from '../../durable-objects/analysis-job';
import { ReadWhileUploading } from '../../durable-objects/read-while-uploading';
import { analysisJsonKey, snapshotKey } from '../../worker/analyses/keys';
import { findChunkedUploadRow } from '../../worker/db/chunked-uploads';
import { database } from '../../worker/db/client';
import type { AnalysisResult } from '../../worker/engine/contract';
import { PART_SIZE } from '../../worker/lib/r2-writer';
import { DUMMY_TOKEN, call, readAnalysis, runJob, uniqueEmail, uploadOk, type UploadAnswer } from './helpers';

/** About 21 MiB of invoice lines: three parts, the last one short. */
function invoiceLines(): Uint8Array {
  const lines = ['InvoiceNo,StockCode,Quantity,InvoiceDate,UnitPrice,CustomerID\n'];
  let size = lines[0].length;
  for (let i = 0; size < 21 * 1024 * 1024; i++) {
    const line = `${500000 + Math.floor(i / 4)},SKU${i % 997},${(i % 12) + 1},2011-0${(i % 9) + 1}-15 10:00:00,${(i % 50) + 0.5},${10000 + (i % 3000)}\n`;
    lines.push(line);
    size += line.length;
  }
  return new TextEncoder().encode(lines.join(''));
}
const FILE = invoiceLines();
const PART_COUNT = Math.ceil(FILE.byteLength / PART_SIZE);
const partOf = (n: number) => FILE.subarray((n - 1) * PART_SIZE, Math.min(n * PART_SIZE, FILE.byteLength));

interface Plan {
  upload_id: string;
  upload_token: string;
}

async function startUpload(fileName: string): Promise<Plan> {
  const started = await call('/api/uploads', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ fileName, fileSize: FILE.byteLength, email: uniqueEmail(), captchaToken: DUMMY_TOKEN }),
  });
  expect(started.status).toBe(201);
  return started.json();
}

function putPart(plan: Plan, n: number): Promise<Response> {
  const bytes = partOf(n);
  return call(`/api/uploads/${plan.upload_id}/parts/${n}`, {
    method: 'PUT',
    headers: { 'X-Upload-Token': plan.upload_token, 'Content-Length': String(bytes.byteLength) },
    body: bytes,
  });
}

async function complete(plan: Plan): Promise<UploadAnswer> {
  const done = await call(`/api/uploads/${plan.upload_id}/complete`, { method: 'POST', headers: { 'X-Upload-Token': plan.upload_token } });
  expect(done.status).toBe(200);
  return done.json();
}

/** Runs the job with a live subscriber; returns the stored result and how many reading-progress events it pushed. */
async function runWatched(answer: UploadAnswer): Promise<{ result: AnalysisResult; progressEvents: number }> {
  const live = await call(`/api/analysis/${answer.analysis_id}/live?access_token=${answer.access_token}`, {
    headers: { Upgrade: 'websocket' },
  });
  const socket = live.webSocket;
  if (!socket) throw new Error('no socket');
  socket.accept();
  let progressEvents = 0;
  socket.addEventListener('message', (event) => {
    if ((JSON.parse(String(event.data)) as { type: string }).type === 'progress') progressEvents++;
  });
  await runJob(answer.analysis_id);
  socket.close(1000, 'done');
  const payload = await readAnalysis(answer.analysis_id, answer.access_token);
  expect(payload.analysis.status).toBe('completed');
  const result = await (await env.FILES.get(analysisJsonKey(answer.analysis_id)))?.json<AnalysisResult>();
  if (!result) throw new Error('no analysis.json');
  return { result, progressEvents };
}

/** The result without what differs between two uploads of the same bytes. */
function comparable(result: AnalysisResult): unknown {
  return { ...result, generatedAt: null, dataset: { ...result.dataset, fileName: null } };
}

/** The stored row snapshot (`rows.parquet`) of an analysis. */
async function snapshotOf(analysisId: string): Promise<Uint8Array> {
  const object = await env.FILES.get(snapshotKey(analysisId));
  if (!object) throw new Error('no snapshot');
  return new Uint8Array(await object.arrayBuffer());
}

let reference: Promise<{ result: AnalysisResult; snapshot: Uint8Array }> | null = null;
/** The same bytes in one request: the job reads them from R2, with reading progress. */
function readFromR2(): Promise<{ result: AnalysisResult; snapshot: Uint8Array }> {
  reference ??= (async () => {
    const answer = await uploadOk({ file: new File([FILE], 'reference.csv', { type: 'text/csv' }) });
    const { result, progressEvents } = await runWatched(answer);
    expect(progressEvents).toBeGreaterThanOrEqual(4);
    return { result, snapshot: await snapshotOf(answer.analysis_id) };
  })();
  return reference;
}

describe('reading a chunked upload while it arrives', () => {
  it('gives the analysis a read of the stored file gives, with the file read before the run starts', async () => {
    const plan = await startUpload('sent-in-order.csv');
    for (let n = 1; n <= PART_COUNT; n++) expect((await putPart(plan, n)).status).toBe(200);
    const answer = await complete(plan);
    expect((await env.FILES.head(answer.spaces_key))?.size).toBe(FILE.byteLength);
    const { result, progressEvents } = await runWatched(answer);
    // The run had nothing left to read: no reading progress.
    expect(progressEvents).toBe(0);
    expect(comparable(result)).toEqual(comparable((await readFromR2()).result));
    expect(result.dataset.rowsRead).toBe(FILE.reduce((lines, byte) => lines + (byte === 10 ? 1 : 0), 0) - 1);
    // The rows chat queries: the same snapshot, byte for byte.
    expect(await snapshotOf(answer.analysis_id)).toEqual((await readFromR2()).snapshot);
  });

  it('reads the parts in file order when they arrive the other way round', async () => {
    const plan = await startUpload('sent-backwards.csv');
    const order: number[] = [];
    const statuses = await Promise.all(
      Array.from({ length: PART_COUNT }, (_, i) => PART_COUNT - i).map(async (n) => {
        const response = await putPart(plan, n);
        order.push(n);
        return response.status;
      }),
    );
    expect(statuses).toEqual(Array(PART_COUNT).fill(200));
    // A part's answer waits until the parts before it were read.
    expect(order).toEqual(Array.from({ length: PART_COUNT }, (_, i) => i + 1));
    const { result, progressEvents } = await runWatched(await complete(plan));
    expect(progressEvents).toBe(0);
    expect(comparable(result)).toEqual(comparable((await readFromR2()).result));
  });

  it('reads the stored file instead when a part is sent again after it was read', async () => {
    const plan = await startUpload('part-sent-twice.csv');
    expect((await putPart(plan, 1)).status).toBe(200);
    expect((await putPart(plan, 1)).status).toBe(200);
    for (let n = 2; n <= PART_COUNT; n++) expect((await putPart(plan, n)).status).toBe(200);
    const { result, progressEvents } = await runWatched(await complete(plan));
    expect(progressEvents).toBeGreaterThanOrEqual(4);
    expect(comparable(result)).toEqual(comparable((await readFromR2()).result));
  });

  it('stores every part of a file the engine refuses, and the run refuses it as it refuses the stored file', async () => {
    // Every line is the same number: no column can be a customer, a date or an amount.
    const unreadable = new Uint8Array(FILE.byteLength).fill(49);
    for (let at = 9; at < unreadable.length; at += 10) unreadable[at] = 10;
    const plan = await startUpload('one-number.csv');
    for (let n = 1; n <= PART_COUNT; n++) {
      const bytes = unreadable.subarray((n - 1) * PART_SIZE, Math.min(n * PART_SIZE, unreadable.byteLength));
      const response = await call(`/api/uploads/${plan.upload_id}/parts/${n}`, {
        method: 'PUT',
        headers: { 'X-Upload-Token': plan.upload_token, 'Content-Length': String(bytes.byteLength) },
        body: bytes,
      });
      expect(response.status).toBe(200);
    }
    const chunked = await complete(plan);
    expect((await env.FILES.head(chunked.spaces_key))?.size).toBe(FILE.byteLength);
    const single = await uploadOk({ file: new File([unreadable], 'one-number.csv', { type: 'text/csv' }) });
    const errors: (string | null)[] = [];
    for (const answer of [chunked, single]) {
      await runJob(answer.analysis_id);
      const payload = await readAnalysis(answer.analysis_id, answer.access_token);
      expect(payload.analysis.status).toBe('error');
      errors.push(payload.analysis.error);
    }
    expect(errors[0]).toBe(errors[1]);
    expect(errors[0]).not.toMatch(/We could not finish/);
    expect(await env.FILES.head(snapshotKey(chunked.analysis_id))).toBeNull();
  });

  it('reads the stored file instead when a part breaks off and is sent again', async () => {
    const plan = await startUpload('part-breaks-off.csv');
    expect((await putPart(plan, 1)).status).toBe(200);
    const half = partOf(2).subarray(0, PART_SIZE / 2);
    const breaking = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(half.slice());
        controller.error(new Error('connection lost'));
      },
    });
    const broken = await call(`/api/uploads/${plan.upload_id}/parts/2`, {
      method: 'PUT',
      headers: { 'X-Upload-Token': plan.upload_token, 'Content-Length': String(partOf(2).byteLength) },
      body: breaking,
      duplex: 'half',
    } as RequestInit).catch(() => null);
    expect(broken?.status ?? 500).toBeGreaterThanOrEqual(500);
    for (let n = 2; n <= PART_COUNT; n++) expect((await putPart(plan, n)).status).toBe(200);
    const { result, progressEvents } = await runWatched(await complete(plan));
    expect(progressEvents).toBeGreaterThanOrEqual(4);
    expect(comparable(result)).toEqual(comparable((await readFromR2()).result));
  });

  it('drops the read, and its snapshot, with an upload abandoned halfway', async () => {
    const plan = await startUpload('abandoned.csv');
    expect((await putPart(plan, 1)).status).toBe(200);
    const upload = await findChunkedUploadRow(database(env.DB), plan.upload_id);
    const stub = env.ANALYSIS_JOB.getByName(upload?.analysisId ?? '');
    await runInDurableObject(stub, async (_job: AnalysisJob, state) => {
      const watched = await state.storage.get<{ uploadId: string }>('upload');
      await state.storage.put('upload', { ...watched, deadline: Date.now() - 1 });
    });
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await runInDurableObject(stub, (_job: AnalysisJob, state) => state.storage.get('phase'))).toBe('idle');
    expect(await findChunkedUploadRow(database(env.DB), plan.upload_id)).toBeUndefined();
    expect(await env.FILES.head(snapshotKey(upload?.analysisId ?? ''))).toBeNull();
    expect((await putPart(plan, 2)).status).toBe(404);
  });

  it('gives up on a part whose turn never comes, stores it, and leaves no snapshot behind', async () => {
    const plan = await startUpload('turn-never-comes.csv');
    const upload = await findChunkedUploadRow(database(env.DB), plan.upload_id);
    if (!upload) throw new Error('no upload row');
    const read = new ReadWhileUploading(env, upload, { turnWaitMs: 50 });
    const etag = await read.receive(2, new Blob([partOf(2)]).stream());
    expect(etag).toMatch(/\S/);
    expect(await read.result()).toBeNull();
    expect(await env.FILES.head(snapshotKey(upload.analysisId))).toBeNull();
    // Part 1 now goes straight to R2 too.
    expect(await read.receive(1, new Blob([partOf(1)]).stream())).toMatch(/\S/);
    const stored = await findChunkedUploadRow(database(env.DB), plan.upload_id);
    expect((JSON.parse(stored?.parts ?? '[]') as { partNumber: number }[]).map((p) => p.partNumber).sort()).toEqual([1, 2]);
  });
});
