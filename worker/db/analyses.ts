/**
 * D1 rows of one analysis and what hangs off it (file uploads, transcript messages,
 * artifacts): every query over them lives here. `worker/analyses/` composes these with
 * the R2 keys; routes and the Durable Object call that owner or these functions.
 */
import { and, asc, desc, eq, gte, isNull } from 'drizzle-orm';
import type { Database } from './client';
import { analyses, artifacts, fileUploads, messages } from './schema';

export type AnalysisRow = typeof analyses.$inferSelect;
export type ArtifactRow = typeof artifacts.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type FileUploadRow = typeof fileUploads.$inferSelect;

export async function findAnalysis(db: Database, id: string): Promise<AnalysisRow | undefined> {
  return db.select().from(analyses).where(eq(analyses.id, id)).get();
}

export async function findArtifact(db: Database, id: string): Promise<ArtifactRow | undefined> {
  return db.select().from(artifacts).where(eq(artifacts.id, id)).get();
}

/** Messages in transcript order. */
export async function listMessages(db: Database, analysisId: string, afterSeq = -1): Promise<MessageRow[]> {
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.analysisId, analysisId), gte(messages.seq, afterSeq + 1)))
    .orderBy(asc(messages.seq))
    .all();
}

export async function listArtifacts(db: Database, analysisId: string): Promise<ArtifactRow[]> {
  return db.select().from(artifacts).where(eq(artifacts.analysisId, analysisId)).orderBy(asc(artifacts.createdAt)).all();
}

export async function listFileUploads(db: Database, analysisId: string): Promise<FileUploadRow[]> {
  return db.select().from(fileUploads).where(eq(fileUploads.analysisId, analysisId)).all();
}

/**
 * Moves the analyses made as a visitor with `email` under the account and retires their
 * owner tokens: from now on the account is the owner. Returns their ids.
 */
export async function claimVisitorAnalyses(db: Database, userId: string, email: string): Promise<string[]> {
  const claimed = await db
    .update(analyses)
    .set({ userId, ownerTokenHash: null })
    .where(and(eq(analyses.email, email), isNull(analyses.userId)))
    .returning({ id: analyses.id });
  return claimed.map((row) => row.id);
}

/** A user's analyses, newest first, with the primary file's name (the sidebar history). */
export async function listUserAnalyses(db: Database, userId: string, limit: number) {
  return db
    .select({
      id: analyses.id,
      created_at: analyses.createdAt,
      initial_message: analyses.initialMessage,
      status: analyses.status,
      file_name: fileUploads.fileName,
    })
    .from(analyses)
    .leftJoin(fileUploads, and(eq(fileUploads.analysisId, analyses.id), eq(fileUploads.isPrimary, true)))
    .where(eq(analyses.userId, userId))
    .orderBy(desc(analyses.createdAt), desc(analyses.id))
    .limit(limit)
    .all();
}

/** The file an analysis reads (its one primary upload). */
export async function findPrimaryUpload(db: Database, analysisId: string): Promise<FileUploadRow | undefined> {
  return db
    .select()
    .from(fileUploads)
    .where(and(eq(fileUploads.analysisId, analysisId), eq(fileUploads.isPrimary, true)))
    .get();
}

export type NewAnalysisRow = typeof analyses.$inferInsert;
export type NewFileUploadRow = typeof fileUploads.$inferInsert;

/** Sets the status while a run is in progress (`initializing` or `analyzing`). */
export async function setAnalysisStatus(db: Database, id: string, status: 'initializing' | 'analyzing'): Promise<void> {
  await db.update(analyses).set({ status }).where(eq(analyses.id, id));
}

export async function setAnalysisCounts(db: Database, id: string, rows: number, columns: number): Promise<void> {
  await db.update(analyses).set({ rowCount: rows, columnCount: columns }).where(eq(analyses.id, id));
}

/** The run finished: status `completed`, any earlier attempt's error cleared. */
export async function markAnalysisCompleted(db: Database, id: string): Promise<void> {
  await db.update(analyses).set({ status: 'completed', completedAt: new Date().toISOString(), error: null }).where(eq(analyses.id, id));
}

/** The run gave up: status `error` with the message the user sees. */
export async function markAnalysisFailed(db: Database, id: string, message: string): Promise<void> {
  await db.update(analyses).set({ status: 'error', error: message, completedAt: new Date().toISOString() }).where(eq(analyses.id, id));
}

/** The owner's switch for questions through the secure link. */
export async function setLinkChatEnabled(db: Database, id: string, enabled: boolean): Promise<void> {
  await db.update(analyses).set({ linkChatEnabled: enabled }).where(eq(analyses.id, id));
}

/** Stores (or replaces) the secure-link token's hash; null revokes every copy of the link. */
export async function setAccessTokenHash(db: Database, id: string, hash: string | null): Promise<void> {
  await db.update(analyses).set({ accessTokenHash: hash }).where(eq(analyses.id, id));
}

/** The seq after the transcript's last message (0 for an empty transcript). */
export async function nextFreeSeq(db: Database, analysisId: string): Promise<number> {
  const rows = await db.select({ seq: messages.seq }).from(messages).where(eq(messages.analysisId, analysisId)).all();
  return rows.reduce((max, row) => Math.max(max, row.seq + 1), 0);
}

/** Writes a message under its `{analysisId}:{seq}` key, replacing what a previous attempt wrote there. */
export async function upsertMessage(db: Database, row: MessageRow): Promise<void> {
  await db
    .insert(messages)
    .values(row)
    .onConflictDoUpdate({ target: messages.id, set: { messageType: row.messageType, content: row.content, createdAt: row.createdAt } });
}

/** Drops messages from `seq` on: what a previous, longer attempt left past this run's end. */
export async function deleteMessagesFrom(db: Database, analysisId: string, seq: number): Promise<void> {
  await db.delete(messages).where(and(eq(messages.analysisId, analysisId), gte(messages.seq, seq)));
}

/** Records an artifact under its derived id, replacing a previous attempt's row. */
export async function upsertArtifact(db: Database, row: ArtifactRow): Promise<void> {
  await db
    .insert(artifacts)
    .values(row)
    .onConflictDoUpdate({ target: artifacts.id, set: { fileSize: row.fileSize, contentType: row.contentType } });
}

/** The API shape of an analysis (SPEC §3 plus what the UI shows). */
export function analysisDto(row: AnalysisRow) {
  return {
    id: row.id,
    email: row.email,
    status: row.status,
    created_at: row.createdAt,
    completed_at: row.completedAt,
    initial_message: row.initialMessage,
    analysis_type: row.analysisType,
    prompt_file: row.promptFile,
    /** The currency the user chose (ISO 4217), or null when it is detected from the file. */
    currency: row.currency,
    error: row.error,
    row_count: row.rowCount,
    column_count: row.columnCount,
    link_chat_enabled: row.linkChatEnabled,
  };
}

export function messageDto(row: MessageRow) {
  return {
    id: row.id,
    seq: row.seq,
    message_type: row.messageType,
    content: JSON.parse(row.content) as unknown,
    created_at: row.createdAt,
  };
}

export function artifactDto(row: ArtifactRow) {
  return {
    id: row.id,
    artifact_type: row.artifactType,
    file_name: row.fileName,
    file_location: row.fileLocation,
    file_size: row.fileSize,
    content_type: row.contentType,
    created_at: row.createdAt,
  };
}

export function fileUploadDto(row: FileUploadRow) {
  return {
    id: row.id,
    file_name: row.fileName,
    file_size: row.fileSize,
    file_location: row.fileLocation,
    is_primary: row.isPrimary,
    created_at: row.createdAt,
  };
}
