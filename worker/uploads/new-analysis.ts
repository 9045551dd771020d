/**
 * What both upload paths (one request, or chunked) share: the validation rules in their
 * required order, creating the analysis rows with a secure-link token, and starting the
 * analysis's Durable Object.
 */
import { FOCUS_AREA_IDS, promptFileFor, type FocusAreaId } from '../agent/focus-areas';
import { focusRequestOf } from '../agent/focus-request';
import { verifyTurnstile } from '../auth/turnstile';
import type { Viewer } from '../auth/viewer';
import { safeFileName } from '../analyses/keys';
import { CHAT_MESSAGE_MAX, CHAT_MESSAGE_TOO_LONG } from '../agent/chat-validation';
import { database } from '../db/client';
import { insertAnalysisWithinQuota, type QuotaRule } from '../db/quota';
import { randomToken, sha256Hex } from '../lib/crypto';
import { isDeliverableAddress } from '../lib/email-address';
import { uploadSizeRefusal } from './file-limit';
import { badRequest, HttpError } from '../lib/http';
import { currencyChoiceSchema } from './currency-choice';
import { quotaExceeded } from './quota';

export const ACCEPTED_EXTENSIONS = ['.csv', '.xlsx', '.xls'] as const;
/** The upload's question follows the chat message rule (SPEC §5), on both upload paths. */
export const MESSAGE_MAX_LENGTH = CHAT_MESSAGE_MAX;

export const UPLOAD_ERRORS = {
  unsupportedType: 'Unsupported file type',
  empty: 'The file is empty',
  invalidEmail: 'Please enter a valid email address.',
  verification: 'Please complete the security verification.',
  noFile: 'Please choose a file to upload.',
  invalidCurrency: 'Currency must be a three-letter ISO 4217 code such as EUR, USD or GBP, or empty to detect it from the file.',
  tooManyFiles: 'At most 3 files can be joined in one analysis.',
  sameName: 'Each file must have a different name.',
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

/** Throws 413 for a file over the upload limit, or a workbook or lookup file over the engine's (file-limit.ts). */
export function assertUploadSize(fileName: string, size: number, lookup = false): void {
  const refusal = uploadSizeRefusal(fileName, size, lookup);
  if (refusal) throw new HttpError(413, refusal.message, refusal.code);
}

/**
 * The optional question sent with an upload: empty is fine (a focus card was chosen), but
 * over 2,000 characters after trimming gets the spec's chat-message error, never a silent cut.
 */
export function assertUploadMessage(message: string): void {
  if (message.trim().length > MESSAGE_MAX_LENGTH) throw badRequest(CHAT_MESSAGE_TOO_LONG, 'INVALID_MESSAGE');
}

/** The UI's rule is loose (contains `@`); the server also needs a local part and a domain. */
export function assertEmail(email: string): void {
  if (!isDeliverableAddress(email)) throw badRequest(UPLOAD_ERRORS.invalidEmail, 'INVALID_EMAIL');
}

/** Visitors must pass Turnstile; signed-in users skip it (SPEC §6). */
export async function assertHuman(env: Env, viewer: Viewer, token: string | null, ip: string | null): Promise<void> {
  if (viewer.kind === 'user') return;
  const outcome = await verifyTurnstile(env.TURNSTILE_SECRET_KEY, token, ip);
  if (!outcome.success) throw badRequest(UPLOAD_ERRORS.verification, 'CAPTCHA_FAILED');
}

/**
 * The currency the user chose for the amounts (ISO 4217, upper case), or null for "Detect
 * from file" (absent or empty). Anything else is a 400, never a silent fall back to detection.
 */
export function parseCurrency(value: string | null | undefined): string | null {
  const parsed = currencyChoiceSchema.safeParse(value ?? '');
  if (!parsed.success) throw badRequest(UPLOAD_ERRORS.invalidCurrency, 'INVALID_CURRENCY');
  return parsed.data;
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
  /** ISO 4217 code chosen by the user, or null to detect the currency from the file. */
  currency: string | null;
  userId: string | null;
  clientIp: string | null;
  /** The quota to reserve, or null when a chunked upload reserved it at its start. */
  quota: QuotaRule | null;
  /** The completed chunked upload's in-flight row, deleted as the analysis is written. */
  completedUploadId?: string;
  /** Further files uploaded with this one (a customer master, a returns list), joined by the engine. */
  lookupFiles?: readonly UploadedFile[];
}

/** A file stored under the analysis's upload prefix. */
export interface UploadedFile {
  fileName: string;
  fileSize: number;
  fileKey: string;
}

export interface UploadAnswer {
  spaces_key: string;
  analysis_id: string;
  /** The secure link's token: view access, safe to share, sent in the emailed links. */
  access_token: string;
  /** The uploader's own credential (chat, sharing controls): keep it private, never in a URL. */
  owner_token: string;
  row_count: number | null;
  column_count: number | null;
}

/**
 * Writes the analysis and upload rows within the daily quota (429 when it is used up),
 * mints the secure-link and owner tokens (returned once, stored as hashes) and starts the job.
 */
export async function createAnalysisAndStart(env: Env, input: NewAnalysis): Promise<UploadAnswer> {
  const accessToken = randomToken(32);
  const ownerToken = randomToken(32);
  // A focus card's title sent as the message names the focus even without analysis_type.
  const analysisType = focusRequestOf(input.analysisType, input.message).focus;
  const inserted = await insertAnalysisWithinQuota(
    database(env.DB),
    {
      id: input.analysisId,
      email: input.email.trim().toLowerCase(),
      userId: input.userId,
      status: 'initializing',
      initialMessage: input.message.trim() || null,
      analysisType,
      promptFile: input.promptFile ?? promptFileFor(analysisType),
      currency: input.currency,
      accessTokenHash: await sha256Hex(accessToken),
      ownerTokenHash: await sha256Hex(ownerToken),
      clientIp: input.clientIp,
    },
    {
      id: crypto.randomUUID(),
      analysisId: input.analysisId,
      fileName: safeFileName(input.fileName),
      fileSize: input.fileSize,
      fileLocation: input.fileKey,
      isPrimary: true,
    },
    input.quota,
    input.completedUploadId ?? null,
    (input.lookupFiles ?? []).map((file) => ({
      id: crypto.randomUUID(),
      analysisId: input.analysisId,
      fileName: safeFileName(file.fileName),
      fileSize: file.fileSize,
      fileLocation: file.fileKey,
      isPrimary: false,
    })),
  );
  if (!inserted && input.quota) throw quotaExceeded(input.quota);
  await env.ANALYSIS_JOB.getByName(input.analysisId).start(input.analysisId, accessToken);
  return {
    spaces_key: input.fileKey,
    analysis_id: input.analysisId,
    access_token: accessToken,
    owner_token: ownerToken,
    row_count: null,
    column_count: null,
  };
}
