/**
 * Uploads: one multipart request (`POST /api/upload-to-spaces`, SPEC §7) for files up to
 * 95 MB (up to three `file` parts: the transactions and the lookup files joined to them), and a chunked protocol onto R2 multipart for larger files:
 * `POST /api/uploads` → `PUT /api/uploads/:id/parts/:n` → `POST /api/uploads/:id/complete`.
 * Both validate in the same order and answer the same shape.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import {
  chunkedUploadKey,
  completeLookupUploads,
  joinChunkedUpload,
  startLookupUpload,
  type StartedChunkedUpload,
  findChunkedUpload,
  partBytesOf,
  receivedParts,
  startChunkedUpload,
  storeUploadPart,
} from '../analyses/uploads';
import { signedInUser, type AppEnv, type Viewer } from '../auth/viewer';
import { HttpError, badRequest } from '../lib/http';
import { multipartBoundary } from '../lib/multipart';
import { jsonBody } from '../lib/validate';
import { PART_SIZE } from '../lib/r2-writer';
import { quotaRuleFor } from '../uploads/quota';
import {
  UPLOAD_ERRORS,
  assertAcceptedFileName,
  assertEmail,
  assertHuman,
  assertNotEmpty,
  assertUploadSize,
  assertUploadMessage,
  createAnalysisAndStart,
  parseCurrency,
  parseFocus,
} from '../uploads/new-analysis';
import { discardFiles, receiveFiles } from '../uploads/receive-files';

/** Above this, the browser must use the chunked protocol (Workers bodies cap at 100 MB). */
export const SINGLE_REQUEST_LIMIT = 95 * 1024 * 1024;
/** A chunked upload not completed within this time is aborted by the job's alarm. */
export const ABANDONED_UPLOAD_MS = 60 * 60 * 1000;

const clientIp = (headers: Headers) => headers.get('CF-Connecting-IP');

const lookupFileSchema = z.object({
  fileName: z.string().min(1).max(1024),
  fileSize: z.number().int().min(0),
});

