/**
 * The R2 key scheme of one analysis, in one place: the upload under `uploads/{id}/`, and
 * everything the job derives from it under `artifacts/{id}/` (rendered artifacts,
 * `analysis.json`, the dashboard, the per-customer attributes and the row snapshot).
 * Nothing else builds an R2 key.
 */

/** Longest file name kept in a key (R2 keys cap at 1,024 bytes; the id prefix is short). */
const MAX_FILE_NAME = 200;

/**
 * A file name safe to use inside an R2 key and to show back: the last path component,
 * without control characters, at most 200 characters (keeping the end, so the extension
 * survives), `upload` when nothing is left.
 */
export function safeFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? 'upload';
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return cleaned.slice(-MAX_FILE_NAME) || 'upload';
}

/** Where an analysis's uploaded file is stored (single-request and chunked alike). */
export function uploadKey(analysisId: string, fileName: string): string {
  return `uploads/${analysisId}/${safeFileName(fileName)}`;
}

/** Where one rendered artifact (`file.name` comes from the engine's renderer, never the user). */
export function artifactKey(analysisId: string, artifactName: string): string {
  return `artifacts/${analysisId}/${artifactName}`;
}

/** The stored `analysis.json`, which chat reads. */
export const analysisJsonKey = (analysisId: string) => artifactKey(analysisId, 'analysis.json');

/** The rendered dashboard the emailed secure link serves. */
export const dashboardKey = (analysisId: string) => artifactKey(analysisId, 'dashboard.html');

/** Per-customer categorical attributes (region, …) that chat filters by; not a user-facing artifact. */
export const customerAttributesKey = (analysisId: string) => `artifacts/${analysisId}/customer-attributes.json`;

/** The parquet snapshot of the parsed rows, for the query layer. */
export const snapshotKey = (analysisId: string) => `artifacts/${analysisId}/rows.parquet`;
