/**
 * An analysis's uploaded file in R2 and, for chunked uploads, the R2 multipart upload
 * with its D1 row: start, store a part, complete, and abort (by the job's alarm when the
 * upload is abandoned). Every key comes from `uploadKey()`, so the abort targets exactly
 * the object the start created, whatever the file was called.
 */
import { database } from '../db/client';
import { insertChunkedUploadWithinQuota, type QuotaRule } from '../db/quota';
import {
  deleteChunkedUpload,
  findChunkedUploadRow,
  addChunkedUploadPart,
  insertLookupUpload,
  listLookupUploads,
  type ChunkedUploadRow,
  type NewChunkedUploadRow,
} from '../db/chunked-uploads';
import { randomToken, sha256Hex, timingSafeEqual } from '../lib/crypto';
import { HttpError, badRequest } from '../lib/http';
import { MAX_JOINED_FILES } from '../engine/join/messages';
import { UPLOAD_ERRORS, type UploadedFile } from '../uploads/new-analysis';
import { PART_SIZE } from '../lib/r2-writer';
import { quotaExceeded } from '../uploads/quota';
import { uploadKey } from './keys';

export type { ChunkedUploadRow } from '../db/chunked-uploads';

/** What the uploader sends besides the file; stored until the upload completes. */
export type ChunkedUploadFields = Omit<
  NewChunkedUploadRow,
  'id' | 'r2UploadId' | 'partSize' | 'partCount' | 'parts' | 'uploadTokenHash' | 'createdAt'
>;

export interface StartedChunkedUpload {
  id: string;
  /** Returned once; the row keeps only its hash. */
  uploadToken: string;
  key: string;
  partCount: number;
}

/** The content type stored with an upload, from its (accepted) extension. */
export function contentTypeFor(fileName: string): string {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.csv')) return 'text/csv';
  if (lower.endsWith('.xlsx')) return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  return 'application/vnd.ms-excel';
}

/**
 * Opens the R2 multipart upload and records it, reserving the daily quota (the in-flight
 * row counts until the analysis replaces it); 429 when the quota is used up.
 */
export async function startChunkedUpload(env: Env, fields: ChunkedUploadFields, quota: QuotaRule): Promise<StartedChunkedUpload> {
  const key = uploadKey(fields.analysisId, fields.fileName);
  const multipart = await env.FILES.createMultipartUpload(key, { httpMetadata: { contentType: contentTypeFor(fields.fileName) } });
  const uploadToken = randomToken(32);
  const id = crypto.randomUUID();
  const partCount = Math.max(1, Math.ceil(fields.fileSize / PART_SIZE));
  const row = {
    ...fields,
    id,
    r2UploadId: multipart.uploadId,
    partSize: PART_SIZE,
    partCount,
    uploadTokenHash: await sha256Hex(uploadToken),
  };
  if (!(await insertChunkedUploadWithinQuota(database(env.DB), row, quota))) {
    await multipart.abort();
    throw quotaExceeded(quota);
  }
  return { id, uploadToken, key, partCount };
}

/**
 * Opens the chunked upload of a lookup file beside `parent` (the analysis's first chunked
 * upload), refusing a file beyond the analysis's three or a repeated name. It takes no
 * quota of its own: the parent's reservation covers the analysis.
 */
export async function startLookupUpload(
  env: Env,
  parent: ChunkedUploadRow,
  fileName: string,
  fileSize: number,
): Promise<StartedChunkedUpload> {
  const db = database(env.DB);
  const siblings = await listLookupUploads(db, parent.id);
  if (siblings.length + 1 >= MAX_JOINED_FILES) throw badRequest(UPLOAD_ERRORS.tooManyFiles, 'TOO_MANY_FILES');
  const key = uploadKey(parent.analysisId, fileName);
  if ([parent, ...siblings].some((u) => chunkedUploadKey(u) === key)) throw badRequest(UPLOAD_ERRORS.sameName, 'DUPLICATE_FILE_NAME');
  const multipart = await env.FILES.createMultipartUpload(key, { httpMetadata: { contentType: contentTypeFor(fileName) } });
  const uploadToken = randomToken(32);
  const id = crypto.randomUUID();
  const partCount = Math.max(1, Math.ceil(fileSize / PART_SIZE));
  await insertLookupUpload(db, {
    id,
    r2UploadId: multipart.uploadId,
    analysisId: parent.analysisId,
    fileName,
    fileSize,
    partSize: PART_SIZE,
    partCount,
    email: parent.email,
    userId: parent.userId,
    clientIp: parent.clientIp,
    uploadTokenHash: await sha256Hex(uploadToken),
    parentId: parent.id,
  });
  return { id, uploadToken, key, partCount };
}

