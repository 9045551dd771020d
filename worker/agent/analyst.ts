/**
 * The analyst's interface, as the AnalysisJob Durable Object calls it.
 *
 * - After the engine has produced `analysis.json`, the DO calls `narrate`: the analyst
 *   writes its `TodoWrite` plan, each tool call and result, any charts (stored through
 *   the artifact sink and shown inline) and the executive summary with findings.
 * - For chat, the DO appends the user's message to the transcript itself, then calls
 *   `answer`: the analyst writes its tool calls and the answer.
 *
 * Both methods resolve when everything is written; they reject only if a sink fails or
 * the caller's signal aborts. Model failures never reject: the analyst falls back to
 * the offline analyst and says so in a system message.
 */
import type { AnalysisResult } from '../engine/contract';
import type { Snapshot } from '../engine/snapshot/columns';
import type { FocusAreaId } from './focus-areas';
import type { TranscriptMessage } from './messages';
import type { ArtifactSink, TranscriptSink } from './sinks';

interface AnalystInputBase {
  result: AnalysisResult;
  transcript: TranscriptSink;
  artifacts: ArtifactSink;
  /** Aborts the work (e.g. the DO is shutting down); the promise then rejects. */
  signal?: AbortSignal;
  /** Prefix for tool-use ids, unique per run in one transcript (default `narrate` / `chat-N`). */
  idPrefix?: string;
  /** Optional customer id → region (from the aggregates), for region filters. */
  customerRegions?: Readonly<Record<string, string | null>>;
  /** The cleaned rows for `query_data` (periods, slices, comparisons); absent when not stored. */
  snapshot?: Snapshot;
}

export interface NarrateInput extends AnalystInputBase {
  focus: FocusAreaId;
  /** The user's free-text question, or null for a focus card. A question runs as comprehensive. */
  question: string | null;
  /** Plan items the DO already completed (e.g. "Read the file"), shown first in the checklist. */
  completedSteps?: readonly string[];
}

export interface AnswerInput extends AnalystInputBase {
  /** The question, already validated with `validateChatMessage`. */
  question: string;
  /** The transcript so far (it may end with this question); used as context, trimmed to fit. */
  history: readonly TranscriptMessage[];
}

export interface Analyst {
  narrate(input: NarrateInput): Promise<void>;
  answer(input: AnswerInput): Promise<void>;
}