const startChunkedSchema = z.object({
  // Any name is accepted: the stored key and file name use its cleaned form (`safeFileName`).
  fileName: z.string().min(1).max(1024),
  // The size limit is checked after the name, with its own message (file-limit.ts).
  fileSize: z.number().int().min(0),
  email: z.string().max(320).default(''),
  // Bounded like a form field of the single-request path; the 2,000-character rule is assertUploadMessage's.
  message: z
    .string()
    .max(64 * 1024)
    .default(''),
  analysisType: z.string().max(64).optional(),
  promptFile: z.string().max(128).optional(),
  // Checked by parseCurrency, so both upload paths refuse a bad code with the same message.
  currency: z.string().max(16).optional(),
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
    // Up to three `file` parts: the transactions and the lookup files the engine joins to them.
    const { files, fields } = await receiveFiles(c.env, c.req.raw.body, boundary, analysisId);

    try {
      const [uploaded, ...lookups] = files;
      if (!uploaded) throw badRequest(UPLOAD_ERRORS.noFile, 'NO_FILE');
      assertUploadMessage(fields.get('message') ?? '');
      const currency = parseCurrency(fields.get('currency'));
      const email = resolveEmail(c, fields.get('email'));
      assertEmail(email);
      await assertHuman(c.env, c.get('viewer'), fields.get('captchaToken') ?? null, clientIp(c.req.raw.headers));
      const answer = await createAnalysisAndStart(c.env, {
        analysisId,
        fileName: uploaded.name,
        fileSize: uploaded.writer.size,
        fileKey: uploaded.key,
        lookupFiles: lookups.map((f) => ({ fileName: f.name, fileSize: f.writer.size, fileKey: f.key })),
        email,
        message: fields.get('message') ?? '',
        analysisType: parseFocus(fields.get('analysisType')),
        promptFile: fields.get('promptFile') || null,
        currency,
        userId: signedInUser(c)?.userId ?? null,
        clientIp: clientIp(c.req.raw.headers),
        quota: quotaRuleFor(c.env, c.get('viewer'), email, clientIp(c.req.raw.headers)),
      });
      return c.json(answer);
    } catch (error) {
      await discardFiles(c.env, files);
      throw error;
    }
  })
  .post('/uploads', jsonBody(startChunkedSchema), async (c) => {
    const body = c.req.valid('json');
    assertAcceptedFileName(body.fileName);
    assertNotEmpty(body.fileSize);
    assertUploadSize(body.fileName, body.fileSize);
    assertUploadMessage(body.message);
    const currency = parseCurrency(body.currency);
    const email = resolveEmail(c, body.email);
    assertEmail(email);
    await assertHuman(c.env, c.get('viewer'), body.captchaToken ?? null, clientIp(c.req.raw.headers));

    const analysisId = crypto.randomUUID();
    const started = await startChunkedUpload(
      c.env,
      {
        analysisId,
        fileName: body.fileName,
        fileSize: body.fileSize,
        email: email.toLowerCase(),
        message: body.message,
        analysisType: parseFocus(body.analysisType),
        promptFile: body.promptFile ?? null,
        currency,
        userId: signedInUser(c)?.userId ?? null,
        clientIp: clientIp(c.req.raw.headers),
      },
      quotaRuleFor(c.env, c.get('viewer'), email, clientIp(c.req.raw.headers)),
    );
    // The analysis's own Durable Object aborts the upload if it is never completed.
    await c.env.ANALYSIS_JOB.getByName(analysisId).watchUpload(started.id, Date.now() + ABANDONED_UPLOAD_MS);
    return c.json(uploadPlanOf(started), 201);
  })
  // A lookup file (a customer master, a returns list) sent in parts beside the first upload.
  .post('/uploads/:id/files', jsonBody(lookupFileSchema), async (c) => {
    const parent = await findChunkedUpload(c.env, c.req.param('id'), c.req.header('X-Upload-Token'));
    if (parent.parentId) throw badRequest(LOOKUP_ON_LOOKUP, 'LOOKUP_UPLOAD');
    const body = c.req.valid('json');
    assertAcceptedFileName(body.fileName);
    assertNotEmpty(body.fileSize);
    assertUploadSize(body.fileName, body.fileSize, true);
    const started = await startLookupUpload(c.env, parent, body.fileName, body.fileSize);
    return c.json(uploadPlanOf(started), 201);
  })
  .put('/uploads/:id/parts/:n', async (c) => {
    const upload = await findChunkedUpload(c.env, c.req.param('id'), c.req.header('X-Upload-Token'));
    const partNumber = Number(c.req.param('n'));
    if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > upload.partCount) {
      throw badRequest(`Part number must be between 1 and ${upload.partCount}`, 'BAD_PART');
    }
    const expected = partBytesOf(upload, partNumber);
    const length = Number(c.req.header('Content-Length') ?? '-1');
    if (length !== expected || !c.req.raw.body) {
      throw badRequest(`Part ${partNumber} must be exactly ${expected} bytes`, 'BAD_PART_SIZE');
    }
    // The first file's parts go through its analysis's job, which reads them as they come.
    const etag = upload.parentId
      ? await storeUploadPart(c.env, upload, partNumber, c.req.raw.body)
      : await c.env.ANALYSIS_JOB.getByName(upload.analysisId).receivePart(upload, partNumber, c.req.raw.body);
    return c.json({ part_number: partNumber, etag });
  })
  .post('/uploads/:id/complete', async (c) => {
    const upload = await findChunkedUpload(c.env, c.req.param('id'), c.req.header('X-Upload-Token'));
    if (upload.parentId) throw badRequest(LOOKUP_ON_LOOKUP, 'LOOKUP_UPLOAD');
    const parts = receivedParts(upload);
    if (parts.length !== upload.partCount) {
      throw badRequest(`Upload incomplete: ${parts.length} of ${upload.partCount} parts received`, 'UPLOAD_INCOMPLETE');
    }
    // Lookup files may come with the completion, as `file` parts of a multipart body.
    const boundary = multipartBoundary(c.req.header('Content-Type'));
    const chunkedLookups = await completeLookupUploads(c.env, upload);
    const storedKeys = [chunkedUploadKey(upload), ...chunkedLookups.map((f) => f.fileKey)];
    const sentLookups =
      boundary && c.req.raw.body ? (await receiveFiles(c.env, c.req.raw.body, boundary, upload.analysisId, storedKeys)).files : [];
    const lookups = [...chunkedLookups, ...sentLookups.map((f) => ({ fileName: f.name, fileSize: f.writer.size, fileKey: f.key }))];
    const key = await joinChunkedUpload(c.env, upload).catch(async (error: unknown) => {
      await discardFiles(c.env, sentLookups);
      throw error;
    });
    try {
      const answer = await createAnalysisAndStart(c.env, {
        analysisId: upload.analysisId,
        fileName: upload.fileName,
        fileSize: upload.fileSize,
        fileKey: key,
        lookupFiles: lookups,
        email: upload.email,
        message: upload.message,
        analysisType: parseFocus(upload.analysisType),
        promptFile: upload.promptFile,
        currency: upload.currency,
        userId: upload.userId,
        clientIp: upload.clientIp,
        // Reserved when the upload started; its in-flight row gives way to the analysis.
        quota: null,
        completedUploadId: upload.id,
      });
      return c.json(answer);
    } catch (error) {
      await discardFiles(c.env, sentLookups);
      throw error;
    }
  });

/** What the uploader needs to send a chunked upload's parts (the first file or a lookup file). */
function uploadPlanOf(started: StartedChunkedUpload) {
  return {
    upload_id: started.id,
    upload_token: started.uploadToken,
    part_size: PART_SIZE,
    part_count: started.partCount,
    spaces_key: started.key,
  };
}

const LOOKUP_ON_LOOKUP = 'This upload is a file joined to another upload; add files to, and complete, the first upload.';

/** Signed-in users upload under their account email (SPEC §6); visitors type one. */
function resolveEmail(c: { get(key: 'viewer'): Viewer }, typed: string | undefined): string {
  const viewer = c.get('viewer');
  const email = (typed ?? '').trim();
  if (viewer.kind === 'user' && !email) return viewer.email;
  return email;
}
