/**
 * Uploads: one multipart request (`POST /api/upload-to-spaces`, SPEC §7) for files up to
 * 95 MB, and a chunked protocol onto R2 multipart for larger files:
 * `POST /api/uploads` → `PUT /api/uploads/:id/parts/:n` → `POST /api/uploads/:id/complete`.
 * Both validate in the same order and answer the same shape.
 */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { signedInUser, type AppEnv, type Viewer } from '../auth/viewer';
import { database } from '../db/client';
import { multipartUploads } from '../db/schema';
import { randomToken, sha256Hex, timingSafeEqual } from '../lib/crypto';
import { HttpError, badRequest } from '../lib/http';
import { MultipartError, multipartBoundary, readMultipart } from '../lib/multipart';
import { jsonBody } from '../lib/validate';
import { PART_SIZE, R2StreamWriter } from '../lib/r2-writer';
import { MAX_FILE_BYTES, fileTooLargeMessage } from '../uploads/file-limit';
import { enforceUploadQuota } from '../uploads/quota';
import {
  MESSAGE_MAX_LENGTH,
  UPLOAD_ERRORS,
  assertAcceptedFileName,
  assertEmail,
  assertHuman,
  assertNotEmpty,
  createAnalysisAndStart,
  parseFocus,
  uploadKey,
} from '../uploads/new-analysis';

/** Above this, the browser must use the chunked protocol (Workers bodies cap at 100 MB). */
export const SINGLE_REQUEST_LIMIT = 95 * 1024 * 1024;
/** Largest accepted file (see uploads/file-limit.ts for why). */
export const MAX_FILE_SIZE = MAX_FILE_BYTES;
/** A chunked upload not completed within this time is aborted by the job's alarm. */
export const ABANDONED_UPLOAD_MS = 60 * 60 * 1000;

const contentTypeFor = (fileName: string) =>
  fileName.toLowerCase().endsWith('.csv')
    ? 'text/csv'
    : fileName.toLowerCase().endsWith('.xlsx')
      ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
      : 'application/vnd.ms-excel';

const clientIp = (headers: Headers) => headers.get('CF-Connecting-IP');

const startChunkedSchema = z.object({
  fileName: z.string().min(1).max(255),
  // The size limit is checked after the name, with its own message (file-limit.ts).
  fileSize: z.number().int().min(0),
  email: z.string().max(320).default(''),
  message: z
    .string()
    .max(MESSAGE_MAX_LENGTH + 100)
    .default(''),
  analysisType: z.string().max(64).optional(),
  promptFile: z.string().max(128).optional(),
  captchaToken: z.string().max(4096).nullish(),
});

