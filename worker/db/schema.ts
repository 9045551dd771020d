/**
 * D1 schema (SPEC §3 entities), the one source drizzle-kit turns into migrations/.
 * Raw upload rows never land here: only analyses, their transcript, artifact metadata
 * and accounts. Times are ISO strings (UTC) so the API can return them unchanged.
 */
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

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
    /** SHA-256 of the uploading visitor's owner token (never in a URL or email); null once claimed. */
    ownerTokenHash: text('owner_token_hash'),
    /** Whether a secure-link holder may ask questions (the owner's choice; off by default). */
    linkChatEnabled: integer('link_chat_enabled', { mode: 'boolean' }).notNull().default(false),
    /** Set when the analysis failed because of the file, so it no longer counts against the daily quota. */
    quotaReleased: integer('quota_released', { mode: 'boolean' }).notNull().default(false),
    /** ISO 4217 code the user chose for the amounts; null means detect it from the file. */
    currency: text('currency'),
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
  /** The currency chosen at the start, carried to the analysis row on complete. */
  currency: text('currency'),
  userId: text('user_id'),
  clientIp: text('client_ip'),
  /** SHA-256 of a token the uploader must present on each part and on complete. */
  uploadTokenHash: text('upload_token_hash').notNull(),
  /**
   * The analysis's first chunked upload, for a lookup file sent in parts beside it (joined
   * by the engine); null for the first upload itself. Only first uploads count toward the quota.
   */
  parentId: text('parent_id'),
  createdAt: createdAt(),
});

/**
 * Rate-limit counters (worker/db/rate-limits.ts): one row per key
 * (`scope:kind:subject`), whose window opens at its first hit and restarts once it has run out.
 */
export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  /** Unix seconds when the current window opened. */
  windowStart: integer('window_start').notNull(),
  count: integer('count').notNull().default(0),
});

/**
 * A signed-in session: one refresh-token family. Revoking the session (sign-out, or a
 * reused refresh token) kills every token in the family and every access token of it,
 * because the viewer middleware checks the row.
 */
export const authSessions = sqliteTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Authenticator assurance level (aal1: one factor; aal2: password + TOTP). */
    aal: text('aal', { enum: ['aal1', 'aal2'] })
      .notNull()
      .default('aal1'),
    /** True while a user with a verified TOTP factor has not yet passed it in this session. */
    mfaPending: integer('mfa_pending', { mode: 'boolean' }).notNull().default(false),
    /** How the session began: password, magiclink, signup, recovery, google. */
    method: text('method').notNull(),
    createdAt: createdAt(),
    refreshedAt: text('refreshed_at'),
    revokedAt: text('revoked_at'),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

/** Refresh tokens, stored only as SHA-256; each is used once and replaced by its child. */
export const refreshTokens = sqliteTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    parentHash: text('parent_hash'),
    createdAt: createdAt(),
    /** ISO time after which the token is refused (30 days after issue). */
    expiresAt: text('expires_at').notNull(),
    /** Set when the token is exchanged; a second exchange is reuse and revokes the family. */
    usedAt: text('used_at'),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** Emailed one-time links (sign-up confirmation, magic link, recovery), stored hashed. */
export const oneTimeTokens = sqliteTable(
  'one_time_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    type: text('type', { enum: ['signup', 'magiclink', 'recovery'] }).notNull(),
    /** Lower-case address the link was sent to. */
    email: text('email').notNull(),
    /** Null for a magic link to an address with no account yet (created on first use). */
    userId: text('user_id'),
    /** JSON: what the link carries (the sign-up's password hash, the redirect path). */
    payload: text('payload').notNull().default('{}'),
    createdAt: createdAt(),
    expiresAt: text('expires_at').notNull(),
    usedAt: text('used_at'),
  },
  (t) => [index('one_time_tokens_email_idx').on(t.email, t.type)],
);

/** TOTP factors (SPEC §3 User.factors); the shared secret is stored AES-GCM encrypted. */
export const mfaFactors = sqliteTable(
  'mfa_factors',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    factorType: text('factor_type', { enum: ['totp'] })
      .notNull()
      .default('totp'),
    friendlyName: text('friendly_name'),
    status: text('status', { enum: ['unverified', 'verified'] })
      .notNull()
      .default('unverified'),
    secretCiphertext: text('secret_ciphertext').notNull(),
    /** The last accepted 30-second step, so a code can't be replayed. */
    lastUsedStep: integer('last_used_step'),
    createdAt: createdAt(),
    updatedAt: text('updated_at'),
  },
  (t) => [index('mfa_factors_user_idx').on(t.userId)],
);

/** A TOTP challenge: verify must name a live one, so a code is tied to a request. */
export const mfaChallenges = sqliteTable('mfa_challenges', {
  id: text('id').primaryKey(),
  factorId: text('factor_id')
    .notNull()
    .references(() => mfaFactors.id, { onDelete: 'cascade' }),
  sessionId: text('session_id').notNull(),
  createdAt: createdAt(),
  expiresAt: text('expires_at').notNull(),
  verifiedAt: text('verified_at'),
});

/** Google sign-in flows in flight: state (CSRF), PKCE verifier and nonce, used once. */
export const oauthFlows = sqliteTable('oauth_flows', {
  /** SHA-256 of the `state` value; the browser holds the value itself in a cookie. */
  stateHash: text('state_hash').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  createdAt: createdAt(),
  expiresAt: text('expires_at').notNull(),
  usedAt: text('used_at'),
});

/** A copy of every email sent outside production, for `/dev/mail` and the tests. */
export const outbox = sqliteTable(
  'outbox',
  {
    id: text('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    fromAddress: text('from_address').notNull(),
    subject: text('subject').notNull(),
    /** Which template produced it: confirm-signup, magic-link, reset-password, account-exists, analysis-ready. */
    template: text('template').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_to_idx').on(t.toAddress, t.createdAt)],
);
