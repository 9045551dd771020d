/**
 * The account side of the `analyses` table: claiming a visitor's analyses for the account
 * whose proven inbox they were sent to, and the account's history. (The analysis owner
 * module keeps everything else about an analysis's rows.)
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from './client';
import { analyses, fileUploads } from './schema';

/** Moves the unowned analyses made with this (lower-case) email under the account; returns how many. */
export async function claimAnalysesByEmail(db: Database, userId: string, email: string): Promise<number> {
  const claimed = await db
    .update(analyses)
    .set({ userId })
    .where(and(eq(analyses.email, email), isNull(analyses.userId)))
    .returning({ id: analyses.id });
  return claimed.length;
}

/** The account's analyses, newest first, with the primary file's name. */
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
