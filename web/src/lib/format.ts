/**
 * Display formats from SPEC §9: uploaded files in MB with 2 decimals, artifacts in KB
 * with 1 decimal, durations as m:ss with two-digit seconds.
 */

const BYTES_PER_KB = 1024;
const BYTES_PER_MB = 1024 * 1024;

/** `2.50 MB` — the uploaded file's size. */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / BYTES_PER_MB).toFixed(2)} MB`;
}

/** `12.3 KB`, or `Size unknown` when the server sent no size. */
export function formatKilobytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return 'Size unknown';
  return `${(bytes / BYTES_PER_KB).toFixed(1)} KB`;
}

/** `m:ss` (minutes are not capped at 59: a 75-minute run reads `75:00`), or `Unknown`. */
export function formatDuration(milliseconds: number | null | undefined): string {
  if (milliseconds === null || milliseconds === undefined || !Number.isFinite(milliseconds) || milliseconds < 0) {
    return 'Unknown';
  }
  const totalSeconds = Math.floor(milliseconds / 1000);
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

/**
 * How long an analysis took (SPEC §4): completed_at − created_at once it is done,
 * otherwise a running timer from created_at. Null when the start time is unknown.
 */
export function analysisDurationMs(
  analysis: { status: string; created_at: string | null; completed_at: string | null },
  now: number,
): number | null {
  const started = analysis.created_at ? Date.parse(analysis.created_at) : Number.NaN;
  if (Number.isNaN(started)) return null;
  if (analysis.completed_at) {
    const finished = Date.parse(analysis.completed_at);
    return Number.isNaN(finished) ? null : finished - started;
  }
  if (analysis.status === 'completed' || analysis.status === 'complete' || analysis.status === 'error') return null;
  return Math.max(0, now - started);
}

/** The first letter of an email, for avatar circles. */
export function initialOf(email: string | null | undefined): string {
  return (email?.trim()[0] ?? '?').toUpperCase();
}

/** Today's date the way the legal pages print it ("21 November 2026"). */
export function longDate(date: Date): string {
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
}

/** Resolves after `ms`; the upload flow's deliberate pauses (SPEC §9) use it. */
export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
