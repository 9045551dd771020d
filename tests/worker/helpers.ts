/** Shared helpers for Worker tests: requests through the real app, job driving, fixtures. */
import { runDurableObjectAlarm } from 'cloudflare:test';
import { expect } from 'vitest';
import { env, exports } from 'cloudflare:workers';
import type { UploadAnswer } from '../../worker/uploads/new-analysis';

export const DUMMY_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';
export const BASE = 'https://tally.test';

/** Sends a request through the Worker's default export, as production would. */
export function call(path: string, init?: RequestInit): Promise<Response> {
  return exports.default.fetch(new Request(`${BASE}${path}`, init));
}

export const SMALL_CSV = [
  'InvoiceNo,StockCode,Description,Quantity,InvoiceDate,UnitPrice,CustomerID,Country',
  '536365,85123A,WHITE HANGING HEART T-LIGHT HOLDER,6,2010-12-01 08:26:00,2.55,17850,United Kingdom',
  '536365,71053,WHITE METAL LANTERN,6,2010-12-01 08:26:00,3.39,17850,United Kingdom',
  '536366,22633,HAND WARMER UNION JACK,6,2010-12-01 08:28:00,1.85,17851,United Kingdom',
  '',
].join('\n');

let emailCounter = 0;
/** A fresh visitor email per call, so the daily visitor quota never couples tests. */
export function uniqueEmail(): string {
  emailCounter += 1;
  return `visitor${emailCounter}-${crypto.randomUUID().slice(0, 8)}@example.com`;
}

export interface UploadFields {
  file?: File | null;
  /** Further `file` parts (lookup files joined to the first). */
  moreFiles?: File[];
  email?: string;
  message?: string;
  analysisType?: string;
  /** The currency setting (sent only when given). */
  currency?: string;
  captchaToken?: string | null;
}

/** Posts a multipart upload the way the SPA does. */
export function upload(fields: UploadFields = {}, headers: Record<string, string> = {}): Promise<Response> {
  const form = new FormData();
  const file = fields.file === undefined ? new File([SMALL_CSV], 'sales.csv', { type: 'text/csv' }) : fields.file;
  if (file) form.append('file', file);
  for (const more of fields.moreFiles ?? []) form.append('file', more);
  form.append('email', fields.email ?? uniqueEmail());
  form.append('message', fields.message ?? 'Who are my best customers?');
  if (fields.analysisType) form.append('analysisType', fields.analysisType);
  if (fields.currency !== undefined) form.append('currency', fields.currency);
  const token = fields.captchaToken === undefined ? DUMMY_TOKEN : fields.captchaToken;
  if (token !== null) form.append('captchaToken', token);
  return call('/api/upload-to-spaces', { method: 'POST', body: form, headers });
}

export type { UploadAnswer } from '../../worker/uploads/new-analysis';

/** Uploads and returns the answer, failing loudly on a non-200. */
export async function uploadOk(fields: UploadFields = {}, headers: Record<string, string> = {}): Promise<UploadAnswer> {
  const response = await upload(fields, headers);
  if (response.status !== 200) throw new Error(`upload failed ${response.status}: ${await response.text()}`);
  return response.json();
}

/** Fires the analysis's pending alarms until it settles (or `max` alarms ran). */
export async function runJob(analysisId: string, max = 5): Promise<void> {
  const stub = env.ANALYSIS_JOB.getByName(analysisId);
  for (let i = 0; i < max; i++) {
    const ran = await runDurableObjectAlarm(stub);
    if (!ran) return;
    const row = await env.DB.prepare('select status from analyses where id = ?').bind(analysisId).first<{ status: string }>();
    if (row?.status === 'completed' || row?.status === 'error') return;
  }
}

export interface AnalysisPayload {
  success: boolean;
  analysis: {
    id: string;
    status: string;
    completed_at: string | null;
    email: string;
    error: string | null;
    initial_message: string | null;
    currency: string | null;
  };
  file_uploads: { file_name: string; file_size: number; file_location: string; is_primary: boolean }[];
  messages: { id: string; seq: number; message_type: string; content: unknown; created_at: string }[];
  artifacts: { id: string; artifact_type: string; file_name: string; file_size: number | null }[];
}

export async function readAnalysis(id: string, token: string): Promise<AnalysisPayload> {
  const response = await call(`/api/analysis/${id}/${token}`);
  if (response.status !== 200) throw new Error(`read failed ${response.status}`);
  return response.json();
}

/**
 * Asks the owner's chat a question and returns the messages it added (as JSON) and the
 * text of the answer.
 */
export async function askOwner(id: string, token: string, ownerToken: string, message: string) {
  const before = (await readAnalysis(id, token)).messages.length;
  const response = await call(`/api/analysis/${id}/chat`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Owner-Token': ownerToken },
    body: JSON.stringify({ message }),
  });
  expect(response.status).toBe(200);
  const added = (await readAnalysis(id, token)).messages.slice(before);
  const answer = added.at(-1)?.content as { message_data: { content: { type: string; text?: string }[] } };
  const text = answer.message_data.content.flatMap((block) => (block.type === 'text' && block.text ? [block.text] : []));
  return { added: JSON.stringify(added), answer: text.join('') };
}
