/** Queries over analyses and what hangs off them (uploads, messages, artifacts). */
import { and, asc, eq, gte } from 'drizzle-orm';
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
    error: row.error,
    row_count: row.rowCount,
    column_count: row.columnCount,
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