/**
 * Completes the lookup files' uploads beside `parent` and forgets their rows; 400 when one
 * is missing parts (nothing is completed then, so the uploader can send them and retry).
 */
export async function completeLookupUploads(env: Env, parent: ChunkedUploadRow): Promise<UploadedFile[]> {
  const db = database(env.DB);
  const lookups = await listLookupUploads(db, parent.id);
  for (const lookup of lookups) {
    const parts = receivedParts(lookup);
    if (parts.length !== lookup.partCount)
      throw badRequest(`Upload incomplete: '${lookup.fileName}' has ${parts.length} of ${lookup.partCount} parts`, 'UPLOAD_INCOMPLETE');
  }
  const files: UploadedFile[] = [];
  for (const lookup of lookups) {
    files.push({ fileName: lookup.fileName, fileSize: lookup.fileSize, fileKey: await joinChunkedUpload(env, lookup) });
    await deleteChunkedUpload(db, lookup.id);
  }
  return files;
}

/** The upload with this id, if `token` is its upload token; 404 otherwise (no hint which). */
export async function findChunkedUpload(env: Env, id: string, token: string | undefined): Promise<ChunkedUploadRow> {
  const upload = await findChunkedUploadRow(database(env.DB), id);
  if (!upload || !token || !timingSafeEqual(await sha256Hex(token), upload.uploadTokenHash)) {
    throw new HttpError(404, 'Upload not found', 'UPLOAD_NOT_FOUND');
  }
  return upload;
}

/** The R2 key a chunked upload writes to. */
export const chunkedUploadKey = (upload: ChunkedUploadRow) => uploadKey(upload.analysisId, upload.fileName);

/** Stores part `partNumber` (replacing an earlier try of the same part) and returns its etag. */
export async function storeUploadPart(env: Env, upload: ChunkedUploadRow, partNumber: number, body: ReadableStream): Promise<string> {
  const part = await env.FILES.resumeMultipartUpload(chunkedUploadKey(upload), upload.r2UploadId).uploadPart(partNumber, body);
  await addChunkedUploadPart(database(env.DB), upload.id, { partNumber, etag: part.etag });
  return part.etag;
}

/** The size part `partNumber` must have: the plan's part size, the last one what is left. */
export function partBytesOf(upload: Pick<ChunkedUploadRow, 'partSize' | 'partCount' | 'fileSize'>, partNumber: number): number {
  return partNumber < upload.partCount ? upload.partSize : upload.fileSize - upload.partSize * (upload.partCount - 1);
}

/** The parts received so far, in order. */
export function receivedParts(upload: ChunkedUploadRow): R2UploadedPart[] {
  return (JSON.parse(upload.parts) as R2UploadedPart[]).sort((a, b) => a.partNumber - b.partNumber);
}

/**
 * Joins the parts into the stored object and returns its key. The in-flight row stays
 * (it holds the quota) until the analysis that replaces it is written.
 */
export async function joinChunkedUpload(env: Env, upload: ChunkedUploadRow): Promise<string> {
  const key = chunkedUploadKey(upload);
  await env.FILES.resumeMultipartUpload(key, upload.r2UploadId).complete(receivedParts(upload));
  return key;
}

/**
 * Aborts an abandoned chunked upload, so R2 drops its parts, and forgets the row. An
 * upload already gone (completed, or aborted before) is nothing to do.
 */
export async function abortChunkedUpload(env: Env, uploadId: string): Promise<void> {
  const db = database(env.DB);
  const upload = await findChunkedUploadRow(db, uploadId);
  if (!upload) return;
  // The lookup files sent beside it are abandoned with it.
  for (const lookup of await listLookupUploads(db, upload.id)) await abortChunkedUpload(env, lookup.id);
  try {
    await env.FILES.resumeMultipartUpload(chunkedUploadKey(upload), upload.r2UploadId).abort();
  } catch (error) {
    // R2 refuses to abort an upload it no longer has (e.g. a racing complete); log it, so a wrong key can't hide.
    console.error(`chunked upload ${upload.id}: abort failed`, error);
  }
  await deleteChunkedUpload(db, upload.id);
}

/** Deletes a stored upload that was refused after its bytes were written. */
export async function deleteUploadedFile(env: Env, key: string): Promise<void> {
  await env.FILES.delete(key);
}
