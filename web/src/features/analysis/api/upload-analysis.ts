/**
 * Starting an analysis by uploading its file (SPEC §7): one multipart request up to
 * 95 MB, the chunked protocol above that (`POST /api/uploads`, `PUT …/parts/:n`,
 * `POST …/complete`) with progress. Both answer the same shape. Up to two lookup files
 * (a customer master, a returns list) go with it, joined by the engine: as further `file`
 * parts of the one request, or each in parts as its own upload (`POST …/:id/files`).
 */
import type { InferResponseType } from 'hono/client';
import { api, okJson, rawBody } from '../../../lib/api-client';
import { SINGLE_REQUEST_LIMIT } from '../utils/upload-rules';

export type UploadAnswer = InferResponseType<(typeof api)['upload-to-spaces']['$post'], 200>;

export interface UploadRequest {
  file: File;
  /** Files joined to `file` (at most two). */
  lookupFiles?: readonly File[];
  email: string;
  message: string;
  analysisType: string;
  promptFile: string;
  /** ISO 4217 code the user chose, or '' to detect the currency from the file. */
  currency: string;
  /** Visitors only; signed-in users send none (SPEC §6). */
  captchaToken: string | null;
}

/** Parts in flight at once during a chunked upload. */
const PART_CONCURRENCY = 3;

export function uploadAnalysis(request: UploadRequest, onProgress?: (fraction: number) => void): Promise<UploadAnswer> {
  const total = [request.file, ...(request.lookupFiles ?? [])].reduce((sum, file) => sum + file.size, 0);
  return total > SINGLE_REQUEST_LIMIT ? uploadInParts(request, onProgress) : uploadInOneRequest(request);
}

async function uploadInOneRequest(request: UploadRequest): Promise<UploadAnswer> {
  const form = new FormData();
  // Text fields go first: the Worker streams the file to storage as it arrives and
  // validates the fields afterwards, so they must already be there.
  form.append('email', request.email);
  form.append('message', request.message);
  form.append('analysisType', request.analysisType);
  form.append('promptFile', request.promptFile);
  if (request.currency) form.append('currency', request.currency);
  if (request.captchaToken) form.append('captchaToken', request.captchaToken);
  form.append('file', request.file, request.file.name);
  for (const lookup of request.lookupFiles ?? []) form.append('file', lookup, lookup.name);
  return okJson(api['upload-to-spaces'].$post({}, rawBody(form)));
}

async function uploadInParts(request: UploadRequest, onProgress?: (fraction: number) => void): Promise<UploadAnswer> {
  const plan = await okJson(
    api.uploads.$post({
      json: {
        fileName: request.file.name,
        fileSize: request.file.size,
        email: request.email,
        message: request.message,
        analysisType: request.analysisType,
        promptFile: request.promptFile,
        currency: request.currency || undefined,
        captchaToken: request.captchaToken ?? undefined,
      },
    }),
  );
  const param = { id: encodeURIComponent(plan.upload_id) };
  const headers = { 'X-Upload-Token': plan.upload_token };
  const lookups = request.lookupFiles ?? [];
  const totalBytes = [request.file, ...lookups].reduce((sum, file) => sum + file.size, 0);
  let uploadedBytes = 0;
  const sent = (bytes: number) => {
    uploadedBytes += bytes;
    onProgress?.(uploadedBytes / totalBytes);
  };
  onProgress?.(0);
  await sendParts(request.file, plan, sent);
  // Each lookup file goes in parts too, as its own upload beside the first.
  for (const lookup of lookups) {
    const lookupPlan = await okJson(
      api.uploads[':id'].files.$post({ param, json: { fileName: lookup.name, fileSize: lookup.size } }, { headers }),
    );
    await sendParts(lookup, lookupPlan, sent);
  }
  return okJson(api.uploads[':id'].complete.$post({ param }, { headers }));
}

/** Sends a file's parts, PART_CONCURRENCY at a time, reporting the bytes of each. */
async function sendParts(
  file: File,
  plan: { upload_id: string; upload_token: string; part_size: number; part_count: number },
  sent: (bytes: number) => void,
): Promise<void> {
  const param = { id: encodeURIComponent(plan.upload_id) };
  const headers = { 'X-Upload-Token': plan.upload_token };
  const partNumbers = Array.from({ length: plan.part_count }, (_, index) => index + 1);
  const worker = async () => {
    for (let next = partNumbers.shift(); next !== undefined; next = partNumbers.shift()) {
      const slice = file.slice((next - 1) * plan.part_size, Math.min(next * plan.part_size, file.size));
      await okJson(api.uploads[':id'].parts[':n'].$put({ param: { ...param, n: String(next) } }, rawBody(slice, headers)));
      sent(slice.size);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PART_CONCURRENCY, plan.part_count) }, worker));
}
