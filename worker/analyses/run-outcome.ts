/**
 * How a run ends, in D1: completed (dropping what a longer earlier attempt wrote past this
 * run's end), or failed with a readable message, whose fault decides the visitor's quota.
 */
import { deleteMessagesFrom, markAnalysisCompleted, markAnalysisFailed } from '../db/analyses';
import { database } from '../db/client';
import { releaseQuota } from '../db/quota';
import { UserFacingError } from './stored-results';

/** Whose fault a failure is: the file's (the engine refused it) or ours (storage, a bug, a timeout). */
export type Fault = 'file' | 'server';

/** A failure worth showing as is, and whose fault it was; null for one worth retrying. */
export function failureOf(error: unknown): { message: string; fault: Fault } | null {
  if (error instanceof Error && error.name === 'EngineError') return { message: error.message, fault: 'file' };
  if (error instanceof UserFacingError) return { message: error.message, fault: 'server' };
  return null;
}

/** The run finished; `endSeq` is the first transcript seq it did not write. */
export async function recordCompletion(env: Env, analysisId: string, endSeq: number): Promise<void> {
  const db = database(env.DB);
  await deleteMessagesFrom(db, analysisId, endSeq);
  await markAnalysisCompleted(db, analysisId);
}

/** The run gave up; a failure caused by the file gives the visitor their daily analysis back. */
export async function recordFailure(env: Env, analysisId: string, message: string, fault: Fault): Promise<void> {
  const db = database(env.DB);
  await markAnalysisFailed(db, analysisId, message);
  if (fault === 'file') await releaseQuota(db, analysisId);
}
