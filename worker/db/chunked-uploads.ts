/**
 * D1 rows of chunked uploads in flight (R2 multipart): created at start within the quota
 * (`quota.ts`), updated per part, deleted when completed or aborted.
 * `worker/analyses/uploads.ts` owns them.
 */
import { eq } from 'drizzle-orm';
import type { Database } from './client';
import { multipartUploads } from './schema';

export type ChunkedUploadRow = typeof multipartUploads.$inferSelect;
export type NewChunkedUploadRow = typeof multipartUploads.$inferInsert;

export async function findChunkedUploadRow(db: Database, id: string): Promise<ChunkedUploadRow | undefined> {
  return db.select().from(multipartUploads).where(eq(multipartUploads.id, id)).get();
}

/** Replaces the list of received parts (JSON of `{ partNumber, etag }`). */
export async function setChunkedUploadParts(db: Database, id: string, parts: R2UploadedPart[]): Promise<void> {
  await db
    .update(multipartUploads)
    .set({ parts: JSON.stringify(parts) })
    .where(eq(multipartUploads.id, id));
}

export async function deleteChunkedUpload(db: Database, id: string): Promise<void> {
  await db.delete(multipartUploads).where(eq(multipartUploads.id, id));
}
