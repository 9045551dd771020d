/**
 * The AI analyst: turns the engine's `analysis.json` into the transcript the user
 * watches, and answers follow-up questions.
 *
 * Usage from the AnalysisJob Durable Object:
 * ```ts
 * const analyst = createAnalyst(analystConfigFromEnv(env));
 * await analyst.narrate({ result, focus, question, transcript, artifacts });
 * // chat: append the user's message, then
 * await analyst.answer({ result, question, history, transcript, artifacts });
 * ```
 * `ANALYST=offline` (the local default) needs no model. See `config.ts` for the vars.
 */
import type { Analyst } from './analyst';
import type { AnalystConfig } from './config';
import { focusRequestOf } from './focus-request';
import { createModelAnalyst } from './model/model-analyst';
import { createOfflineAnalyst } from './offline/offline-analyst';

export type { Analyst, AnswerInput, NarrateInput } from './analyst';
export type { ArtifactFile, ArtifactKind, ArtifactSink, TranscriptSink } from './sinks';
export type { AnalystConfig, AnalystEnv, AnalystOverrides, ModelLimits, WorkersAIBinding } from './config';
export { analystConfigFromEnv, DEFAULT_LIMITS, DEFAULT_WORKERS_AI_MODEL } from './config';
export { FOCUS_AREA_IDS, FOCUS_AREAS, promptFileFor, type FocusArea, type FocusAreaId } from './focus-areas';
export { focusNamedBy, focusRequestOf, type FocusRequest } from './focus-request';
export { focusPrompt, PROMPT_FILES, SYSTEM_PROMPT } from './prompts';
export { CHAT_MESSAGE_EMPTY, CHAT_MESSAGE_MAX, CHAT_MESSAGE_TOO_LONG, validateChatMessage, type ChatValidation } from './chat-validation';
export { TRANSCRIPT_MESSAGE_SCHEMA } from './transcript-schema';
export { ANALYST_TOOLS, TOOL_NAMES, invokeTool } from './tools';

/** The analyst for a configuration: the model analyst, or the offline one. */
export function createAnalyst(config: AnalystConfig): Analyst {
  const analyst = config.kind === 'model' ? createModelAnalyst(config) : createOfflineAnalyst();
  return {
    // A message that only names a focus card (the web app sends its title) runs that card's
    // focused analysis, not a comprehensive one with the title as a question.
    narrate: (input) => analyst.narrate({ ...input, ...focusRequestOf(input.focus, input.question) }),
    answer: (input) => analyst.answer(input),
  };
}
