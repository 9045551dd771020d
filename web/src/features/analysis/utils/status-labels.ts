/**
 * The status line of the artifacts panel (SPEC §6), as tables: one for an existing
 * analysis (its stored status, or the page's own loading and load-error states) and one
 * for a new analysis (the upload flow's phase).
 */
import type { AnalysisStatus } from '../api/get-analysis';

/** What an existing analysis's page can be showing. */
export type ExistingAnalysisView = AnalysisStatus | 'loading' | 'load-error';

export const EXISTING_ANALYSIS_LABELS: Record<ExistingAnalysisView, string> = {
  loading: 'Loading...',
  'load-error': 'Error',
  initializing: 'Initializing',
  analyzing: 'Analyzing',
  completed: 'Completed',
  complete: 'Completed',
  error: 'Error',
};

/** A failed load wins over any status; no status yet means it is still loading. */
export function existingAnalysisView(loadFailed: boolean, status: AnalysisStatus | null): ExistingAnalysisView {
  if (loadFailed) return 'load-error';
  return status ?? 'loading';
}

/** Where the new-analysis flow stands. */
export type NewAnalysisView = 'waiting' | 'ready' | 'uploading' | 'error';

export const NEW_ANALYSIS_LABELS: Record<NewAnalysisView, string> = {
  waiting: 'Waiting for upload',
  ready: 'Ready',
  uploading: 'Analyzing',
  error: 'Error',
};

/** The flow's phase decides, except that an idle flow is 'ready' only once a file is chosen. */
export function newAnalysisView(phase: 'idle' | 'uploading' | 'error', hasFile: boolean): NewAnalysisView {
  if (phase !== 'idle') return phase;
  return hasFile ? 'ready' : 'waiting';
}