export const uploadsRoutes = new Hono<AppEnv>()
  .post('/upload-to-spaces', async (c) => {
    const boundary = multipartBoundary(c.req.header('Content-Type'));
    if (!boundary || !c.req.raw.body) throw badRequest('Expected a multipart/form-data upload', 'BAD_MULTIPART');
    const declared = Number(c.req.header('Content-Length') ?? '0');
    if (declared > SINGLE_REQUEST_LIMIT + 1024 * 1024) {
      throw new HttpError(413, 'This file is too large for a single upload; use the chunked upload.', 'TOO_LARGE');
    }

    const analysisId = crypto.randomUUID();
    const fields = new Map<string, string>();
    let file: { name: string; key: string; writer: R2StreamWriter } | null = null;
    try {
      await readMultipart(c.req.raw.body, boundary, {
        onFile: async (field, fileName) => {
          if (field !== 'file' || file) return null;
          // The first rule needs only the name, so a wrong type is refused before any byte is stored.
          assertAcceptedFileName(fileName);
          const key = uploadKey(analysisId, fileName);
          file = { name: fileName, key, writer: new R2StreamWriter(c.env.FILES, key, contentTypeFor(fileName)) };
          return file.writer;
        },
        onField: (field, value) => fields.set(field, value),
      });
    } catch (error) {
      await discard(c.env, file);
      if (error instanceof MultipartError) throw badRequest(error.message, 'BAD_MULTIPART');
      throw error;
    }

    const uploaded = file as { name: string; key: string; writer: R2StreamWriter } | null;
    try {
      if (!uploaded) throw badRequest(UPLOAD_ERRORS.noFile, 'NO_FILE');
      assertNotEmpty(uploaded.writer.size);
      const email = resolveEmail(c, fields.get('email'));
      assertEmail(email);
      await assertHuman(c.env, c.get('viewer'), fields.get('captchaToken') ?? null, clientIp(c.req.raw.headers));
      await enforceUploadQuota(c.env, c.get('viewer'), email, clientIp(c.req.raw.headers));
      const answer = await createAnalysisAndStart(c.env, {
        analysisId,
        fileName: uploaded.name,
        fileSize: uploaded.writer.size,
        fileKey: uploaded.key,
        email,
        message: fields.get('message') ?? '',
        analysisType: parseFocus(fields.get('analysisType')),
        promptFile: fields.get('promptFile') || null,
        userId: signedInUser(c)?.userId ?? null,
        clientIp: clientIp(c.req.raw.headers),
      });
      return c.json(answer);
    } catch (error) {
      await discard(c.env, uploaded);
      throw error;
    }
  })
  .post('/uploads', jsonBody(startChunkedSchema), async (c) => {
    const body = c.req.valid('json');
    assertAcceptedFileName(body.fileName);
    assertNotEmpty(body.fileSize);
    if (body.fileSize > MAX_FILE_SIZE) throw new HttpError(413, fileTooLargeMessage(body.fileSize), 'FILE_TOO_LARGE');
    const email = resolveEmail(c, body.email);
    assertEmail(email);
    await assertHuman(c.env, c.get('viewer'), body.captchaToken ?? null, clientIp(c.req.raw.headers));
    await enforceUploadQuota(c.env, c.get('viewer'), email, clientIp(c.req.raw.headers));

    const analysisId = crypto.randomUUID();
    const key = uploadKey(analysisId, body.fileName);
    const upload = await c.env.FILES.createMultipartUpload(key, {
      httpMetadata: { contentType: contentTypeFor(body.fileName) },
    });
    const uploadToken = randomToken(32);
    const id = crypto.randomUUID();
    const partCount = Math.max(1, Math.ceil(body.fileSize / PART_SIZE));
    await database(c.env.DB)
      .insert(multipartUploads)
      .values({
        id,
        r2UploadId: upload.uploadId,
        analysisId,
        fileName: body.fileName,
        fileSize: body.fileSize,
        partSize: PART_SIZE,
        partCount,
        email: email.toLowerCase(),
        message: body.message,
        analysisType: parseFocus(body.analysisType),
        promptFile: body.promptFile ?? null,
        userId: signedInUser(c)?.userId ?? null,
        clientIp: clientIp(c.req.raw.headers),
        uploadTokenHash: await sha256Hex(uploadToken),
      });
    // The analysis's own Durable Object aborts the upload if it is never completed.
    await c.env.ANALYSIS_JOB.getByName(analysisId).watchUpload(id, Date.now() + ABANDONED_UPLOAD_MS);
    return c.json({ upload_id: id, upload_token: uploadToken, part_size: PART_SIZE, part_count: partCount, spaces_key: key }, 201);
  })
  .put('/uploads/:id/parts/:n', async (c) => {
    const upload = await findChunkedUpload(c.env, c.req.param('id'), c.req.header('X-Upload-Token'));
    const partNumber = Number(c.req.param('n'));
    if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > upload.partCount) {
      throw badRequest(`Part number must be between 1 and ${upload.partCount}`, 'BAD_PART');
    }
    const expected = partNumber < upload.partCount ? upload.partSize : upload.fileSize - upload.partSize * (upload.partCount - 1);
    const length = Number(c.req.header('Content-Length') ?? '-1');
    if (length !== expected || !c.req.raw.body) {
      throw badRequest(`Part ${partNumber} must be exactly ${expected} bytes`, 'BAD_PART_SIZE');
    }
    const multipart = c.env.FILES.resumeMultipartUpload(fileKeyOf(upload), upload.r2UploadId);
    const part = await multipart.uploadPart(partNumber, c.req.raw.body);
    const parts = (JSON.parse(upload.parts) as R2UploadedPart[]).filter((p) => p.partNumber !== partNumber);
    parts.push({ partNumber, etag: part.etag });
    await database(c.env.DB)
      .update(multipartUploads)
      .set({ parts: JSON.stringify(parts) })
      .where(eq(multipartUploads.id, upload.id));
    return c.json({ part_number: partNumber, etag: part.etag });
  })
  .post('/uploads/:id/complete', async (c) => {
    const upload = await findChunkedUpload(c.env, c.req.param('id'), c.req.header('X-Upload-Token'));
    const parts = (JSON.parse(upload.parts) as R2UploadedPart[]).sort((a, b) => a.partNumber - b.partNumber);
    if (parts.length !== upload.partCount) {
      throw badRequest(`Upload incomplete: ${parts.length} of ${upload.partCount} parts received`, 'UPLOAD_INCOMPLETE');
    }
    const key = fileKeyOf(upload);
    await c.env.FILES.resumeMultipartUpload(key, upload.r2UploadId).complete(parts);
    await database(c.env.DB).delete(multipartUploads).where(eq(multipartUploads.id, upload.id));
    const answer = await createAnalysisAndStart(c.env, {
      analysisId: upload.analysisId,
      fileName: upload.fileName,
      fileSize: upload.fileSize,
      fileKey: key,
      email: upload.email,
      message: upload.message,
      analysisType: parseFocus(upload.analysisType),
      promptFile: upload.promptFile,
      userId: upload.userId,
      clientIp: upload.clientIp,
    });
    return c.json(answer);
  });

/** Signed-in users upload under their account email (SPEC §6); visitors type one. */
function resolveEmail(c: { get(key: 'viewer'): Viewer }, typed: string | undefined): string {
  const viewer = c.get('viewer');
  const email = (typed ?? '').trim();
  if (viewer.kind === 'user' && !email) return viewer.email;
  return email;
}

const fileKeyOf = (upload: typeof multipartUploads.$inferSelect) => uploadKey(upload.analysisId, upload.fileName);

async function findChunkedUpload(env: Env, id: string, token: string | undefined) {
  const upload = await database(env.DB).select().from(multipartUploads).where(eq(multipartUploads.id, id)).get();
  if (!upload || !token || !timingSafeEqual(await sha256Hex(token), upload.uploadTokenHash)) {
    throw new HttpError(404, 'Upload not found', 'UPLOAD_NOT_FOUND');
  }
  return upload;
}

async function discard(env: Env, file: { key: string; writer: R2StreamWriter } | null): Promise<void> {
  if (!file) return;
  await file.writer.abort();
  await env.FILES.delete(file.key).catch(() => undefined);
}
