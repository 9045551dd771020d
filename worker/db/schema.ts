/**
 * D1 schema (SPEC §3 entities), the one source drizzle-kit turns into migrations/.
 * Raw upload rows never land here: only analyses, their transcript, artifact metadata
 * and accounts. Times are ISO strings (UTC) so the API can return them unchanged.
 */
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

const createdAt = () =>
  text('created_at')
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`);

export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    /** `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>`; null for magic-link/Google-only users. */
    passwordHash: text('password_hash'),
    emailConfirmedAt: text('email_confirmed_at'),
    name: text('name'),
    avatarUrl: text('avatar_url'),
    googleSub: text('google_sub'),
    createdAt: createdAt(),
    updatedAt: text('updated_at'),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email), uniqueIndex('users_google_sub_unique').on(t.googleSub)],
);

export const analyses = sqliteTable(
  'analyses',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    userId: text('user_id').references(() => users.id),
    /** initializing → analyzing → completed | error */
    status: text('status', { enum: ['initializing', 'analyzing', 'completed', 'error'] }).notNull(),
    createdAt: createdAt(),
    completedAt: text('completed_at'),
    initialMessage: text('initial_message'),
    analysisType: text('analysis_type').notNull().default('comprehensive'),
    promptFile: text('prompt_file'),
    /** SHA-256 (hex) of the secure-link token; the token itself is returned once. */
    accessTokenHash: text('access_token_hash'),
    error: text('error'),
    /** Visitor quota: the uploader's IP (CF-Connecting-IP). */
    clientIp: text('client_ip'),
    rowCount: integer('row_count'),
    columnCount: integer('column_count'),
  },
  (t) => [
    index('analyses_user_idx').on(t.userId, t.createdAt),
    index('analyses_email_idx').on(t.email, t.createdAt),
    index('analyses_ip_idx').on(t.clientIp, t.createdAt),
  ],
);

export const fileUploads = sqliteTable(
  'file_uploads',
  {
    id: text('id').primaryKey(),
    analysisId: text('analysis_id')
      .notNull()
      .references(() => analyses.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    fileSize: integer('file_size').notNull(),
    /** R2 key: uploads/{analysisId}/{fileName} */
    fileLocation: text('file_location').notNull(),
    isPrimary: integer('is_primary', { mode: 'boolean' }).notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('file_uploads_analysis_idx').on(t.analysisId)],
);

export const messages = sqliteTable(
  'messages',
  {
    /** `{analysisId}:{seq}` — keyed so a retried job overwrites instead of duplicating. */
    id: text('id').primaryKey(),
    analysisId: text('analysis_id')
      .notNull()
      .references(() => analyses.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    messageType: text('message_type', { enum: ['assistant', 'user', 'system'] }).notNull(),
    /** JSON: a string or a stream event (see worker/agent/messages.ts). */
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('messages_analysis_seq_unique').on(t.analysisId, t.seq)],
);

export const artifacts = sqliteTable(
  'artifacts',
  {
    /** `{analysisId}:{fileName}` hashed — keyed for idempotent retries. */
    id: text('id').primaryKey(),
    analysisId: text('analysis_id')
      .notNull()
      .references(() => analyses.id, { onDelete: 'cascade' }),
    artifactType: text('artifact_type', { enum: ['chart', 'code', 'data', 'report', 'other'] }).notNull(),
    fileName: text('file_name').notNull(),
    /** R2 key: artifacts/{analysisId}/{fileName} */
    fileLocation: text('file_location').notNull(),
    fileSize: integer('file_size'),
    contentType: text('content_type').notNull().default('application/octet-stream'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('artifacts_analysis_file_unique').on(t.analysisId, t.fileName)],
);

/** In-flight chunked uploads (R2 multipart), so abandoned ones can be aborted. */
export const multipartUploads = sqliteTable('multipart_uploads', {
  id: text('id').primaryKey(),
  r2UploadId: text('r2_upload_id').notNull(),
  analysisId: text('analysis_id').notNull(),
  fileName: text('file_name').notNull(),
  fileSize: integer('file_size').notNull(),
  partSize: integer('part_size').notNull(),
  partCount: integer('part_count').notNull(),
  /** JSON array of { partNumber, etag }. */
  parts: text('parts').notNull().default('[]'),
  email: text('email').notNull(),
  message: text('message').notNull().default(''),
  analysisType: text('analysis_type'),
  promptFile: text('prompt_file'),
  userId: text('user_id'),
  clientIp: text('client_ip'),
  /** SHA-256 of a token the uploader must present on each part and on complete. */
  uploadTokenHash: text('upload_token_hash').notNull(),
  createdAt: createdAt(),
});

/** Fixed-window counters for rate limits and quotas (key = scope:subject:window). */
export const rateLimits = sqliteTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: integer('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);
