/**
 * What both upload paths (one request, or chunked) share: the validation rules in their
 * required order, creating the analysis rows with a secure-link token, and starting the
 * analysis's Durable Object.
 */
import { FOCUS_AREA_IDS, promptFileFor, type FocusAreaId } from '../agent/focus-areas';
import { focusRequestOf } from '../agent/focus-request';
import { verifyTurnstile } from '../auth/turnstile';
import type { Viewer } from '../auth/viewer';
import { database } from '../db/client';
import { analyses, fileUploads } from '../db/schema';
import { randomToken, sha256Hex } from '../lib/crypto';
import { badRequest } from '../lib/http';

export const ACCEPTED_EXTENSIONS = ['.csv', '.xlsx', '.xls'] as const;
export const MESSAGE_MAX_LENGTH = 2000;

export const UPLOAD_ERRORS = {
  unsupportedType: 'Unsupported file type',
  empty: 'The file is empty',
  invalidEmail: 'Please enter a valid email address.',
  verification: 'Please complete the security verification.',
  noFile: 'Please choose a file to upload.',
} as const;

/** Throws 400 `Unsupported file type` unless the name ends in .csv, .xlsx or .xls. */
export function assertAcceptedFileName(fileName: string): void {
  const lower = fileName.toLowerCase();
  if (!ACCEPTED_EXTENSIONS.some((ext) => lower.endsWith(ext) && lower.length > ext.length)) {
    throw badRequest(UPLOAD_ERRORS.unsupportedType, 'UNSUPPORTED_FILE_TYPE');
  }
}

export function assertNotEmpty(size: number): void {
  if (size <= 0) throw badRequest(UPLOAD_ERRORS.empty, 'EMPTY_FILE');
}

/** The spec's rule is deliberately loose: an address must contain `@`. */
export function assertEmail(email: string): void {
  if (!email.includes('@')) throw badRequest(UPLOAD_ERRORS.invalidEmail, 'INVALID_EMAIL');
}

/** Visitors must pass Turnstile; signed-in users skip it (SPEC §6). */
export async function assertHuman(env: Env, viewer: Viewer, token: string | null, ip: string | null): Promise<void> {
  if (viewer.kind === 'user') return;
  const outcome = await verifyTurnstile(env.TURNSTILE_SECRET_KEY, token, ip);
  if (!outcome.success) throw badRequest(UPLOAD_ERRORS.verification, 'CAPTCHA_FAILED');
}

/** A file name safe to use inside an R2 key: no path, no control characters. */
export function safeFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? 'upload';
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return cleaned.slice(-200) || 'upload';
}

export function uploadKey(analysisId: string, fileName: string): string {
  return `uploads/${analysisId}/${safeFileName(fileName)}`;
}

export function parseFocus(analysisType: string | null | undefined): FocusAreaId {
  return FOCUS_AREA_IDS.includes(analysisType as FocusAreaId) ? (analysisType as FocusAreaId) : 'comprehensive';
}

export interface NewAnalysis {
  analysisId: string;
  fileName: string;
  fileSize: number;
  fileKey: string;
  email: string;
  message: string;
  analysisType: FocusAreaId;
  promptFile: string | null;
  userId: string | null;
  clientIp: string | null;
}

export interface UploadAnswer {
  spaces_key: string;
  analysis_id: string;
  access_token: string;
  row_count: number | null;
  column_count: number | null;
}

/**
 * Writes the analysis and upload rows, mints the secure-link token (returned once,
 * stored as a hash) and starts the job.
 */
export async function createAnalysisAndStart(env: Env, input: NewAnalysis): Promise<UploadAnswer> {
  const accessToken = randomToken(32);
  // A focus card's title sent as the message names the focus even without analysis_type.
  const analysisType = focusRequestOf(input.analysisType, input.message).focus;
  const db = database(env.DB);
  await db.batch([
    db.insert(analyses).values({
      id: input.analysisId,
      email: input.email.trim().toLowerCase(),
      userId: input.userId,
      status: 'initializing',
      initialMessage: input.message.trim().slice(0, MESSAGE_MAX_LENGTH) || null,
      analysisType,
      promptFile: input.promptFile ?? promptFileFor(analysisType),
      accessTokenHash: await sha256Hex(accessToken),
      clientIp: input.clientIp,
    }),
    db.insert(fileUploads).values({
      id: crypto.randomUUID(),
      analysisId: input.analysisId,
      fileName: safeFileName(input.fileName),
      fileSize: input.fileSize,
      fileLocation: input.fileKey,
      isPrimary: true,
    }),
  ]);
  await env.ANALYSIS_JOB.getByName(input.analysisId).start(input.analysisId, accessToken);
  return {
    spaces_key: input.fileKey,
    analysis_id: input.analysisId,
    access_token: accessToken,
    row_count: null,
    column_count: null,
  };
}
