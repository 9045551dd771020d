/**
 * What an analysis's Durable Object pushes to WebSocket subscribers
 * (`GET /api/analysis/:id/live`). The web app imports this type, so the two ends can't drift.
 */
import type { AnalysisRow, artifactDto, messageDto } from '../db/analyses';

export type JobStatus = AnalysisRow['status'];

/** One pushed event: a status change, a new transcript message or artifact, or reading progress. */
export type LiveEvent =
  | { type: 'status'; status: JobStatus; error?: string | null }
  | { type: 'message'; message: ReturnType<typeof messageDto> }
  | { type: 'artifact'; artifact: ReturnType<typeof artifactDto> }
  | { type: 'progress'; bytesRead: number; totalBytes: number; rows: number };
