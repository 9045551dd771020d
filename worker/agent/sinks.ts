/**
 * Where the analyst writes: the transcript (persisted in order and pushed live by the
 * AnalysisJob Durable Object) and artifacts (charts, reports in R2 with D1 rows).
 * The analyst never touches storage itself; the caller supplies these two sinks.
 */
import type { TranscriptMessage } from './messages';

/** Persists transcript messages in order (with a sequence number) and pushes each live. */
export interface TranscriptSink {
  /** Resolves once the message is stored; the analyst awaits it before the next one. */
  append(message: TranscriptMessage): Promise<void>;
}

export type ArtifactKind = 'chart' | 'report' | 'data' | 'other';

export interface ArtifactFile {
  /** File name shown in "Generated Files", e.g. `chart-monthly-revenue.svg`. */
  name: string;
  type: ArtifactKind;
  contentType: string;
  body: string | Uint8Array;
}

/** Stores an artifact and returns its id (used by `image` blocks and the artifact routes). */
export interface ArtifactSink {
  put(file: ArtifactFile): Promise<{ id: string }>;
}
