/**
 * The daily analysis quota, reserved atomically. A reservation is the row it counts: the
 * analysis (or, for a chunked upload, its in-flight row) is inserted by one
 * `INSERT … SELECT … WHERE (today's rows) < limit`, which D1 runs as one statement, so
 * parallel requests can't both pass the count. Analyses that failed because of the file
 * are released (`quota_released`) and no longer count.
 *
 * Plain SQL over the D1 client: drizzle has no builder for an INSERT of constants guarded
 * by a WHERE.
 */
import { eq } from 'drizzle-orm';
import type { Database } from './client';
import { analyses } from './schema';
import type { NewAnalysisRow, NewFileUploadRow } from './analyses';
import type { NewChunkedUploadRow } from './chunked-uploads';

/** Whose quota a new analysis takes, and since when today's count runs (midnight UTC). */
export type QuotaRule =
  | { kind: 'visitor'; email: string; ip: string | null; since: string; limit: number }
  | { kind: 'user'; userId: string; since: string; limit: number };

type Param = string | number | null;

/**
 * "Today's analyses plus in-flight chunked uploads that count against the rule are fewer
 * than its limit", with its parameters (a lookup file's upload rides on its first upload's
 * reservation, so only first uploads count). `client_ip = NULL` is never true in SQL, so a
 * missing IP simply matches nothing.
 */
function withinQuota(rule: QuotaRule | null): [string, Param[]] {
  if (!rule) return ['1', []];
  const owner = rule.kind === 'visitor' ? 'user_id IS NULL AND (email = ? OR client_ip = ?)' : 'user_id = ?';
  const ownerParams: Param[] = rule.kind === 'visitor' ? [rule.email, rule.ip] : [rule.userId];
  return [
    `((SELECT count(*) FROM analyses WHERE ${owner} AND quota_released = 0 AND created_at >= ?)
      + (SELECT count(*) FROM multipart_uploads WHERE ${owner} AND parent_id IS NULL AND created_at >= ?)) < ?`,
    [...ownerParams, rule.since, ...ownerParams, rule.since, rule.limit],
  ];
}

/**
 * Writes a new analysis and its file row if `rule` still has room (always, for `null`:
 * a completed chunked upload whose reservation was taken at its start, and whose
 * in-flight row `completedUploadId` is deleted in the same transaction). Returns false,
 * writing nothing, when the quota is used up.
 */
export async function insertAnalysisWithinQuota(
  db: Database,
  analysis: NewAnalysisRow,
  upload: NewFileUploadRow,
  rule: QuotaRule | null,
  completedUploadId: string | null,
  /** Lookup files uploaded with the primary one (joined to it by the engine). */
  lookups: readonly NewFileUploadRow[] = [],
): Promise<boolean> {
  const [condition, conditionParams] = withinQuota(rule);
  const d1 = db.$client;
  const [inserted] = await d1.batch([
    d1
      .prepare(
        `INSERT INTO analyses (id, email, user_id, status, initial_message, analysis_type, prompt_file, currency, access_token_hash, owner_token_hash, client_ip)
         SELECT ?, ?, ?, 'initializing', ?, ?, ?, ?, ?, ?, ? WHERE ${condition}`,
      )
      .bind(
        analysis.id,
        analysis.email,
        analysis.userId ?? null,
        analysis.initialMessage ?? null,
        analysis.analysisType ?? 'comprehensive',
        analysis.promptFile ?? null,
        analysis.currency ?? null,
        analysis.accessTokenHash ?? null,
        analysis.ownerTokenHash ?? null,
        analysis.clientIp ?? null,
        ...conditionParams,
      ),
    d1
      .prepare(
        `INSERT INTO file_uploads (id, analysis_id, file_name, file_size, file_location, is_primary)
         SELECT ?, ?, ?, ?, ?, 1 WHERE EXISTS (SELECT 1 FROM analyses WHERE id = ?)`,
      )
      .bind(upload.id, upload.analysisId, upload.fileName, upload.fileSize, upload.fileLocation, upload.analysisId),
    ...lookups.map((lookup) =>
      d1
        .prepare(
          `INSERT INTO file_uploads (id, analysis_id, file_name, file_size, file_location, is_primary)
           SELECT ?, ?, ?, ?, ?, 0 WHERE EXISTS (SELECT 1 FROM analyses WHERE id = ?)`,
        )
        .bind(lookup.id, lookup.analysisId, lookup.fileName, lookup.fileSize, lookup.fileLocation, lookup.analysisId),
    ),
    d1.prepare('DELETE FROM multipart_uploads WHERE id = ?').bind(completedUploadId),
  ]);
  return inserted.meta.changes === 1;
}

/** Records a chunked upload in flight if `rule` still has room; false when the quota is used up. */
export async function insertChunkedUploadWithinQuota(db: Database, row: NewChunkedUploadRow, rule: QuotaRule): Promise<boolean> {
  const [condition, conditionParams] = withinQuota(rule);
  const result = await db.$client
    .prepare(
      `INSERT INTO multipart_uploads
         (id, r2_upload_id, analysis_id, file_name, file_size, part_size, part_count, email, message, analysis_type, prompt_file, currency, user_id, client_ip, upload_token_hash)
       SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE ${condition}`,
    )
    .bind(
      row.id,
      row.r2UploadId,
      row.analysisId,
      row.fileName,
      row.fileSize,
      row.partSize,
      row.partCount,
      row.email,
      row.message ?? '',
      row.analysisType ?? null,
      row.promptFile ?? null,
      row.currency ?? null,
      row.userId ?? null,
      row.clientIp ?? null,
      row.uploadTokenHash,
      ...conditionParams,
    )
    .run();
  return result.meta.changes === 1;
}

/** An analysis that failed because of its file stops counting against today's quota. */
export async function releaseQuota(db: Database, analysisId: string): Promise<void> {
  await db.update(analyses).set({ quotaReleased: true }).where(eq(analyses.id, analysisId));
}
