/**
 * D1 rows of chunked uploads in flight (R2 multipart): created at start within the quota
 * (`quota.ts`), updated per part, deleted when completed or aborted.
 * `worker/analyses/uploads.ts` owns them.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from './client';
import { multipartUploads } from './schema';

export type ChunkedUploadRow = typeof multipartUploads.$inferSelect;
export type NewChunkedUploadRow = typeof multipartUploads.$inferInsert;

export async function findChunkedUploadRow(db: Database, id: string): Promise<ChunkedUploadRow | undefined> {
  return db.select().from(multipartUploads).where(eq(multipartUploads.id, id)).get();
}

/**
 * Adds one received part (replacing an earlier try of the same part) in one statement.
 * Parts arrive in parallel (the web app keeps three in flight), and a read-modify-write of
 * the list would let one request overwrite another's part, so that `complete` then finds
 * parts missing.
 */
export async function addChunkedUploadPart(db: Database, id: string, part: R2UploadedPart): Promise<void> {
  const others = sql`(SELECT json_group_array(json(value)) FROM json_each(${multipartUploads.parts}) WHERE json_extract(value, '$.partNumber') <> ${part.partNumber})`;
  await db
    .update(multipartUploads)
    .set({ parts: sql`json_insert(${others}, '$[#]', json(${JSON.stringify({ partNumber: part.partNumber, etag: part.etag })}))` })
    .where(eq(multipartUploads.id, id));
}

/** Records a lookup file's chunked upload (its first upload holds the quota). */
export async function insertLookupUpload(db: Database, row: NewChunkedUploadRow): Promise<void> {
  await db.insert(multipartUploads).values(row);
}

/** The lookup files' chunked uploads beside a first upload, oldest first. */
export async function listLookupUploads(db: Database, parentId: string): Promise<ChunkedUploadRow[]> {
  return db.select().from(multipartUploads).where(eq(multipartUploads.parentId, parentId)).orderBy(multipartUploads.createdAt).all();
}

export async function deleteChunkedUpload(db: Database, id: string): Promise<void> {
  await db.delete(multipartUploads).where(eq(multipartUploads.id, id));
}
