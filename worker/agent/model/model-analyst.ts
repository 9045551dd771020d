/**
 * The model analyst: a language model (Workers AI or an OpenAI-compatible server)
 * calls the shared tools and writes the narrative; the numbers guard checks its
 * figures. If the model fails, the offline analyst writes the narrative instead and a
 * system message says the AI narrative was unavailable.
 */
import type { ModelMessage } from 'ai';
import type { Analyst, AnswerInput, NarrateInput } from '../analyst';
import type { AnalystConfig } from '../config';
import { FOCUS_AREAS, type FocusAreaId } from '../focus-areas';
import type { TranscriptMessage } from '../messages';
import { answerOffline, narrateOffline } from '../offline/offline-analyst';
import { focusPrompt, SYSTEM_PROMPT } from '../prompts';
import { dataString } from '../tools/tool-kit';
import { Plan, TranscriptWriter } from '../transcript-writer';
import { runCheckedTurn, SinkFailure } from './model-turn';

type ModelConfig = Extract<AnalystConfig, { kind: 'model' }>;

const MODEL_STEPS = [
  'Read the computed results with the tools',
  'Check every figure against the tool results',
  'Write the executive summary',
];

const CHAT_INSTRUCTIONS = `# Chat
The user is asking a follow-up question about this file's results. Use the tools, then answer in a few sentences or a short list. Earlier turns are context only.`;

/** Creates the model analyst for a configured model. */
export function createModelAnalyst(config: ModelConfig): Analyst {
  return {
    narrate: (input) => narrateWithModel(config, input),
    answer: (input) => answerWithModel(config, input),
  };
}

/** Why the model failed, in words safe to show (no provider internals). */
export function failureReason(error: unknown): string {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  if (/timeout|timed out|abort/i.test(text)) return 'the model did not answer in time';
  if (/EmptyAnswer/.test(text)) return 'the model returned no text';
  return 'the model service returned an error';
}

function isCallerAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true || error instanceof SinkFailure;
}

async function narrateWithModel(config: ModelConfig, input: NarrateInput): Promise<void> {
  const focus: FocusAreaId = input.question ? 'comprehensive' : input.focus;
  const prefix = input.idPrefix ?? 'narrate';
  const writer = new TranscriptWriter(input.transcript, prefix);
  const plan = new Plan(writer, MODEL_STEPS, input.completedSteps);
  try {
    input.signal?.throwIfAborted();
    await plan.open();
    const text = await runCheckedTurn({
      model: config.model,
      limits: config.limits,
      writer,
      context: { result: input.result, artifacts: input.artifacts, customerRegions: input.customerRegions, snapshot: input.snapshot },
      instructions: `${SYSTEM_PROMPT}\n\n${focusPrompt(focus)}`,
      messages: [{ role: 'user', content: narrateRequest(input, focus) }],
      userText: input.question ?? '',
      signal: input.signal,
    });
    await plan.advance(0);
    await plan.advance(1);
    await writer.text(text);
    await plan.advance(2);
  } catch (error) {
    if (isCallerAbort(error, input.signal)) throw error;
    await writer.system(
      `The AI narrative was unavailable (${failureReason(error)}), so the offline analyst wrote this analysis from the same computed results.`,
    );
    await narrateOffline({ ...input, idPrefix: `${prefix}-offline` });
  }
}

function narrateRequest(input: NarrateInput, focus: FocusAreaId): string {
  const title = FOCUS_AREAS.find((area) => area.id === focus)?.title ?? focus;
  const file = JSON.stringify(dataString(input.result.dataset.fileName));
  const question = input.question
    ? `\nThe user also asked this question; answer it in a section "Your question" after the report: ${JSON.stringify(input.question)}`
    : '';
  return `Analyse the uploaded file ${file} with the focus "${title}". Read the results with the tools first, then write the report.${question}`;
}

async function answerWithModel(config: ModelConfig, input: AnswerInput): Promise<void> {
  const prefix = input.idPrefix ?? `chat-${input.history.length}`;
  const writer = new TranscriptWriter(input.transcript, prefix);
  try {
    input.signal?.throwIfAborted();
    const text = await runCheckedTurn({
      model: config.model,
      limits: config.limits,
      writer,
      context: { result: input.result, artifacts: input.artifacts, customerRegions: input.customerRegions, snapshot: input.snapshot },
      instructions: `${SYSTEM_PROMPT}\n\n${CHAT_INSTRUCTIONS}`,
      messages: [...historyMessages(input.history, input.question, config.limits.historyChars), { role: 'user', content: input.question }],
      userText: input.question,
      signal: input.signal,
    });
    await writer.text(text);
  } catch (error) {
    if (isCallerAbort(error, input.signal)) throw error;
    await writer.system(
      `The AI answer was unavailable (${failureReason(error)}), so the offline analyst answered from the same computed results.`,
    );
    await answerOffline({ ...input, idPrefix: `${prefix}-offline` });
  }
}

/** The text of a transcript message as a chat turn, or null for tool traffic and notes. */
function turnOf(message: TranscriptMessage): ModelMessage | null {
  if (message.kind === 'system') return null;
  const role = message.kind === 'user' ? 'user' : 'assistant';
  const text =
    typeof message.content === 'string'
      ? message.content
      : message.content.message_data.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');
  return text.trim() ? { role, content: text.trim() } : null;
}

/**
 * Earlier chat as model messages, newest kept first until `maxChars`; the current
 * question is dropped if the caller already appended it to the history.
 */
export function historyMessages(history: readonly TranscriptMessage[], question: string, maxChars: number): ModelMessage[] {
  const turns = history.map(turnOf).filter((turn): turn is ModelMessage => turn !== null);
  const last = turns[turns.length - 1];
  if (last?.role === 'user' && last.content === question.trim()) turns.pop();
  const kept: ModelMessage[] = [];
  let used = 0;
  for (let i = turns.length - 1; i >= 0; i--) {
    const length = String(turns[i].content).length;
    if (used + length > maxChars) break;
    kept.unshift(turns[i]);
    used += length;
  }
  // Start on a user turn so providers that require alternation accept the list.
  while (kept.length > 0 && kept[0].role !== 'user') kept.shift();
  return kept;
}
